import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { storeWith, tempDir, testLead } from '../../test/helpers';
import { openSqlite } from './binding';
import { DATABASE_FILE, openDatabase } from './connection';
import { migrations } from './migrations';
import { eraseLead, leadStats } from './leads';

const lead = testLead;

test('erase removes the lead, its submissions, outbox rows and idempotency keys, and leaves no trace in the files', async () => {
  const secret = 'erase-me.please@example.com';
  const { dataDir, store } = await storeWith(
    [
      [lead(secret, 'Quillon'), 'key-1'],
      [lead(secret, 'Quillon')],
      [lead('stays@example.com', 'Stays'), 'key-2'],
    ],
    { webhook: true, email: false, tool: false },
  );
  const erased = eraseLead(store.db, ` ${secret.toUpperCase()} `);
  expect(erased).toEqual({ leads: 1, submissions: 2, pendingDeliveries: 2 });
  const counts = store.db
    .prepare(
      'SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM submissions) AS submissions, (SELECT count(*) FROM outbox) AS outbox, (SELECT count(*) FROM submissions WHERE idempotency_key IS NOT NULL) AS keys',
    )
    .get();
  expect(counts).toEqual({ leads: 1, submissions: 1, outbox: 1, keys: 1 });
  // The raw bytes of the database and its WAL and shared-memory files, while still open and after closing.
  const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`];
  const contents = () =>
    files.map((file) => {
      try {
        return readFileSync(join(dataDir, file)).toString('latin1');
      } catch {
        return '';
      }
    });
  for (const content of contents()) {
    expect(content).not.toContain('erase-me');
    expect(content).not.toContain('Quillon');
  }
  expect(contents().join('')).toContain('stays@example.com');
  await store.close();
  for (const content of contents()) expect(content).not.toContain('erase-me');
});

test('erase of an unknown address changes nothing', async () => {
  const { store } = await storeWith([[lead('ana@example.com', 'Ana')]]);
  expect(eraseLead(store.db, 'nobody@example.com')).toEqual({ leads: 0, submissions: 0, pendingDeliveries: 0 });
  expect(leadStats(store.db).leads).toBe(1);
  await store.close();
});

test('stats count leads, submissions and the delivery backlog', async () => {
  const routing = { webhook: true, email: false, tool: false };
  const { store } = await storeWith([[lead('a@example.com', 'A')], [lead('b@example.com', 'B')]], routing);
  await store.leads.submit({ lead: lead('a@example.com', 'A'), routing });
  store.db.prepare("UPDATE outbox SET state = 'delivered' WHERE id = 1").run();
  const stats = leadStats(store.db, Date.now() + 60_000);
  expect(stats).toMatchObject({
    leads: 2,
    submissions: 3,
    submissionsLast24h: 3,
    outbox: { pending: 2, delivered: 1, gone: 0, expired: 0, oldestPendingAgeMs: expect.any(Number) },
  });
  await store.close();
});

test('erase works on the stored form of the address: an address stored with a hidden character before the policy takes that form at upgrade, and the plain one erases it', async () => {
  // As an older version stored it: the schema of migrations 1-5, the zero-width space kept.
  const dataDir = tempDir();
  const older = openSqlite(join(dataDir, DATABASE_FILE));
  for (const sql of migrations.slice(0, 5)) older.exec(sql);
  older.pragma('user_version = 5');
  const insert = older.prepare('INSERT INTO submissions (public_id, email, first_name, ratings, submitted_at) VALUES (?, ?, ?, ?, ?)');
  insert.run('pub-1', 'bi-20\u200b@example.com', 'Ana', '111222333', 1000);
  insert.run('pub-2', 'bi-21@example.com', 'Bo', '111222333', 2000);
  older.close();

  const db = openDatabase(dataDir);
  expect(db.prepare('SELECT email FROM submissions ORDER BY email').pluck().all()).toEqual(['bi-20@example.com', 'bi-21@example.com']);
  expect(eraseLead(db, ' BI-20@Example.com ')).toEqual({ leads: 1, submissions: 1, pendingDeliveries: 0 });
  expect(eraseLead(db, 'bi-21\u2060@example.com')).toEqual({ leads: 1, submissions: 1, pendingDeliveries: 0 });
  expect(leadStats(db).leads).toBe(0);
  db.close();
});
