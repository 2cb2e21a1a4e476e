/**
 * Postgres's migrations: the frozen SQL of every migration in the shared list
 * (server/storage/migrations.ts), and the runner. Each runs once, in its own transaction, recorded
 * in `schema_migrations`. Several instances may start at the same moment: the runner holds a
 * session advisory lock while it reads the version and migrates, so the others wait and then find
 * nothing left to do.
 *
 * The schema is SQLite's in Postgres types: times are milliseconds since the epoch (BIGINT), e-mail
 * addresses compare byte by byte (COLLATE "C", so a search prefix is a range of the index, as on
 * SQLite), outbox rows carry the lease of the instance sending them, and the profile aggregate has
 * shards (postgres/profiles.ts).
 */
import { migrationSteps, type MigrationSql } from '../migrations';
import type { PostgresClient, PostgresPool } from './connection';
import { firstMigrationSql } from './first-migrations';

/** The advisory lock's key: any fixed number, the same in every instance ("coredriv" in ASCII). */
export const MIGRATION_LOCK_KEY = 0x636f726564726976n;

export const postgresMigrationSql: MigrationSql = {
  // 1-6: ./first-migrations.ts.
  ...firstMigrationSql,
  // 7: as SQLite's (see there).
  'coach-settings': `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at BIGINT NOT NULL
  );
  CREATE TABLE settings_revision (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision BIGINT NOT NULL
  );
  INSERT INTO settings_revision (id, revision) VALUES (1, 0);
  CREATE TABLE settings_pictures (
    hash TEXT PRIMARY KEY,
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
    bytes BYTEA NOT NULL,
    created_at BIGINT NOT NULL
  );
  CREATE TABLE coach_setup_codes (
    code_hash TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
  );
  ALTER TABLE audit_log ADD COLUMN fields TEXT;
  `,
  'sign-in-throttle': `
  -- key: "client:<keyed hash of an address>" or "device:<device id>"; failures in a row, the last one's time.
  CREATE TABLE signin_throttle (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_failure_at BIGINT NOT NULL
  );
  CREATE INDEX signin_throttle_by_time ON signin_throttle (last_failure_at);
  `,
  'funnel-source-cap': `
  -- The day (in the analytics time zone) a source was first counted; NULL for sources from before.
  ALTER TABLE funnel_sources ADD COLUMN first_day TEXT;
  CREATE INDEX funnel_sources_by_first_day ON funnel_sources (first_day) WHERE first_day IS NOT NULL;
  `,
  'storage-health': `
  CREATE TABLE storage_health (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    checked_at BIGINT NOT NULL
  );
  `,
  // 11: the results e-mail: as on SQLite (sqlite/migrations.ts says what each part is for).
  'results-email': `
  ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'webhook' CHECK (channel IN ('webhook', 'email'));
  ALTER TABLE outbox ADD COLUMN event TEXT NOT NULL DEFAULT 'lead.submitted' CHECK (event IN ('lead.submitted', 'lead.confirmed', 'results'));
  CREATE INDEX outbox_due_by_channel ON outbox (channel, next_attempt_at) WHERE state = 'pending';
  ALTER TABLE submissions ADD COLUMN marketing_confirmed_at BIGINT;
  CREATE TABLE links (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('profile', 'confirm')),
    submission_id BIGINT NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
  );
  CREATE INDEX links_by_submission ON links (submission_id);
  CREATE INDEX links_by_expiry ON links (expires_at);
  `,

  // 12: as on SQLite: a display name or a group stored as an address becomes the address inside.
  'bare-addresses': `
  UPDATE submissions SET email = substring(email from '<([^<>]*@[^<>]*)>$') WHERE email ~ '^[^<]*<[^<>]*@[^<>]*>$';
  UPDATE submissions SET email = substring(email from ':([^:;<]*@[^:;<]*);$') WHERE email ~ '^[^:<]*:[^:;<]*@[^:;<]*;$';
  `,
  // 13: the history of the coach's settings: as on SQLite (sqlite/migrations.ts says what each part is for).
  'settings-history': `
  CREATE TABLE settings_versions (
    revision BIGINT PRIMARY KEY,
    at BIGINT NOT NULL,
    settings TEXT NOT NULL,
    picture_hash TEXT
  );
  INSERT INTO settings_versions (revision, at, settings, picture_hash)
  SELECT
    r.revision,
    COALESCE((SELECT MAX(updated_at) FROM settings), 0),
    COALESCE((SELECT json_object_agg(key, value)::text FROM settings), '{}'),
    (SELECT value::json->>'hash' FROM settings WHERE key = 'coachPhoto')
  FROM settings_revision r WHERE r.id = 1;
  ALTER TABLE audit_log ADD COLUMN revision BIGINT;
  ALTER TABLE audit_log ADD COLUMN restored_from BIGINT;
  CREATE INDEX audit_log_by_revision ON audit_log (revision) WHERE revision IS NOT NULL;
  `,

  // 14: the coach's door, as on SQLite: passkeys, challenges (hashed), the second factor (sealed),
  //     recovery codes and reset links (hashed), each session's browser in words.
  'coach-access': `
  ALTER TABLE coach_sessions ADD COLUMN browser TEXT NOT NULL DEFAULT '';
  CREATE TABLE coach_passkeys (
    id TEXT PRIMARY KEY,
    public_key TEXT NOT NULL,
    counter BIGINT NOT NULL,
    transports TEXT NOT NULL,
    name TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_used_at BIGINT
  );
  CREATE TABLE coach_challenges (
    challenge_hash TEXT PRIMARY KEY,
    purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in')),
    expires_at BIGINT NOT NULL
  );
  CREATE TABLE coach_second_factor (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    secret TEXT,
    pending TEXT,
    enabled_at BIGINT,
    last_step BIGINT NOT NULL DEFAULT 0
  );
  CREATE TABLE coach_recovery_codes (
    code_hash TEXT PRIMARY KEY,
    used_at BIGINT
  );
  CREATE TABLE coach_reset_tokens (
    token_hash TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL,
    used_at BIGINT
  );
  `,
  // 15: the coach's offers by pattern: as on SQLite.
  'offer-counts': `
  CREATE TABLE offer_daily (
    day TEXT NOT NULL,
    offer TEXT NOT NULL,
    pattern TEXT NOT NULL,
    step TEXT NOT NULL CHECK (step IN ('seen', 'lead', 'click')),
    count BIGINT NOT NULL,
    PRIMARY KEY (day, offer, pattern, step)
  );
  `,
  // 16: the browser in words ("Chrome on macOS") and its sign-in time; null before, or signed out.
  'audit-browser': `
  ALTER TABLE audit_log ADD COLUMN browser TEXT;
  ALTER TABLE audit_log ADD COLUMN signed_in_at BIGINT;
  `,
  'tool-pace': `
  CREATE TABLE tool_pace (key TEXT NOT NULL, slot BIGINT NOT NULL);
  CREATE INDEX tool_pace_by_key ON tool_pace (key, slot);
  CREATE TABLE tool_pace_hold (key TEXT PRIMARY KEY, until BIGINT NOT NULL);
  `,
  // 18: the outbox's third channel, `tool` (the coach's e-mail tool).
  'email-tool-outbox': `
  ALTER TABLE outbox DROP CONSTRAINT outbox_channel_check;
  ALTER TABLE outbox ADD CONSTRAINT outbox_channel_check CHECK (channel IN ('webhook', 'email', 'tool'));
  `,
  // 19: a failed delivery's answer, as checked plain text (server/outbox/reply-text.ts).
  'delivery-reply': 'ALTER TABLE outbox ADD COLUMN last_reply TEXT;',
  // 20: the id every attempt of a delivery carries (a webhook's `webhook-id`, an e-mail's Message-ID, a push's).
  'outbox-message-id': 'ALTER TABLE outbox RENAME COLUMN webhook_id TO message_id;',
  'tool-pause': 'CREATE TABLE tool_pause (settings TEXT PRIMARY KEY, status INTEGER NOT NULL, detail TEXT NOT NULL, at BIGINT NOT NULL);',
  'tool-connections': 'CREATE TABLE tool_connection (key TEXT NOT NULL, slot INTEGER NOT NULL, holder TEXT NOT NULL, expires_at BIGINT NOT NULL, PRIMARY KEY (key, slot));',
  // 23: an erase told to the e-mail tool (server/email-tool/tool-erase.ts): a `tool` row with no submission (the person is gone),
  //     its address sealed (erase_address, cleared once done or given up), masked for the list, and what the tool did.
  'tool-erase': `
  ALTER TABLE outbox ALTER COLUMN submission_id DROP NOT NULL;
  ALTER TABLE outbox DROP CONSTRAINT outbox_event_check;
  ALTER TABLE outbox ADD CONSTRAINT outbox_event_check CHECK (event IN ('lead.submitted', 'lead.confirmed', 'results', 'erase'));
  ALTER TABLE outbox ADD COLUMN erase_address TEXT, ADD COLUMN erase_masked TEXT, ADD COLUMN erase_tool TEXT,
    ADD COLUMN erase_how TEXT CHECK (erase_how IN ('deleted', 'unsubscribed', 'absent'));
  ALTER TABLE outbox ADD CONSTRAINT outbox_erase_check CHECK ((event = 'erase') = (submission_id IS NULL) AND (event <> 'erase' OR channel = 'tool'));
  `,
  // 24: nothing to do: Postgres checks an IN list as `= ANY` of a constant array, with no temporary table (the change is SQLite's).
  'outbox-checks': null,
  // 25: two fewer indexes written at every queued delivery: message_id's UNIQUE (a guard only: the ids are UUIDv7s, never
  //     looked up; the constraint kept its name from before migration 20) and outbox_due (outbox_due_by_channel holds the same rows).
  'outbox-fewer-indexes': `
  ALTER TABLE outbox DROP CONSTRAINT outbox_webhook_id_key;
  DROP INDEX outbox_due;
  `,
  // 26: the failing deliveries' own index (the Deliveries screen's count and list); a new delivery (attempts 0) is not in it.
  'outbox-failing': `CREATE INDEX outbox_failing ON outbox (id) WHERE state = 'pending' AND attempts > 0;`,
};

const steps = migrationSteps(postgresMigrationSql);

/** The SQL of each migration, in order (null: nothing to do on Postgres). */
export const postgresMigrations: readonly (string | null)[] = steps.map((step) => step.sql);

/**
 * Brings the schema up to date, once however many instances start together; returns how many ran.
 * `thenLocked` runs still holding the lock (the profile aggregate's rebuild, done by one instance).
 */
export async function migratePostgres(pool: PostgresPool, thenLocked?: (client: PostgresClient) => Promise<void>): Promise<number> {
  const client = await pool.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY.toString()]);
    try {
      const ran = await migrateLocked(client);
      await thenLocked?.(client);
      return ran;
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY.toString()]);
    }
  } finally {
    client.release();
  }
}

async function migrateLocked(client: PostgresClient): Promise<number> {
  await client.query(
    'CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TIMESTAMPTZ NOT NULL DEFAULT now())',
  );
  const { rows } = await client.query<{ version: number | null }>('SELECT max(version) AS version FROM schema_migrations');
  const current = rows[0]?.version ?? 0;
  if (current > steps.length) {
    throw new Error(
      `The database has schema version ${current}, newer than this app knows (${steps.length}). Update the app (every instance runs the same version).`,
    );
  }
  for (let version = current + 1; version <= steps.length; version += 1) {
    await client.query('BEGIN');
    try {
      const sql = steps[version - 1]?.sql ?? null;
      if (sql !== null) await client.query(sql);
      await client.query('INSERT INTO schema_migrations (version) VALUES ($1)', [version]);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    }
  }
  return steps.length - current;
}
