import { afterEach, expect, test } from 'vitest';
import type { SampleOps } from '../test/sample-worker';
import { StorageTimeoutError, WorkerCalls } from './worker-calls';

const sample = new URL('../test/sample-worker.ts', import.meta.url);
let calls: WorkerCalls<SampleOps> | undefined;
afterEach(async () => {
  await calls?.stop();
  calls = undefined;
});

test('a call runs in the worker and answers; an error keeps its name, message and code', async () => {
  calls = await WorkerCalls.start<SampleOps>(sample, { refuse: false });
  expect(await calls.call('add', [2, 3])).toBe(5);
  await expect(calls.call('fail', ['SQLITE_BUSY'])).rejects.toMatchObject({ message: 'database is locked', code: 'SQLITE_BUSY' });
});

test('a start-up error is the start error', async () => {
  await expect(WorkerCalls.start<SampleOps>(sample, { refuse: true })).rejects.toMatchObject({ message: 'DATA_DIR cannot be written', code: 'EACCES' });
});

test('while the worker thread is blocked, the main thread goes on and a call with a limit fails at the limit', async () => {
  calls = await WorkerCalls.start<SampleOps>(sample, { refuse: false });
  const blocked = calls.call('block', [1_500]);
  const events: string[] = [];
  const late = calls.call('add', [1, 1], 200).then(
    () => events.push('answered'),
    (error: unknown) => events.push(error instanceof StorageTimeoutError ? 'timed out' : 'other error'),
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  events.push('main thread free');
  await late;
  expect(events).toEqual(['main thread free', 'timed out']);
  expect(await blocked).toBe('done');
  // The late call was still done by the worker; its answer is dropped, and later calls work.
  expect(await calls.call('add', [4, 4])).toBe(8);
  expect(calls.waiting).toBe(0);
});

test('a stopped worker fails every call', async () => {
  calls = await WorkerCalls.start<SampleOps>(sample, { refuse: false });
  const pending = calls.call('block', [5_000]);
  await calls.stop();
  await expect(pending).rejects.toThrow(/storage thread stopped/);
  await expect(calls.call('add', [1, 2])).rejects.toThrow(/storage thread stopped/);
  calls = undefined;
});
