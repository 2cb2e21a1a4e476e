/**
 * Storing leads on SQLite: the one transaction that stores a batch of submissions (the backend's
 * part of the group commit, server/storage/group-commit.ts). Plain synchronous SQL over a connection.
 */
import { randomUUID } from 'node:crypto';
import { calendarDay } from '../../../src/shared/days';
import { encodeRatings } from '../../../src/shared/ratings';
import { normalizeEmail } from '../email';
import { newMessageId } from '../message-id';
import { leadStepCounts } from '../funnel-counts';
import { MAIL_CAP, mayQueueResultsEmail } from '../mail-cap';
import { channelEvents, IDEMPOTENCY_TTL_MS, noRouting, type OutboxChannel, outboxChannels, type OutboxEvent, type Submission, type SubmitResult } from '../storage';
import type { SqliteDatabase } from './binding';
import { funnelAdder } from './funnel';
import { profileAggregator } from './profiles';
import { TIME_ZONE_KEY } from '../profile-sums';
import type { ProfileRow } from '../profile-sums';

/**
 * Returns a function that stores a batch in ONE transaction: for each submission one row in the
 * submissions log (with its Idempotency-Key) and one outbox row on each channel its routing has on
 * (the results e-mail unless the address had its share, ../mail-cap.ts); then one update of
 * the daily profile aggregate per day in the batch, in the zone the aggregate is built in (read
 * inside the transaction: a change of the analytics time zone rebuilds the aggregate in one
 * transaction of its own, `ensureProfileAggregate`, so no batch ever mixes two zones' days). It throws,
 * having stored nothing, if any part fails.
 */
export function batchWriter(db: SqliteDatabase): (batch: Submission[]) => SubmitResult[] {
  // A known key makes the insert do nothing, and only then is the earlier submission read back.
  type Row = [string, string, string, string, number, string | null, string | null, string | null, number | null];
  const insertSubmission = db.prepare<Row>(
    `INSERT INTO submissions (public_id, email, first_name, ratings, submitted_at, idempotency_key,
       consent_version, consent_wording, marketing_consent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING`,
  );
  const findByKey = db.prepare<[string], { public_id: string; email: string; first_name: string; ratings: string; mailed: number }>(
    `SELECT public_id, email, first_name, ratings,
       EXISTS (SELECT 1 FROM outbox WHERE submission_id = submissions.id AND channel = 'email') AS mailed
     FROM submissions WHERE idempotency_key = ?`,
  );
  /** When the address's results e-mails of the last day were queued (./mail-cap.ts), this batch's included. */
  const mailedTo = db.prepare<[string, number], { created_at: number }>(
    `SELECT outbox.created_at FROM submissions JOIN outbox ON outbox.submission_id = submissions.id
     WHERE submissions.email = ? AND outbox.channel = 'email' AND outbox.created_at > ?`,
  );
  const insertOutbox = db.prepare<[string, number | bigint, number, number, OutboxChannel, OutboxEvent]>(
    'INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const forgetKeys = db.prepare<[number]>(
    'UPDATE submissions SET idempotency_key = NULL WHERE idempotency_key IS NOT NULL AND submitted_at < ?',
  );
  let lastForget = 0;
  const zoneOfAggregate = db.prepare<[string], { value: string }>('SELECT value FROM analytics_meta WHERE key = ?');
  const aggregators = new Map<string, { addToProfiles: ReturnType<typeof profileAggregator>; dayOf: (ms: number) => string }>();
  /** The aggregate's zone (read inside the transaction), its aggregator and its days. */
  const inZone = () => {
    const zone = zoneOfAggregate.get(TIME_ZONE_KEY)?.value ?? 'UTC';
    let entry = aggregators.get(zone);
    if (!entry) aggregators.set(zone, (entry = { addToProfiles: profileAggregator(db, zone), dayOf: calendarDay(zone) }));
    return entry;
  };
  const addToFunnel = funnelAdder(db);
  let storedNow: ProfileRow[] = [];
  let leadsNow: Submission[] = [];

  const storeOne = (submission: Submission): SubmitResult => {
    const { lead, idempotencyKey, now, consent, routing = noRouting } = submission;
    const email = normalizeEmail(lead.email);
    const ratings = encodeRatings(lead.ratings);
    const id = randomUUID();
    const marketing = consent?.marketing == null ? null : Number(consent.marketing);
    const inserted = insertSubmission.run(
      id,
      email,
      lead.firstName,
      ratings,
      now,
      idempotencyKey ?? null,
      consent?.version ?? null,
      consent?.wording ?? null,
      marketing,
    );
    if (inserted.changes === 0) {
      const earlier = idempotencyKey === undefined ? undefined : findByKey.get(idempotencyKey);
      if (!earlier) throw new Error('A submission was neither stored nor found under its Idempotency-Key.');
      // An honest retry says the same; anything else reuses the key for a different lead.
      const same = earlier.email === email && earlier.first_name === lead.firstName && earlier.ratings === ratings;
      const mail = earlier.mailed === 1 ? 'queued' : routing.email ? 'held' : 'off';
      return same ? { kind: 'stored', id: earlier.public_id, replayed: true, mail, queued: [] } : { kind: 'key_conflict' };
    }
    // One writer at a time: the address's earlier e-mails, this batch's included, are all seen here.
    const mail = !routing.email ? 'off' : mayQueueResultsEmail(mailedTo.all(email, now - MAIL_CAP.dayMs).map((row) => row.created_at), now) ? 'queued' : 'held';
    const queued = outboxChannels.filter((channel) => (channel === 'email' ? mail === 'queued' : routing[channel]));
    for (const channel of queued) insertOutbox.run(newMessageId(), inserted.lastInsertRowid, now, now, channel, channelEvents[channel].submitted);
    storedNow.push({ submitted_at: now, ratings });
    leadsNow.push(submission);
    return { kind: 'stored', id, replayed: false, mail, queued };
  };

  // IMMEDIATE: the write lock is taken at BEGIN, so a database locked by another process fails
  // (SQLITE_BUSY) before any work is done, and the batch can simply be tried again.
  return db.transaction((batch: Submission[]) => {
    const now = batch[0]?.now ?? 0;
    // Forget Idempotency-Keys older than their time to live, at most once a minute.
    if (now - lastForget >= 60_000) {
      lastForget = now;
      forgetKeys.run(now - IDEMPOTENCY_TTL_MS);
    }
    storedNow = [];
    leadsNow = [];
    const results = batch.map(storeOne);
    const { addToProfiles, dayOf } = inZone();
    addToProfiles(storedNow, 1);
    addToFunnel(leadStepCounts(leadsNow, dayOf));
    return results;
  }).immediate;
}
