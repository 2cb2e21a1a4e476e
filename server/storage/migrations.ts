/**
 * The schema's history, one numbered list of named migrations for both backends. Migration N is
 * the N-th name here; each backend keeps a map from every name to its frozen SQL
 * (server/storage/sqlite/migrations.ts, server/storage/postgres/migrations.ts), so a change is
 * written once per dialect under one name. A released migration is never edited: a change is a new
 * name at the end, with its SQL in both maps (server/storage/migrations.test.ts fails when a
 * backend lacks one, has them in another order, or a released one's text changed). How to add one:
 * server/docs/storage.md.
 *
 * SQLite counts the migrations that ran in `user_version`, Postgres in `schema_migrations`.
 * Postgres's first migration was released as the whole schema SQLite had reached with its first
 * six, so on Postgres migrations 2 to 6 have nothing to do (`null`): a database from that release,
 * at version 1, records them as run and is then where a new one is.
 */
export const migrationNames = [
  // 1: leads, submissions, Idempotency-Keys and the webhook outbox.
  'leads-and-outbox',
  // 2: one insert per lead: submissions carry the address and key; the lead is a view of them.
  'submissions-are-the-leads',
  // 3: the consent record of each submission.
  'consent-record',
  // 4: the coach's side: password, sessions, audit log, funnel counts, profile aggregate.
  'coach-and-analytics',
  // 5: the outbox's lease, so a round's rows are sent by one instance at a time.
  'outbox-lease',
  // 6: addresses stored before the Unicode policy take the one stored form (server/storage/email.ts).
  'email-stored-form',
  // 7: the coach's settings, picture and first-run set-up codes; the audit log names a change's fields.
  'coach-settings',
  // 8: the sign-in throttle's counters, shared by every instance (server/coach/throttle.ts).
  'sign-in-throttle',
  // 9: the day each funnel source was first counted, for the cap on new sources a day.
  'funnel-source-cap',
  // 10: the row GET /api/health writes to see that storage accepts a write.
  'storage-health',
  // 11: the results e-mail: outbox rows by channel and event, the opt-in's confirmation, the e-mail's links.
  'results-email',
  // 12: addresses stored as a display name or a group (`x<you@example.com>`, `grp:you@example.com;`) become the address inside.
  'bare-addresses',
  // 13: every version of the coach's settings, so any earlier one can be restored; the audit log
  //     names the version a change made (what changed is the difference from the one before).
  'settings-history',
  // 14: the coach's door: passkeys, WebAuthn challenges, the second factor, recovery codes, reset links, browsers in words.
  'coach-access',
  // 15: the coach's offers by pattern: per day, offer, pattern and step (seen, lead, click), how many.
  'offer-counts',
  // 16: each audit entry keeps the browser that made it in words and when it signed in (sessions go at sign-out).
  'audit-browser',
  // 17: the e-mail tool's pace window: each key's request start times and its hold after a 429,
  //     shared by every instance (server/storage/pace.ts).
  'tool-pace',
  // 18: the outbox's third channel, `tool`: the coach's e-mail tool (server/email-tool/tool-outbox.ts).
  'email-tool-outbox',
  // 19: a failed delivery keeps the receiver's or mail server's answer as checked text (server/outbox/reply-text.ts).
  'delivery-reply',
  // 20: the outbox's `webhook_id` becomes `message_id`: it names a webhook delivery, an e-mail (its Message-ID) or a push to the e-mail tool.
  'outbox-message-id',
  // 21: the e-mail tool's pause: the settings whose key the tool refused (a fingerprint, never the key), seen by every instance (server/storage/pace.ts).
  'tool-pause',
  // 22: the e-mail tool's connections at once (Mailchimp's 10 per key): one row per connection held, with its holder
  //     and the end of its hold, shared by every instance (server/storage/pace.ts).
  'tool-connections',
  // 23: an erased person told to the e-mail tool as an outbox row of its own (event `erase`, no submission): its address sealed until done.
  'tool-erase',
  // 24: the outbox's CHECKs on state, channel, event and erase_how as OR-chains (SQLite only): an IN list of three or more
  //     built a temporary b-tree at every insert and every change of state, a third of what storing a delivery cost.
  'outbox-checks',
  // 25: the outbox writes two fewer indexes per queued delivery: message_id's UNIQUE (a guard only) and outbox_due
  //     (the pending rows; the dashboard reads them through outbox_due_by_channel, which holds the same rows).
  'outbox-fewer-indexes',
  // 26: the failing deliveries (pending, tried at least once) get an index of their own, by id: the Deliveries screen
  //     counts and lists them without reading every pending row (a burst leaves tens of thousands). Never written when a
  //     lead queues a delivery (its first attempt is still ahead): only when an attempt fails, and when the row leaves.
  'outbox-failing',
] as const;

export type MigrationName = (typeof migrationNames)[number];

/** A backend's migrations: every name's SQL, frozen; null where that backend has nothing to do (say why beside it). */
export type MigrationSql = { readonly [Name in MigrationName]: string | null };

/** The migrations in order: the SQL of migration N (1-based) is `steps[N - 1].sql`. */
export function migrationSteps(sql: MigrationSql): { name: MigrationName; sql: string | null }[] {
  return migrationNames.map((name) => ({ name, sql: sql[name] }));
}
