/**
 * Versioned schema migrations. The database's `user_version` says how many have run; each new one
 * is appended here (never edited once released) and runs once, in its own transaction, at start-up.
 */
import type Database from 'better-sqlite3';

export const migrations: readonly string[] = [
  // 1: leads (one per normalised e-mail, latest name and profile), every submission, idempotency
  //    keys and the webhook outbox. Deleting a lead deletes everything that refers to it.
  `
  CREATE TABLE leads (
    id INTEGER PRIMARY KEY,
    email TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    ratings TEXT NOT NULL CHECK (length(ratings) = 9),
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  ) STRICT;

  -- public_id: the random id the API answers with. Not indexed: nothing looks it up but the
  -- idempotency table, which keeps its own copy (every index is one more page written per commit).
  CREATE TABLE submissions (
    id INTEGER PRIMARY KEY,
    public_id TEXT NOT NULL,
    lead_id INTEGER NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
    first_name TEXT NOT NULL,
    ratings TEXT NOT NULL CHECK (length(ratings) = 9),
    submitted_at INTEGER NOT NULL
  ) STRICT;
  CREATE INDEX submissions_by_lead ON submissions (lead_id);

  -- Expired keys are pruned by a scan once a minute, so created_at needs no index of its own.
  CREATE TABLE idempotency_keys (
    key TEXT PRIMARY KEY,
    fingerprint TEXT NOT NULL,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    public_id TEXT NOT NULL,
    created_at INTEGER NOT NULL
  ) STRICT, WITHOUT ROWID;
  CREATE INDEX idempotency_keys_by_submission ON idempotency_keys (submission_id);

  -- state: pending (to deliver), delivered (2xx), gone (the receiver answered 410), expired (gave up
  -- after three days). The payload is built from the submission when sent, so no personal data is
  -- copied here.
  CREATE TABLE outbox (
    id INTEGER PRIMARY KEY,
    webhook_id TEXT NOT NULL UNIQUE,
    submission_id INTEGER NOT NULL REFERENCES submissions (id) ON DELETE CASCADE,
    state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'delivered', 'gone', 'expired')),
    attempts INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    next_attempt_at INTEGER NOT NULL,
    last_attempt_at INTEGER,
    last_status INTEGER
  ) STRICT;
  CREATE INDEX outbox_due ON outbox (next_attempt_at) WHERE state = 'pending';
  CREATE INDEX outbox_by_submission ON outbox (submission_id);
  `,
];

/** Brings the schema up to date; refuses a database written by a newer version of the app. */
export function migrate(db: Database.Database): void {
  const version = () => db.pragma('user_version', { simple: true }) as number;
  const step = db.transaction(() => {
    // Read inside the write lock, so two processes starting together never run a migration twice.
    const current = version();
    const sql = migrations[current];
    if (sql === undefined) return false;
    db.exec(sql);
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  if (version() > migrations.length) {
    throw new Error(
      `The lead database has schema version ${version()}, newer than this app knows (${migrations.length}). Update the app.`,
    );
  }
  while (step.immediate()) {
    // one migration per transaction
  }
}
