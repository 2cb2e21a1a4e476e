/**
 * SQLite's first four migrations (the schema the product started with: leads and their submissions,
 * the outbox, consent, the coach's side and the analytics), frozen as ./migrations.ts's are; there
 * they are the first four of the list. Apart only to keep each file short.
 */
import type { MigrationSql } from '../migrations';

export const firstMigrationSql = {
  // 1: leads (one per normalised e-mail, latest name and profile), every submission, idempotency
  //    keys and the webhook outbox. Deleting a lead deletes everything that refers to it.
  'leads-and-outbox': `
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
  // 2: storing a lead becomes ONE insert. Submissions are an append-only log that carries the
  //    normalised e-mail and the Idempotency-Key (kept 24 hours, then set to NULL); "leads" (one row
  //    per e-mail: latest name and profile, first and last time, how many submissions) is a view of
  //    it. This drops a table upsert, a second table and three index writes from every submission.
  'submissions-are-the-leads': `
  CREATE TABLE submissions_v2 (
    id INTEGER PRIMARY KEY,
    public_id TEXT NOT NULL,
    email TEXT NOT NULL,
    first_name TEXT NOT NULL,
    ratings TEXT NOT NULL CHECK (length(ratings) = 9),
    submitted_at INTEGER NOT NULL,
    idempotency_key TEXT
  ) STRICT;
  INSERT INTO submissions_v2 (id, public_id, email, first_name, ratings, submitted_at, idempotency_key)
    SELECT s.id, s.public_id, l.email, s.first_name, s.ratings, s.submitted_at,
      (SELECT k.key FROM idempotency_keys k WHERE k.submission_id = s.id)
    FROM submissions s JOIN leads l ON l.id = s.lead_id;
  DROP TABLE idempotency_keys;
  DROP TABLE submissions;
  DROP TABLE leads;
  -- The outbox's foreign key names "submissions", so after the rename it refers to this table.
  ALTER TABLE submissions_v2 RENAME TO submissions;
  CREATE INDEX submissions_by_email ON submissions (email);
  CREATE UNIQUE INDEX submissions_by_idempotency_key ON submissions (idempotency_key) WHERE idempotency_key IS NOT NULL;

  CREATE VIEW leads AS
    SELECT latest.email, latest.first_name, latest.ratings, summary.first_at AS created_at,
      latest.submitted_at AS updated_at, summary.submissions, latest.id AS last_submission_id
    FROM (
      SELECT email, min(submitted_at) AS first_at, max(id) AS last_id, count(*) AS submissions
      FROM submissions GROUP BY email
    ) AS summary
    JOIN submissions AS latest ON latest.id = summary.last_id;
  `,
  // 3: the consent record of each submission (server/leads/consent.ts): the version of the gate's
  //    wording the page showed, that wording, and the marketing-consent box (NULL: not shown or not
  //    known; 0: left unticked; 1: ticked). Its time is the submission's. NULL for earlier rows.
  'consent-record': `
  ALTER TABLE submissions ADD COLUMN consent_version TEXT;
  ALTER TABLE submissions ADD COLUMN consent_wording TEXT;
  ALTER TABLE submissions ADD COLUMN marketing_consent INTEGER CHECK (marketing_consent IN (0, 1));
  `,
  // 4: the coach's side. The password (a scrypt hash), sessions (only a hash of each token), the
  //    audit log (who and when, never what), the funnel's counts (no IP address, user agent or
  //    identifier: a step, a day and where the run came from) and a daily aggregate of the profiles
  //    submitted, kept in step with the submissions so the dashboard never reads every lead.
  'coach-and-analytics': `
  CREATE TABLE coach_account (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    password_hash TEXT NOT NULL,
    password_set_at INTEGER NOT NULL
  ) STRICT;

  -- token_hash: SHA-256 of the cookie's random token, so a copy of the file signs nobody in.
  CREATE TABLE coach_sessions (
    id INTEGER PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    created_at INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  ) STRICT;

  -- actor: 'dashboard' (session_id says which sign-in) or 'command line'. No address, no search.
  CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY,
    at INTEGER NOT NULL,
    action TEXT NOT NULL,
    actor TEXT NOT NULL,
    session_id INTEGER
  ) STRICT;

  -- Where quiz runs came from: UTM source, medium, campaign and the referrer's host ('' = none).
  CREATE TABLE funnel_sources (
    id INTEGER PRIMARY KEY,
    utm_source TEXT NOT NULL,
    utm_medium TEXT NOT NULL,
    utm_campaign TEXT NOT NULL,
    referrer_host TEXT NOT NULL,
    UNIQUE (utm_source, utm_medium, utm_campaign, referrer_host)
  ) STRICT;
  -- Counts per day (in the analytics time zone), step and source; the same summed per day and
  -- step, and per month, so a period of any length reads a few thousand rows at most.
  CREATE TABLE funnel_daily (
    day TEXT NOT NULL,
    step TEXT NOT NULL,
    source_id INTEGER NOT NULL REFERENCES funnel_sources (id),
    count INTEGER NOT NULL,
    PRIMARY KEY (day, step, source_id)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE funnel_daily_totals (
    day TEXT NOT NULL,
    step TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (day, step)
  ) STRICT, WITHOUT ROWID;
  CREATE TABLE funnel_monthly (
    month TEXT NOT NULL,
    step TEXT NOT NULL,
    source_id INTEGER NOT NULL REFERENCES funnel_sources (id),
    count INTEGER NOT NULL,
    PRIMARY KEY (month, step, source_id)
  ) STRICT, WITHOUT ROWID;

  -- Per day (in the analytics time zone, recorded in analytics_meta): submissions, how many rated
  -- driver N as R (dN_R), and how many showed each summary pattern of SPEC section 4.
  CREATE TABLE profile_daily (
    day TEXT PRIMARY KEY,
    submissions INTEGER NOT NULL DEFAULT 0,
    d1_1 INTEGER NOT NULL DEFAULT 0,
    d1_2 INTEGER NOT NULL DEFAULT 0,
    d1_3 INTEGER NOT NULL DEFAULT 0,
    d2_1 INTEGER NOT NULL DEFAULT 0,
    d2_2 INTEGER NOT NULL DEFAULT 0,
    d2_3 INTEGER NOT NULL DEFAULT 0,
    d3_1 INTEGER NOT NULL DEFAULT 0,
    d3_2 INTEGER NOT NULL DEFAULT 0,
    d3_3 INTEGER NOT NULL DEFAULT 0,
    d4_1 INTEGER NOT NULL DEFAULT 0,
    d4_2 INTEGER NOT NULL DEFAULT 0,
    d4_3 INTEGER NOT NULL DEFAULT 0,
    d5_1 INTEGER NOT NULL DEFAULT 0,
    d5_2 INTEGER NOT NULL DEFAULT 0,
    d5_3 INTEGER NOT NULL DEFAULT 0,
    d6_1 INTEGER NOT NULL DEFAULT 0,
    d6_2 INTEGER NOT NULL DEFAULT 0,
    d6_3 INTEGER NOT NULL DEFAULT 0,
    d7_1 INTEGER NOT NULL DEFAULT 0,
    d7_2 INTEGER NOT NULL DEFAULT 0,
    d7_3 INTEGER NOT NULL DEFAULT 0,
    d8_1 INTEGER NOT NULL DEFAULT 0,
    d8_2 INTEGER NOT NULL DEFAULT 0,
    d8_3 INTEGER NOT NULL DEFAULT 0,
    d9_1 INTEGER NOT NULL DEFAULT 0,
    d9_2 INTEGER NOT NULL DEFAULT 0,
    d9_3 INTEGER NOT NULL DEFAULT 0,
    pattern_allWeak INTEGER NOT NULL DEFAULT 0,
    pattern_allStrong INTEGER NOT NULL DEFAULT 0,
    pattern_allNeutral INTEGER NOT NULL DEFAULT 0,
    pattern_mostWeak INTEGER NOT NULL DEFAULT 0,
    pattern_mostStrong INTEGER NOT NULL DEFAULT 0,
    pattern_strongAndWeak INTEGER NOT NULL DEFAULT 0,
    pattern_general INTEGER NOT NULL DEFAULT 0
  ) STRICT, WITHOUT ROWID;

  CREATE TABLE analytics_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) STRICT, WITHOUT ROWID;

  -- Leads for a period (list, CSV). Always appended at its right edge: the cheapest index to keep.
  CREATE INDEX submissions_by_time ON submissions (submitted_at);
  -- Deliveries that failed for good, listed and counted without reading every delivered row.
  CREATE INDEX outbox_gone ON outbox (id) WHERE state = 'gone';
  CREATE INDEX outbox_expired ON outbox (id) WHERE state = 'expired';
  `,
} satisfies Partial<MigrationSql>;
