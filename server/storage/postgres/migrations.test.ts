/** Postgres migrations: run once however many instances start at the same moment (an advisory lock). */
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { expect, test } from 'vitest';
import { freshPostgres } from '../../test/postgres';
import { PostgresStorage } from './storage';
import { migratePostgres, postgresMigrations } from './migrations';

test('several connections migrating one empty database at once apply each migration exactly once', async () => {
  const { url } = await freshPostgres();
  // Separate pools: separate sessions, as separate instances would have.
  const pools = Array.from({ length: 6 }, () => new pg.Pool({ connectionString: url, max: 1 }));
  try {
    const ran = await Promise.all(pools.map((pool) => migratePostgres(pool)));
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(postgresMigrations.length);
    expect(ran.filter((count) => count > 0)).toHaveLength(1);
    const { rows } = await (pools[0] as pg.Pool).query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(postgresMigrations.map((_, index) => index + 1));
    // And again later: nothing to do.
    expect(await migratePostgres(pools[1] as pg.Pool)).toBe(0);
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
});

test('instances starting together all open the database (migrated once, profile aggregate built once)', async () => {
  const settings = await freshPostgres();
  const storages = await Promise.all(Array.from({ length: 3 }, () => PostgresStorage.open(settings, {})));
  try {
    const [first] = storages;
    if (!first) throw new Error('opened');
    await Promise.all(storages.map((storage) => storage.funnel.useProfileTimeZone('Europe/Berlin')));
    const meta = await first.pool.query('SELECT key, value FROM analytics_meta');
    expect(meta.rows).toEqual([{ key: 'profile_time_zone', value: 'Europe/Berlin' }]);
  } finally {
    await Promise.all(storages.map((storage) => storage.close()));
  }
});

test('a database migrated by a newer version of the app is refused, naming DATABASE_URL but not the password', async () => {
  const settings = await freshPostgres();
  const pool = new pg.Pool({ connectionString: settings.url, max: 1 });
  await migratePostgres(pool);
  await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [postgresMigrations.length + 1]);
  await pool.end();
  const withPassword = { ...settings, url: settings.url.replace('postgres@', 'postgres:hunter2secret@'), safeUrl: settings.url.replace('postgres@', 'postgres:***@') };
  const opening = PostgresStorage.open(withPassword, {});
  await expect(opening).rejects.toThrow(/DATABASE_URL .*newer than this app knows/);
  await expect(opening).rejects.not.toThrow(/hunter2secret/);
});

/** The whole schema as Postgres describes it: columns, constraints, indexes and views. */
async function schemaOf(pool: pg.Pool) {
  const query = async (sql: string) => (await pool.query(sql)).rows;
  return {
    columns: await query(
      `SELECT table_name, column_name, ordinal_position, data_type, is_nullable, column_default, collation_name, is_identity
       FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position`,
    ),
    constraints: await query(
      `SELECT conrelid::regclass::text AS table_name, conname, contype, pg_get_constraintdef(oid) AS definition
       FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY table_name, conname`,
    ),
    indexes: await query("SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname"),
    views: await query("SELECT viewname, definition FROM pg_views WHERE schemaname = 'public' ORDER BY viewname"),
  };
}

test('a database at the released schema 1 (Postgres\'s only migration until the list was shared), with rows in it, migrates to exactly the schema of a new one and keeps its rows', async () => {
  const fresh = await freshPostgres();
  const freshPool = new pg.Pool({ connectionString: fresh.url, max: 1 });
  await migratePostgres(freshPool);
  const expected = await schemaOf(freshPool);
  await freshPool.end();

  // As the released app left it: its runner's table saying version 1, its one migration (frozen as
  // it ran, in server/test/released-schemas/), and rows in every table.
  const settings = await freshPostgres();
  const old = new pg.Pool({ connectionString: settings.url, max: 1 });
  await old.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())');
  await old.query(readFileSync(new URL('../../test/released-schemas/postgres-migration-1.sql', import.meta.url), 'utf8'));
  await old.query('INSERT INTO schema_migrations (version) VALUES (1)');
  await old.query(`
    INSERT INTO submissions (id, public_id, email, first_name, ratings, submitted_at, idempotency_key, consent_version, consent_wording, marketing_consent) VALUES
      (1, 'pub-1', 'ana@example.com', 'Ana', '111111111', 1000, NULL, NULL, NULL, NULL),
      (2, 'pub-2', 'ben@example.com', 'Ben', '333333333', 2000, NULL, NULL, NULL, NULL),
      (3, 'pub-3', 'ana@example.com', 'Ana Maria', '222222221', 3000, 'key-3', '57fc5c7d9fd7a995', 'The notice.', 1);
    SELECT setval(pg_get_serial_sequence('submissions', 'id'), 3);
    INSERT INTO outbox (webhook_id, submission_id, created_at, next_attempt_at, lease) VALUES ('msg_1', 1, 1000, 1000, NULL), ('msg_3', 3, 3000, 61000, 'a-round');
    INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, 'scrypt$hash', 500);
    INSERT INTO coach_sessions (token_hash, created_at, last_seen_at, expires_at) VALUES ('token-hash', 500, 500, 99999999999999);
    INSERT INTO audit_log (at, action, actor, session_id) VALUES (500, 'password_set', 'command line', NULL);
    INSERT INTO funnel_sources (utm_source, utm_medium, utm_campaign, referrer_host) VALUES ('news', '', '', '');
    INSERT INTO funnel_daily (day, step, source_id, count) VALUES ('1970-01-01', 'landing', 1, 7);
    INSERT INTO funnel_daily_totals (day, step, count) VALUES ('1970-01-01', 'landing', 7);
    INSERT INTO funnel_monthly (month, step, source_id, count) VALUES ('1970-01', 'landing', 1, 7);
    INSERT INTO profile_daily (day, shard, submissions, d1_1, d1_2, d1_3) VALUES ('1970-01-01', 3, 3, 1, 1, 1);
    INSERT INTO analytics_meta (key, value) VALUES ('profile_time_zone', 'UTC');
  `);
  await old.end();

  const storage = await PostgresStorage.open(settings, { now: () => 4000 });
  try {
    // Version 1 was the schema SQLite reached with its first six: 2-6 are recorded, with nothing to run.
    const versions = await storage.pool.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(versions.rows.map((row) => row.version)).toEqual(postgresMigrations.map((_, index) => index + 1));
    expect(await schemaOf(storage.pool)).toEqual(expected);
    expect(await storage.dashboard.leadStats(4000)).toMatchObject({ leads: 2, submissions: 3, outbox: { pending: 2 } });
    expect((await storage.funnel.readProfileTotals('1970-01-01', '1970-01-01')).submissions).toBe(3);
    expect(await storage.sessions.readPasswordHash()).toBe('scrypt$hash');
    expect(await storage.sessions.byTokenHash('token-hash')).toMatchObject({ createdAt: 500 });
    expect(await storage.leads.submit({ lead: { email: 'Ana@Example.com', firstName: 'Ana Maria', ratings: [2, 2, 2, 2, 2, 2, 2, 2, 1] }, idempotencyKey: 'key-3' })).toEqual({
      kind: 'stored',
      id: 'pub-3',
      replayed: true,
      mail: 'off',
      queued: [],
    });
    // New rows continue after the old ones.
    await storage.leads.submit({ lead: { email: 'new@example.com', firstName: 'New', ratings: [1, 1, 1, 1, 1, 1, 1, 1, 1] } });
    expect(Number((await storage.dashboard.listLeads({ q: 'new', cursor: null, limit: 1, fromMs: null, toMs: null })).leads[0]?.id)).toBeGreaterThan(3);
  } finally {
    await storage.close();
  }
});
