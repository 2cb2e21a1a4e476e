import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../../test/helpers';
import type { Submission } from '../storage';
import { openSqlite } from './binding';
import { DATABASE_FILE, openDatabase } from './connection';
import { migrate, migrations } from './migrations';
import { batchWriter } from './submissions';

/** A database as the first release of the app left it: schema 1, with leads, keys and outbox rows. */
function firstReleaseDatabase(): string {
  const dataDir = tempDir();
  const db = openSqlite(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  db.exec(migrations[0] ?? '');
  db.pragma('user_version = 1');
  db.exec(`
    INSERT INTO leads (id, email, first_name, ratings, created_at, updated_at) VALUES
      (1, 'ana@example.com', 'Ana Maria', '222222221', 1000, 3000),
      (2, 'ben@example.com', 'Ben', '333333333', 2000, 2000);
    INSERT INTO submissions (id, public_id, lead_id, first_name, ratings, submitted_at) VALUES
      (1, 'pub-1', 1, 'Ana', '111111111', 1000),
      (2, 'pub-2', 2, 'Ben', '333333333', 2000),
      (3, 'pub-3', 1, 'Ana Maria', '222222221', 3000);
    INSERT INTO idempotency_keys (key, fingerprint, submission_id, public_id, created_at) VALUES
      ('key-3', 'fp', 3, 'pub-3', 3000);
    INSERT INTO outbox (webhook_id, submission_id, created_at, next_attempt_at) VALUES
      ('msg_1', 1, 1000, 1000), ('msg_3', 3, 3000, 3000);
  `);
  db.close();
  return dataDir;
}

test('migration 2 keeps every submission, key and delivery of a first-release database', () => {
  const db = openDatabase(firstReleaseDatabase());
  expect(db.pragma('user_version', { simple: true })).toBe(migrations.length);
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  expect(db.pragma('foreign_key_check')).toEqual([]);
  expect(db.prepare('SELECT id, public_id, email, first_name, ratings, submitted_at, idempotency_key FROM submissions ORDER BY id').all()).toEqual([
    { id: 1, public_id: 'pub-1', email: 'ana@example.com', first_name: 'Ana', ratings: '111111111', submitted_at: 1000, idempotency_key: null },
    { id: 2, public_id: 'pub-2', email: 'ben@example.com', first_name: 'Ben', ratings: '333333333', submitted_at: 2000, idempotency_key: null },
    { id: 3, public_id: 'pub-3', email: 'ana@example.com', first_name: 'Ana Maria', ratings: '222222221', submitted_at: 3000, idempotency_key: 'key-3' },
  ]);
  // The view answers as the old table did: latest name and profile, first and last time.
  expect(db.prepare('SELECT email, first_name, ratings, created_at, updated_at, submissions FROM leads ORDER BY email').all()).toEqual([
    { email: 'ana@example.com', first_name: 'Ana Maria', ratings: '222222221', created_at: 1000, updated_at: 3000, submissions: 2 },
    { email: 'ben@example.com', first_name: 'Ben', ratings: '333333333', created_at: 2000, updated_at: 2000, submissions: 1 },
  ]);
  // The outbox still points at its submissions, and deleting a person still takes their deliveries.
  expect(db.prepare('SELECT o.webhook_id, s.public_id FROM outbox o JOIN submissions s ON s.id = o.submission_id ORDER BY o.id').all()).toEqual([
    { webhook_id: 'msg_1', public_id: 'pub-1' },
    { webhook_id: 'msg_3', public_id: 'pub-3' },
  ]);
  db.prepare('DELETE FROM submissions WHERE email = ?').run('ana@example.com');
  expect(db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
  db.close();
});

test('a retry with a key stored before the migration gets the first answer back', () => {
  const db = openDatabase(firstReleaseDatabase());
  const write = batchWriter(db, { outbox: false });
  const retry: Submission = { lead: { email: 'Ana@Example.com', firstName: 'Ana Maria', ratings: [2, 2, 2, 2, 2, 2, 2, 2, 1] }, idempotencyKey: 'key-3', now: 4000 };
  expect(write([retry])).toEqual([{ kind: 'stored', id: 'pub-3', replayed: true }]);
  expect(write([{ ...retry, lead: { ...retry.lead, firstName: 'Someone Else' } }])).toEqual([{ kind: 'key_conflict' }]);
  expect(db.prepare('SELECT count(*) AS n FROM submissions').get()).toEqual({ n: 3 });
  db.close();
});

test('a migration that would break a foreign key stores nothing and leaves the version alone', () => {
  const db = openSqlite(join(tempDir(), DATABASE_FILE));
  db.pragma('foreign_keys = OFF');
  db.exec(migrations[0] ?? '');
  db.pragma('user_version = 1');
  // An outbox row whose submission is gone (only possible with foreign keys off).
  db.exec("INSERT INTO outbox (webhook_id, submission_id, created_at, next_attempt_at) VALUES ('msg_orphan', 99, 0, 0)");
  db.pragma('foreign_keys = ON');
  expect(() => migrate(db)).toThrow(/foreign key/);
  expect(db.pragma('user_version', { simple: true })).toBe(1);
  expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
  expect(db.prepare("SELECT count(*) AS n FROM sqlite_schema WHERE name = 'idempotency_keys'").get()).toEqual({ n: 1 });
  db.close();
});
