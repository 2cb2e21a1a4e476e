import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test, vi } from 'vitest';
import type { Lead } from '../../../src/shared/lead';
import { tempDir } from '../../test/helpers';
import { openSqlite, type SqliteDatabase } from './binding';
import { DATABASE_FILE } from './connection';
import { migrations } from './migrations';
import { SqliteStorage } from './storage';

const stores: SqliteStorage[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function openStore(dataDir = tempDir()): SqliteStorage {
  const store = SqliteStorage.open(dataDir, {});
  stores.push(store);
  return store;
}

const lead = (index: number, overrides: Partial<Lead> = {}): Lead => ({
  email: `person${index}@example.net`,
  firstName: `Person ${index}`,
  ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3],
  ...overrides,
});

const count = (store: SqliteStorage, table: string) =>
  (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

test('the database is in WAL mode with full synchronous writes and the latest schema, private to its user', () => {
  const dataDir = tempDir();
  const store = openStore(dataDir);
  expect(statSync(join(dataDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
  expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
  expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.length);
});

test('concurrent submissions are all stored, in one shared transaction', async () => {
  const store = openStore();
  const results = await Promise.all(Array.from({ length: 200 }, (_, index) => store.submit({ lead: lead(index) })));
  expect(results.every((result) => result.kind === 'stored' && !result.replayed)).toBe(true);
  expect(new Set(results.map((result) => (result.kind === 'stored' ? result.id : ''))).size).toBe(200);
  expect(count(store, 'leads')).toBe(200);
  expect(count(store, 'submissions')).toBe(200);
  // All 200 were queued in the same turn of the event loop, so one commit (one fsync) stored them.
  expect(store.metrics).toEqual({ flushes: 1, submissions: 200 });
});

test('a flush whose transaction fails rejects every submission in it and stores none of them', async () => {
  const store = openStore();
  const good = [0, 1, 2, 3].map((index) => store.submit({ lead: lead(index) }));
  // Eight ratings cannot come through the API; here it makes the database refuse the whole batch.
  const bad = store.submit({ lead: lead(4, { ratings: [1, 2, 3, 1, 2, 3, 1, 2] as unknown as Lead['ratings'] }) });
  const settled = await Promise.allSettled([...good, bad]);
  expect(settled.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected', 'rejected', 'rejected', 'rejected']);
  expect(count(store, 'leads')).toBe(0);
  expect(count(store, 'submissions')).toBe(0);
  // The next batch is unaffected.
  expect(await store.submit({ lead: lead(5) })).toMatchObject({ kind: 'stored' });
  expect(count(store, 'submissions')).toBe(1);
});

test('no transaction holds more than the batch cap; the rest follow at once', async () => {
  const store = SqliteStorage.open(tempDir(), { batchCap: 3 });
  stores.push(store);
  await Promise.all([0, 1, 2, 3, 4, 5, 6].map((index) => store.submit({ lead: lead(index) })));
  expect(store.metrics).toEqual({ flushes: 3, submissions: 7 });
  expect(count(store, 'submissions')).toBe(7);
});

test('submissions made in one turn of the event loop share one commit; later ones share the next', async () => {
  const store = openStore();
  const first = store.submit({ lead: lead(0) });
  await new Promise((resolve) => setImmediate(resolve)); // the first one is committed now
  const later = Array.from({ length: 50 }, (_, index) => store.submit({ lead: lead(index + 1) }));
  await Promise.all([first, ...later]);
  expect(store.metrics).toEqual({ flushes: 2, submissions: 51 });
});

test('the same Idempotency-Key within one batch and across batches stores once and answers the same', async () => {
  const store = openStore();
  const sameBatch = await Promise.all([store.submit({ lead: lead(1), idempotencyKey: 'key-a' }), store.submit({ lead: lead(1), idempotencyKey: 'key-a' })]);
  const nextBatch = await store.submit({ lead: lead(1), idempotencyKey: 'key-a' });
  expect(sameBatch[0]).toMatchObject({ kind: 'stored', replayed: false });
  expect(sameBatch[1]).toEqual({ ...sameBatch[0], replayed: true });
  expect(nextBatch).toEqual({ ...sameBatch[0], replayed: true });
  expect(count(store, 'submissions')).toBe(1);
  expect(await store.submit({ lead: lead(1, { firstName: 'Someone else' }), idempotencyKey: 'key-a' })).toEqual({ kind: 'key_conflict' });
  expect(count(store, 'submissions')).toBe(1);
});

test('an Idempotency-Key is remembered across restarts', async () => {
  const dataDir = tempDir();
  const first = openStore(dataDir);
  const stored = await first.submit({ lead: lead(1), idempotencyKey: 'key-b' });
  await first.close();
  const second = openStore(dataDir);
  expect(await second.submit({ lead: lead(1), idempotencyKey: 'key-b' })).toEqual({ ...stored, replayed: true });
  expect(count(second, 'submissions')).toBe(1);
});

test('with a webhook configured each new submission gets an outbox row in the same transaction', async () => {
  const store = openStore(tempDir());
  const routing = { webhook: true, email: false };
  await Promise.all([store.submit({ lead: lead(1), idempotencyKey: 'k1', routing }), store.submit({ lead: lead(1), idempotencyKey: 'k1', routing }), store.submit({ lead: lead(2), routing })]);
  expect(count(store, 'outbox')).toBe(2);
});

test('closing stores what is still queued, then refuses new submissions', async () => {
  const store = openStore();
  const queued = store.submit({ lead: lead(1) });
  const closed = store.close();
  expect(await queued).toMatchObject({ kind: 'stored' });
  await expect(store.submit({ lead: lead(2) })).rejects.toThrow(/closed/);
  await closed;
  const reopened = openStore(store.db.name.replace(`/${DATABASE_FILE}`, ''));
  expect(count(reopened, 'submissions')).toBe(1);
});

test('a database from a newer version of the app is refused rather than damaged', async () => {
  const dataDir = tempDir();
  await openStore(dataDir).close();
  const raw = openSqlite(join(dataDir, DATABASE_FILE));
  raw.pragma(`user_version = ${migrations.length + 1}`);
  raw.close();
  expect(() => openStore(dataDir)).toThrow(/newer/);
});

test('under steady load the WAL file stays a few megabytes: it is checkpointed and reused from its start', async () => {
  const dataDir = tempDir();
  const store = openStore(dataDir);
  // 400 turns of 50 leads write about 14 MB of WAL frames in all.
  for (let turn = 0; turn < 400; turn += 1) {
    await Promise.all(Array.from({ length: 50 }, (_, index) => store.submit({ lead: lead(turn * 50 + index) })));
  }
  expect(count(store, 'submissions')).toBe(20_000);
  expect(statSync(join(dataDir, `${DATABASE_FILE}-wal`)).size).toBeLessThan(6_000_000);
});

test('committed leads reach the database file itself within a few seconds, without waiting for a restart', async () => {
  const dataDir = tempDir();
  const store = openStore(dataDir);
  await store.submit({ lead: lead(1, { email: 'checkpointed@example.net' }) });
  const inMainFile = () => readFileSync(join(dataDir, DATABASE_FILE)).toString('latin1').includes('checkpointed@example.net');
  expect(inMainFile()).toBe(false); // still only in the WAL
  const deadline = Date.now() + 5_000;
  while (!inMainFile() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  expect(inMainFile()).toBe(true);
});

/** A second connection, as the coach's `erase` would open, holding the write lock. */
function holdWriteLock(store: SqliteStorage): SqliteDatabase {
  const other = openSqlite(store.db.name);
  other.exec('BEGIN IMMEDIATE');
  return other;
}

test('while another process holds the write lock, submissions wait without holding up the event loop, then are stored', async () => {
  const store = openStore();
  const other = holdWriteLock(store);
  let settled = false;
  const submitted = store.submit({ lead: lead(1) }).finally(() => (settled = true));
  const started = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(Date.now() - started).toBeLessThan(1_000); // the loop ran the timer: it is not sleeping on the lock
  expect(settled).toBe(false);
  other.exec('COMMIT');
  other.close();
  expect(await submitted).toMatchObject({ kind: 'stored' });
  expect(count(store, 'submissions')).toBe(1);
});

test('a write lock held elsewhere for 5 seconds fails the waiting submissions; the next ones are stored', async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'setImmediate', 'Date'] });
  try {
    const store = openStore();
    const other = holdWriteLock(store);
    let outcome = 'waiting';
    const waiting = store.submit({ lead: lead(1) }).then(
      () => (outcome = 'stored'),
      (error: Error) => (outcome = error.message),
    );
    await vi.advanceTimersByTimeAsync(4_900);
    expect(outcome).toBe('waiting');
    await vi.advanceTimersByTimeAsync(200);
    await waiting;
    expect(outcome).toMatch(/stayed locked/);
    other.exec('ROLLBACK');
    other.close();
    const next = store.submit({ lead: lead(2) });
    await vi.advanceTimersByTimeAsync(1);
    expect(await next).toMatchObject({ kind: 'stored' });
    expect(count(store, 'submissions')).toBe(1);
  } finally {
    vi.useRealTimers();
  }
});
