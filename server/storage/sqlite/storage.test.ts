import { statSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import type { Lead } from '../../../src/shared/lead';
import { tempDir } from '../../test/helpers';
import { openSqlite } from './binding';
import { DATABASE_FILE } from './connection';
import { migrations } from './migrations';
import { SqliteStorage } from './storage';

const stores: SqliteStorage[] = [];
afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
});

function openStore(dataDir = tempDir()): SqliteStorage {
  const store = SqliteStorage.open(dataDir);
  stores.push(store);
  return store;
}

const lead = (index: number): Lead => ({ email: `person${index}@example.net`, firstName: `Person ${index}`, ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] });

const count = (store: SqliteStorage, table: string) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

test('the database is in WAL mode with full synchronous writes and the latest schema, private to its user', () => {
  const dataDir = tempDir();
  const store = openStore(dataDir);
  expect(statSync(join(dataDir, DATABASE_FILE)).mode & 0o777).toBe(0o600);
  expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
  expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
  expect(store.db.pragma('user_version', { simple: true })).toBe(migrations.length);
});

test('an Idempotency-Key is remembered across restarts', async () => {
  const dataDir = tempDir();
  const first = openStore(dataDir);
  const stored = await first.leads.submit({ lead: lead(1), idempotencyKey: 'key-b' });
  await first.close();
  const second = openStore(dataDir);
  expect(await second.leads.submit({ lead: lead(1), idempotencyKey: 'key-b' })).toEqual({ ...stored, replayed: true, queued: [] });
  expect(count(second, 'submissions')).toBe(1);
});

test('a database from a newer version of the app is refused rather than damaged', async () => {
  const dataDir = tempDir();
  await openStore(dataDir).close();
  const raw = openSqlite(join(dataDir, DATABASE_FILE));
  raw.pragma(`user_version = ${migrations.length + 1}`);
  raw.close();
  expect(() => openStore(dataDir)).toThrow(/newer/);
});
