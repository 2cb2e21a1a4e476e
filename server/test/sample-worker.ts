/** A storage-like worker for server/storage/worker-calls.test.ts: adds, fails with a code, or blocks its thread. */
import { serveCalls } from '../storage/worker-calls';

export type SampleOps = {
  add(a: number, b: number): number;
  fail(code: string): never;
  /** Blocks the thread itself for `ms` (as a stalled disk would), then answers. */
  block(ms: number): string;
};

serveCalls<{ refuse: boolean }>(({ refuse }) => {
  if (refuse) throw Object.assign(new Error('DATA_DIR cannot be written'), { code: 'EACCES' });
  const ops: SampleOps = {
    add: (a, b) => a + b,
    fail: (code) => {
      throw Object.assign(new Error('database is locked'), { code });
    },
    block: (ms) => {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
      return 'done';
    },
  };
  return ops;
});
