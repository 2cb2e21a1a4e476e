/**
 * SQLite's migrations: the frozen SQL of every migration in the shared list (../migrations.ts). `user_version`
 * says how many have run; each runs once, in its own transaction, at start-up (`migrate`, ./connection.ts). Never edit one once released.
 */
import { migrationSteps, type MigrationSql } from '../migrations';
import { firstMigrationSql } from './first-migrations';

export const sqliteMigrationSql: MigrationSql = {
  // 1-4: ./first-migrations.ts.
  ...firstMigrationSql,
  // 5: the outbox's lease, as on Postgres (server/storage/storage.ts, OutboxQueue): a round claims
  //    its rows, moving their next attempt a minute ahead, so a crash mid-round retries them then.
  'outbox-lease': `
  ALTER TABLE outbox ADD COLUMN lease TEXT;
  `,
  // 6: addresses stored before the Unicode policy refused hidden characters take the one stored form
  //    (server/storage/email.ts), so each person has one address and erase finds them through the
  //    index instead of reading every submission. Only rows with a character outside printable
  //    ASCII can change; the GLOB finds them without calling into JavaScript for the others.
  'email-stored-form': `
  UPDATE submissions SET email = normalize_email(email)
  WHERE email GLOB '*[^ -~]*' AND email <> normalize_email(email);
  `,
  // 7: the coach's settings (src/shared/coach-settings.ts): one row per setting set from the dashboard, its value as JSON (a secret sealed:
  //    server/settings/secret-box.ts); a revision every write raises, which each instance reads every second; the coach's picture, named by the hash
  //    of its bytes; the first-run set-up codes (only their SHA-256); and which settings a change touched, in the audit log (their names, never their
  //    values).
  'coach-settings': `
  CREATE TABLE settings (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE settings_revision (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    revision INTEGER NOT NULL
  ) STRICT;
  INSERT INTO settings_revision (id, revision) VALUES (1, 0);
  CREATE TABLE settings_pictures (
    hash TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
    bytes BLOB NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT;
  CREATE TABLE coach_setup_codes (
    code_hash TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  ALTER TABLE audit_log ADD COLUMN fields TEXT;
  `,
  'sign-in-throttle': `
  -- key: "client:<keyed hash of an address>" or "device:<device id>"; failures in a row, the last one's time.
  CREATE TABLE signin_throttle (
    key TEXT PRIMARY KEY,
    failures INTEGER NOT NULL,
    last_failure_at INTEGER NOT NULL
  ) WITHOUT ROWID;
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
    checked_at INTEGER NOT NULL
  );
  `,
  // 11: the results e-mail (server/mail/). The outbox carries rows of two channels: `webhook` (a Standard Webhooks POST of `event` lead.submitted or
  //     lead.confirmed) and `email` (the results e-mail, event `results`); each channel's loop claims its own through its own index. A submission
  //     whose marketing box was ticked records when the visitor confirmed it (the double opt-in). `links` holds the e-mail's two links by the SHA-256
  //     of their token (never the token): the profile link and the single-use confirm link; they go with their submission.
  'results-email': `
  ALTER TABLE outbox ADD COLUMN channel TEXT NOT NULL DEFAULT 'webhook' CHECK (channel IN ('webhook', 'email'));
  ALTER TABLE outbox ADD COLUMN event TEXT NOT NULL DEFAULT 'lead.submitted' CHECK (event IN ('lead.submitted', 'lead.confirmed', 'results'));
  CREATE INDEX outbox_due_by_channel ON outbox (channel, next_attempt_at) WHERE state = 'pending';
  ALTER TABLE submissions ADD COLUMN marketing_confirmed_at INTEGER;
  CREATE TABLE links (
    token_hash TEXT PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('profile', 'confirm')),
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    created_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL,
    used_at INTEGER
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX links_by_submission ON links (submission_id);
  CREATE INDEX links_by_expiry ON links (expires_at);
  `,
  // 12: addresses stored before the lead API took only a plain address (src/shared/lead.ts): a
  //    display name (`x<you@example.com>`) or a group (`grp:you@example.com;`) becomes the address
  //    inside, so erase and export find the person under it. Anything else is left as it was.
  'bare-addresses': `
  UPDATE submissions SET email = substr(email, instr(email, '<') + 1, length(email) - instr(email, '<') - 1)
  WHERE email LIKE '%<%@%>' AND instr(substr(email, instr(email, '<') + 1), '<') = 0
    AND instr(email, '>') = length(email);
  UPDATE submissions SET email = substr(email, instr(email, ':') + 1, length(email) - instr(email, ':') - 1)
  WHERE email LIKE '%:%@%;' AND instr(substr(email, instr(email, ':') + 1), ':') = 0
    AND instr(email, ';') = length(email) AND instr(email, '<') = 0;
  `,
  // 13: the history of the coach's settings (server/settings/history.ts). Each write makes a version: every stored setting as it stood after that
  //     revision (a JSON object of key to stored JSON text, secrets sealed as in the settings table), and the hash of the picture it shows, so
  //     pictures an earlier version shows are kept for its restore. The settings in force become the first version. The audit log names the version a
  //     change made, and the one a restore went back to.
  'settings-history': `
  CREATE TABLE settings_versions (
    revision INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    settings TEXT NOT NULL,
    picture_hash TEXT
  ) STRICT;
  INSERT INTO settings_versions (revision, at, settings, picture_hash)
  SELECT
    r.revision,
    COALESCE((SELECT MAX(updated_at) FROM settings), 0),
    COALESCE((SELECT json_group_object(key, value) FROM settings), '{}'),
    (SELECT json_extract(value, '$.hash') FROM settings WHERE key = 'coachPhoto')
  FROM settings_revision r WHERE r.id = 1;
  ALTER TABLE audit_log ADD COLUMN revision INTEGER;
  ALTER TABLE audit_log ADD COLUMN restored_from INTEGER;
  CREATE INDEX audit_log_by_revision ON audit_log (revision) WHERE revision IS NOT NULL;
  `,
  // 14: the coach's door (server/coach/access/): passkeys (public keys), challenges, recovery codes and
  //     reset links by their SHA-256, the TOTP secret sealed; each session's browser in words, no address.
  'coach-access': `
  ALTER TABLE coach_sessions ADD COLUMN browser TEXT NOT NULL DEFAULT '';
  CREATE TABLE coach_passkeys (id TEXT PRIMARY KEY, public_key TEXT NOT NULL, counter INTEGER NOT NULL, transports TEXT NOT NULL,
    name TEXT NOT NULL, created_at INTEGER NOT NULL, last_used_at INTEGER) STRICT;
  CREATE TABLE coach_challenges (challenge_hash TEXT PRIMARY KEY, purpose TEXT NOT NULL CHECK (purpose IN ('register', 'sign_in')),
    expires_at INTEGER NOT NULL) STRICT, WITHOUT ROWID;
  CREATE TABLE coach_second_factor (id INTEGER PRIMARY KEY CHECK (id = 1), secret TEXT, pending TEXT, enabled_at INTEGER,
    last_step INTEGER NOT NULL DEFAULT 0) STRICT;
  CREATE TABLE coach_recovery_codes (code_hash TEXT PRIMARY KEY, used_at INTEGER) STRICT, WITHOUT ROWID;
  CREATE TABLE coach_reset_tokens (token_hash TEXT PRIMARY KEY, expires_at INTEGER NOT NULL, used_at INTEGER) STRICT, WITHOUT ROWID;
  `,
  // 15: the coach's offers by pattern (src/shared/offer-pick.ts): per day, offer ('default' or its id), pattern and step, how many; never who.
  'offer-counts': `
  CREATE TABLE offer_daily (day TEXT NOT NULL, offer TEXT NOT NULL, pattern TEXT NOT NULL, step TEXT NOT NULL CHECK (step IN ('seen', 'lead', 'click')),
    count INTEGER NOT NULL, PRIMARY KEY (day, offer, pattern, step)) STRICT, WITHOUT ROWID;
  `,
  // 16: the browser in words ("Chrome on macOS") and its sign-in time; null before, or signed out.
  'audit-browser': `
  ALTER TABLE audit_log ADD COLUMN browser TEXT;
  ALTER TABLE audit_log ADD COLUMN signed_in_at INTEGER;
  `,
  'tool-pace': `CREATE TABLE tool_pace (key TEXT NOT NULL, slot INTEGER NOT NULL) STRICT; CREATE INDEX tool_pace_by_key ON tool_pace (key, slot);
  CREATE TABLE tool_pace_hold (key TEXT PRIMARY KEY, until INTEGER NOT NULL) STRICT, WITHOUT ROWID;`,
  // 18: the outbox's third channel, `tool` (the coach's e-mail tool): the table is rebuilt, SQLite's way to widen a CHECK.
  'email-tool-outbox': `CREATE TABLE outbox_new (id INTEGER PRIMARY KEY, webhook_id TEXT NOT NULL UNIQUE, submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'gone', 'expired')), attempts INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL,
    last_attempt_at INTEGER, last_status INTEGER, lease TEXT, channel TEXT NOT NULL DEFAULT 'webhook' CHECK (channel IN ('webhook', 'email', 'tool')),
    event TEXT NOT NULL DEFAULT 'lead.submitted' CHECK (event IN ('lead.submitted', 'lead.confirmed', 'results'))) STRICT;
  INSERT INTO outbox_new SELECT id, webhook_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, lease, channel, event FROM outbox; DROP TABLE outbox; ALTER TABLE outbox_new RENAME TO outbox;
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'pending'; CREATE INDEX outbox_by_submission ON outbox (submission_id); CREATE INDEX outbox_gone ON outbox (id) WHERE state = 'gone';
  CREATE INDEX outbox_expired ON outbox (id) WHERE state = 'expired'; CREATE INDEX outbox_due_by_channel ON outbox (channel, next_attempt_at) WHERE state = 'pending';`,
  // 19: a failed delivery's answer, as checked plain text (server/outbox/reply-text.ts).
  'delivery-reply': 'ALTER TABLE outbox ADD COLUMN last_reply TEXT;',
  // 20: the id every attempt of a delivery carries (a webhook's `webhook-id`, an e-mail's Message-ID, a push's).
  'outbox-message-id': 'ALTER TABLE outbox RENAME COLUMN webhook_id TO message_id;',
  'tool-pause': 'CREATE TABLE tool_pause (settings TEXT PRIMARY KEY, status INTEGER NOT NULL, detail TEXT NOT NULL, at INTEGER NOT NULL) STRICT, WITHOUT ROWID;',
  'tool-connections':
    'CREATE TABLE tool_connection (key TEXT NOT NULL, slot INTEGER NOT NULL, holder TEXT NOT NULL, expires_at INTEGER NOT NULL, PRIMARY KEY (key, slot)) STRICT, WITHOUT ROWID;',
  // 23: an erase told to the e-mail tool (server/email-tool/tool-erase.ts): a `tool` row with no submission (the person is gone),
  //     its address sealed (erase_address, cleared once done or given up), masked for the list, and what the tool did. Rebuilt to widen the CHECKs.
  'tool-erase': `CREATE TABLE outbox_new (id INTEGER PRIMARY KEY, message_id TEXT NOT NULL UNIQUE, submission_id INTEGER REFERENCES submissions (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'gone', 'expired')), attempts INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL,
    last_attempt_at INTEGER, last_status INTEGER, lease TEXT, channel TEXT NOT NULL DEFAULT 'webhook' CHECK (channel IN ('webhook', 'email', 'tool')),
    event TEXT NOT NULL DEFAULT 'lead.submitted' CHECK (event IN ('lead.submitted', 'lead.confirmed', 'results', 'erase')), last_reply TEXT,
    erase_address TEXT, erase_masked TEXT, erase_tool TEXT, erase_how TEXT CHECK (erase_how IN ('deleted', 'unsubscribed', 'absent')),
    CHECK ((event = 'erase') = (submission_id IS NULL)), CHECK (event <> 'erase' OR channel = 'tool')) STRICT;
  INSERT INTO outbox_new (id, message_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, lease, channel, event, last_reply)
    SELECT id, message_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, lease, channel, event, last_reply FROM outbox;
  DROP TABLE outbox; ALTER TABLE outbox_new RENAME TO outbox;
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'pending'; CREATE INDEX outbox_by_submission ON outbox (submission_id); CREATE INDEX outbox_gone ON outbox (id) WHERE state = 'gone';
  CREATE INDEX outbox_expired ON outbox (id) WHERE state = 'expired'; CREATE INDEX outbox_due_by_channel ON outbox (channel, next_attempt_at) WHERE state = 'pending';`,
  // 24: the same table, its CHECKs written as OR-chains: SQLite evaluates "x IN (a, b, c)" in a CHECK by building a temporary
  //     b-tree of the list at every row written (two items or fewer it compares), four per outbox insert. Rebuilt to change them.
  'outbox-checks': `CREATE TABLE outbox_new (id INTEGER PRIMARY KEY, message_id TEXT NOT NULL UNIQUE, submission_id INTEGER REFERENCES submissions (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state = 'pending' OR state = 'delivered' OR state = 'gone' OR state = 'expired'),
    attempts INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, last_attempt_at INTEGER, last_status INTEGER, lease TEXT,
    channel TEXT NOT NULL DEFAULT 'webhook' CHECK (channel = 'webhook' OR channel = 'email' OR channel = 'tool'),
    event TEXT NOT NULL DEFAULT 'lead.submitted' CHECK (event = 'lead.submitted' OR event = 'lead.confirmed' OR event = 'results' OR event = 'erase'), last_reply TEXT,
    erase_address TEXT, erase_masked TEXT, erase_tool TEXT, erase_how TEXT CHECK (erase_how = 'deleted' OR erase_how = 'unsubscribed' OR erase_how = 'absent'),
    CHECK ((event = 'erase') = (submission_id IS NULL)), CHECK (event <> 'erase' OR channel = 'tool')) STRICT;
  INSERT INTO outbox_new (id, message_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, lease, channel, event, last_reply, erase_address, erase_masked, erase_tool, erase_how)
    SELECT id, message_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, lease, channel, event, last_reply, erase_address, erase_masked, erase_tool, erase_how FROM outbox;
  DROP TABLE outbox; ALTER TABLE outbox_new RENAME TO outbox;
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'pending'; CREATE INDEX outbox_by_submission ON outbox (submission_id); CREATE INDEX outbox_gone ON outbox (id) WHERE state = 'gone';
  CREATE INDEX outbox_expired ON outbox (id) WHERE state = 'expired'; CREATE INDEX outbox_due_by_channel ON outbox (channel, next_attempt_at) WHERE state = 'pending';`,
  // 25: the same table with two fewer indexes written at every queued delivery: message_id's UNIQUE (a guard only: the ids are
  //     UUIDv7s, never looked up) and outbox_due (the pending rows, which outbox_due_by_channel holds too). Rebuilt to drop the UNIQUE.
  'outbox-fewer-indexes': `CREATE TABLE outbox_new (id INTEGER PRIMARY KEY, message_id TEXT NOT NULL, submission_id INTEGER REFERENCES submissions (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state = 'pending' OR state = 'delivered' OR state = 'gone' OR state = 'expired'),
    attempts INTEGER NOT NULL DEFAULT 0, created_at INTEGER NOT NULL, next_attempt_at INTEGER NOT NULL, last_attempt_at INTEGER, last_status INTEGER, lease TEXT,
    channel TEXT NOT NULL DEFAULT 'webhook' CHECK (channel = 'webhook' OR channel = 'email' OR channel = 'tool'),
    event TEXT NOT NULL DEFAULT 'lead.submitted' CHECK (event = 'lead.submitted' OR event = 'lead.confirmed' OR event = 'results' OR event = 'erase'), last_reply TEXT,
    erase_address TEXT, erase_masked TEXT, erase_tool TEXT, erase_how TEXT CHECK (erase_how = 'deleted' OR erase_how = 'unsubscribed' OR erase_how = 'absent'),
    CHECK ((event = 'erase') = (submission_id IS NULL)), CHECK (event <> 'erase' OR channel = 'tool')) STRICT;
  INSERT INTO outbox_new (id, message_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, lease, channel, event, last_reply, erase_address, erase_masked, erase_tool, erase_how)
    SELECT id, message_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, lease, channel, event, last_reply, erase_address, erase_masked, erase_tool, erase_how FROM outbox;
  DROP TABLE outbox; ALTER TABLE outbox_new RENAME TO outbox;
  CREATE INDEX outbox_by_submission ON outbox (submission_id); CREATE INDEX outbox_gone ON outbox (id) WHERE state = 'gone';
  CREATE INDEX outbox_expired ON outbox (id) WHERE state = 'expired'; CREATE INDEX outbox_due_by_channel ON outbox (channel, next_attempt_at) WHERE state = 'pending';`,
  // 26: the failing deliveries' own index (the Deliveries screen's count and list); a new delivery (attempts 0) is not in it.
  'outbox-failing': `CREATE INDEX outbox_failing ON outbox (id) WHERE state = 'pending' AND attempts > 0;`,
};

/** The SQL of each migration, in order (SQLite has something to do for every one). */
export const migrations: readonly string[] = migrationSteps(sqliteMigrationSql).map((step) => step.sql ?? '');
