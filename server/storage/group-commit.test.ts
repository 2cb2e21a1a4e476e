/**
 * The group commit's shared part with a backend part of our own: what the backends rely on. Each
 * backend's own tests store real batches (sqlite/storage.test.ts, contract.test.ts).
 */
import { afterEach, expect, test, vi } from 'vitest';
import { GroupCommit } from './group-commit';
import { StorageBusyError } from './storage';

afterEach(() => {
  vi.useRealTimers();
});

/** A backend part whose batches finish when the test says so. */
function heldBackend() {
  const batches: { items: number[]; finish: () => void; fail: (error: unknown) => void }[] = [];
  const write = (items: number[]) =>
    new Promise<number[]>((resolve, reject) => {
      batches.push({ items, finish: () => resolve(items.map((item) => item * 10)), fail: reject });
    });
  return { batches, write };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

test('what arrives in one turn is one batch; at most maxInFlight batches are written at once, and the next gathers meanwhile', async () => {
  const { batches, write } = heldBackend();
  const commit = new GroupCommit(write, { batchCap: 3, maxInFlight: 2 });
  const first = [1, 2, 3, 4, 5, 6, 7].map((item) => commit.submit(item));
  await turn();
  expect(batches.map((batch) => batch.items)).toEqual([
    [1, 2, 3],
    [4, 5, 6],
  ]);
  const later = commit.submit(8);
  await turn();
  expect(batches).toHaveLength(2);
  batches[0]?.finish();
  await turn();
  // The first batch's place goes to what waited: the rest of the first turn and the later item, up to the cap.
  expect(batches.map((batch) => batch.items)).toEqual([[1, 2, 3], [4, 5, 6], [7, 8]]);
  batches[1]?.finish();
  batches[2]?.finish();
  expect(await Promise.all([...first, later])).toEqual([10, 20, 30, 40, 50, 60, 70, 80]);
  expect(commit.metrics).toEqual({ flushes: 3, submissions: 8 });
});

test('a failed batch rejects every item in it, and only those', async () => {
  const { batches, write } = heldBackend();
  const commit = new GroupCommit(write, { batchCap: 2, maxInFlight: 2 });
  const settled = Promise.allSettled([1, 2, 3].map((item) => commit.submit(item)));
  await turn();
  batches[0]?.fail(new Error('disk full'));
  batches[1]?.finish();
  expect((await settled).map((outcome) => (outcome.status === 'fulfilled' ? outcome.value : String(outcome.reason)))).toEqual([
    'Error: Storing a batch of leads failed: disk full',
    'Error: Storing a batch of leads failed: disk full',
    30,
  ]);
});

test('a busy database puts the batch back and tries again every 5 ms, for 5 s; then its items fail', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'Date'] });
  let attempts = 0;
  let busyFor = 3;
  const busy = Object.assign(new Error('database is locked'), { code: 'BUSY' });
  const commit = new GroupCommit(
    async (items: number[]) => {
      attempts += 1;
      if (busyFor > 0) {
        busyFor -= 1;
        throw busy;
      }
      return items;
    },
    { batchCap: 10, maxInFlight: 1, isBusy: (error) => error === busy },
  );
  const stored = commit.submit(1);
  await vi.advanceTimersByTimeAsync(20);
  expect(await stored).toBe(1);
  expect(attempts).toBe(4);

  busyFor = Infinity;
  let outcome: 'waiting' | Error = 'waiting';
  const failing = commit.submit(2).catch((error: Error) => (outcome = error));
  await vi.advanceTimersByTimeAsync(4_900);
  expect(outcome).toBe('waiting');
  await vi.advanceTimersByTimeAsync(200);
  await failing;
  // Its own kind of failure: the lead route answers it 503 with Retry-After, as a lead not stored in time.
  expect(outcome).toBeInstanceOf(StorageBusyError);
  expect(outcome).toHaveProperty('message', expect.stringMatching(/stayed locked/));
});

test('closing stores what is queued and in flight, then refuses new items', async () => {
  const { batches, write } = heldBackend();
  const commit = new GroupCommit(write, { batchCap: 1, maxInFlight: 1 });
  const items = [commit.submit(1), commit.submit(2)];
  let closed = false;
  const closing = commit.close().then(() => (closed = true));
  await expect(commit.submit(3)).rejects.toThrow(/closed/);
  for (let index = 0; index < 2; index += 1) {
    await turn();
    expect(closed).toBe(false);
    batches[index]?.finish();
  }
  await closing;
  expect(await Promise.all(items)).toEqual([10, 20]);
});
