import { join } from 'node:path';
import { expect, test } from 'vitest';
import { tempDir } from '../../test/helpers';
import { normalizeEmail } from '../email';
import type { Submission } from '../storage';
import { openSqlite, type SqliteDatabase } from './binding';
import { DATABASE_FILE, openDatabase } from './connection';
import { migrate } from './connection';
import { migrations } from './migrations';
import { SqliteStorage } from './storage';
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
  expect(db.prepare('SELECT o.message_id, s.public_id FROM outbox o JOIN submissions s ON s.id = o.submission_id ORDER BY o.id').all()).toEqual([
    { message_id: 'msg_1', public_id: 'pub-1' },
    { message_id: 'msg_3', public_id: 'pub-3' },
  ]);
  db.prepare('DELETE FROM submissions WHERE email = ?').run('ana@example.com');
  expect(db.prepare('SELECT count(*) AS n FROM outbox').get()).toEqual({ n: 0 });
  db.close();
});

test('a retry with a key stored before the migration gets the first answer back', () => {
  const db = openDatabase(firstReleaseDatabase());
  const write = batchWriter(db);
  const retry: Submission = { lead: { email: 'Ana@Example.com', firstName: 'Ana Maria', ratings: [2, 2, 2, 2, 2, 2, 2, 2, 1] }, idempotencyKey: 'key-3', now: 4000 };
  expect(write([retry])).toEqual([{ kind: 'stored', id: 'pub-3', replayed: true, mail: 'off', queued: [] }]);
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

/** The whole schema as SQLite describes it: every object's SQL, every table's columns, every index's columns. */
function schemaOf(db: SqliteDatabase) {
  const objects = db
    .prepare<[], { type: string; name: string; tbl_name: string; sql: string | null }>(
      "SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name",
    )
    .all();
  const columns = objects.filter((object) => object.type !== 'index').map((object) => [object.name, db.pragma(`table_xinfo(${object.name})`)]);
  const indexes = objects.filter((object) => object.type === 'index').map((object) => [object.name, db.pragma(`index_xinfo(${object.name})`)]);
  return { objects, columns, indexes };
}

const zeroWidthSpace = '\u200b';

/**
 * A database as release N of the schema (user_version N) left it, with rows in it: two people (one
 * with two submissions, one address stored with a hidden character before migration 6), their
 * deliveries and, from migration 4 on, the coach's side. Built from the first N migrations, whose
 * text server/storage/migrations.test.ts holds frozen.
 */
function releasedDatabase(version: number): string {
  const dataDir = tempDir();
  const db = openSqlite(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  // Migration 6 calls the app's stored form of an address, as migrate() provides it.
  db.function('normalize_email', (stored) => normalizeEmail(String(stored)));
  for (const sql of migrations.slice(0, version)) db.exec(sql);
  db.pragma(`user_version = ${version}`);
  const ana = version < 6 ? `ana${zeroWidthSpace}@example.com` : 'ana@example.com';
  if (version === 1) {
    db.exec(`
      INSERT INTO leads (id, email, first_name, ratings, created_at, updated_at) VALUES
        (1, 'ana@example.com', 'Ana Maria', '222222221', 1000, 3000), (2, 'ben@example.com', 'Ben', '333333333', 2000, 2000);
      INSERT INTO submissions (id, public_id, lead_id, first_name, ratings, submitted_at) VALUES
        (1, 'pub-1', 1, 'Ana', '111111111', 1000), (2, 'pub-2', 2, 'Ben', '333333333', 2000), (3, 'pub-3', 1, 'Ana Maria', '222222221', 3000);
      INSERT INTO idempotency_keys (key, fingerprint, submission_id, public_id, created_at) VALUES ('key-3', 'fp', 3, 'pub-3', 3000);
    `);
  } else {
    const insert = db.prepare('INSERT INTO submissions (id, public_id, email, first_name, ratings, submitted_at, idempotency_key) VALUES (?, ?, ?, ?, ?, ?, ?)');
    insert.run(1, 'pub-1', ana, 'Ana', '111111111', 1000, null);
    insert.run(2, 'pub-2', 'ben@example.com', 'Ben', '333333333', 2000, null);
    insert.run(3, 'pub-3', ana, 'Ana Maria', '222222221', 3000, 'key-3');
  }
  db.exec("INSERT INTO outbox (webhook_id, submission_id, created_at, next_attempt_at) VALUES ('msg_1', 1, 1000, 1000), ('msg_3', 3, 3000, 3000)");
  if (version >= 3) db.exec("UPDATE submissions SET consent_version = '57fc5c7d9fd7a995', consent_wording = 'The notice.', marketing_consent = 1 WHERE id = 3");
  if (version >= 4) {
    db.exec(`
      INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, 'scrypt$hash', 500);
      INSERT INTO coach_sessions (token_hash, created_at, last_seen_at, expires_at) VALUES ('token-hash', 500, 500, 99999999999999);
      INSERT INTO audit_log (at, action, actor, session_id) VALUES (500, 'password_set', 'command line', NULL);
      INSERT INTO funnel_sources (id, utm_source, utm_medium, utm_campaign, referrer_host) VALUES (1, 'news', '', '', '');
      INSERT INTO funnel_daily (day, step, source_id, count) VALUES ('1970-01-01', 'landing', 1, 7);
      INSERT INTO funnel_daily_totals (day, step, count) VALUES ('1970-01-01', 'landing', 7);
      INSERT INTO funnel_monthly (month, step, source_id, count) VALUES ('1970-01', 'landing', 1, 7);
    `);
  }
  if (version >= 5) db.exec("UPDATE outbox SET lease = 'a-round', next_attempt_at = 61000 WHERE webhook_id = 'msg_3'");
  if (version >= 7) {
    db.exec(`
      INSERT INTO settings (key, value, updated_at) VALUES ('coachName', '"Dana"', 600), ('coachPhoto', '{"hash":"${'c'.repeat(64)}"}', 700);
      INSERT INTO settings_pictures (hash, content_type, bytes, created_at) VALUES ('${'c'.repeat(64)}', 'image/png', x'89504e47', 700);
      UPDATE settings_revision SET revision = 2;
    `);
  }
  db.close();
  return dataDir;
}

test.each([1, 2, 3, 4, 5, 6, 12])('a database at released schema %i, with rows in it, migrates to exactly the schema of a new one and keeps its rows', async (version) => {
  const fresh = openDatabase(tempDir());
  const expected = schemaOf(fresh);
  fresh.close();

  const storage = SqliteStorage.open(releasedDatabase(version), { now: () => 4000 });
  try {
    expect(storage.db.pragma('user_version', { simple: true })).toBe(migrations.length);
    expect(schemaOf(storage.db)).toEqual(expected);
    expect(storage.db.pragma('foreign_key_check')).toEqual([]);
    // Every person and delivery is still there, each address in its stored form.
    expect(await storage.dashboard.leadStats(4000)).toMatchObject({ leads: 2, submissions: 3, outbox: { pending: 2 } });
    const { leads } = await storage.dashboard.listLeads({ q: '', cursor: null, limit: 10, fromMs: null, toMs: null });
    expect(leads.map((lead) => [lead.email, lead.firstName])).toEqual([
      ['ana@example.com', 'Ana Maria'],
      ['ben@example.com', 'Ben'],
    ]);
    // The profile aggregate is built from the rows the database held (the server asks at start-up).
    await storage.funnel.useProfileTimeZone('UTC');
    expect((await storage.funnel.readProfileTotals('1970-01-01', '1970-01-01')).submissions).toBe(3);
    // A retry with a key stored before the upgrade gets the first answer back.
    expect(await storage.leads.submit({ lead: { email: 'Ana@Example.com', firstName: 'Ana Maria', ratings: [2, 2, 2, 2, 2, 2, 2, 2, 1] }, idempotencyKey: 'key-3' })).toEqual({
      kind: 'stored',
      id: 'pub-3',
      replayed: true,
      mail: 'off',
      queued: [],
    });
    if (version >= 4) {
      expect(await storage.sessions.readPasswordHash()).toBe('scrypt$hash');
      expect((await storage.audit.list(null, 10)).entries).toHaveLength(1);
      expect(await storage.sessions.byTokenHash('token-hash')).toMatchObject({ createdAt: 500 });
    }
    if (version >= 7) {
      // The settings in force become the history's first version, their picture kept with it.
      const values = { coachName: '"Dana"', coachPhoto: `{"hash":"${'c'.repeat(64)}"}` };
      expect(await storage.settings.listVersions(null, 10)).toEqual([{ revision: 2, at: 700, values, who: null, action: null, restoredFrom: null }]);
      await storage.settings.writeSettings({ changes: { coachName: null, coachPhoto: null }, audit: { action: 'settings_changed', who: { actor: 'command line' }, fields: [] }, now: 800 });
      expect(await storage.settings.restoreVersion({ revision: 2, who: { actor: 'command line' }, now: 900 })).toBe(4);
      expect((await storage.settings.readSettings()).values).toEqual(values);
      expect(await storage.settings.readPicture('c'.repeat(64))).not.toBeNull();
    }
  } finally {
    await storage.close();
  }
});
