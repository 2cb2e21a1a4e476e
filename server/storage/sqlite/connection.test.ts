import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { storeWith, testLead } from '../../test/helpers';
import { openSqlite } from './binding';
import { backupDatabase, truncateWal } from './connection';

const lead = testLead;

test('backup writes a consistent copy to a new file, and never overwrites one', async () => {
  const { dataDir, store } = await storeWith([[lead('a@example.com', 'A')], [lead('b@example.com', 'B')]]);
  const target = join(dataDir, 'backup.db');
  backupDatabase(store.db, target);
  const copy = openSqlite(target, { readonly: true });
  expect(copy.prepare('SELECT count(*) AS n FROM leads').get()).toEqual({ n: 2 });
  expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
  copy.close();
  expect(() => backupDatabase(store.db, target)).toThrow(/already exists/);
  await store.close();
});

describe('emptying the WAL after an erase waits out another connection’s checkpoint, for up to a second', () => {
  /** A connection that answers busy `busyTimes` times, each answer taking `answerMs` on the clock, then empties the WAL. */
  const connection = (busyTimes: number, answerMs: number, clock: { ms: number }) => {
    let calls = 0;
    return {
      get calls() {
        return calls;
      },
      pragma: (sql: string) => {
        expect(sql).toBe('wal_checkpoint(TRUNCATE)');
        calls += 1;
        clock.ms += answerMs;
        return [{ busy: calls <= busyTimes ? 1 : 0, log: 0, checkpointed: 0 }];
      },
    };
  };
  test.each([
    { case: 'nothing in the way', busyTimes: 0, answerMs: 0, emptied: true, calls: 1 },
    { case: 'the lead thread checkpointing for 30 ms', busyTimes: 3, answerMs: 0, emptied: true, calls: 4 },
    { case: 'a checkpoint in the way for 0.9 s', busyTimes: 90, answerMs: 0, emptied: true, calls: 91 },
    { case: 'in the way for longer than a second', busyTimes: 1_000, answerMs: 0, emptied: false, calls: 101 },
    { case: 'a reader holding the WAL past the busy timeout', busyTimes: 1_000, answerMs: 1_000, emptied: false, calls: 1 },
  ])('$case: emptied $emptied after $calls tries', ({ busyTimes, answerMs, emptied, calls }) => {
    const clock = { ms: 0 };
    const db = connection(busyTimes, answerMs, clock);
    expect(truncateWal(db, { now: () => clock.ms, pause: (ms) => (clock.ms += ms) })).toBe(emptied);
    expect(db.calls).toBe(calls);
  });

  test('on a real file the WAL is empty afterwards', async () => {
    const { store } = await storeWith([[lead('a@example.com', 'A')]]);
    expect(truncateWal(store.db)).toBe(true);
    expect(store.db.pragma('wal_checkpoint(PASSIVE)')).toEqual([{ busy: 0, log: 0, checkpointed: 0 }]);
    await store.close();
  });
});
