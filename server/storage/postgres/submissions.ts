/**
 * Storing leads on Postgres: the one transaction that stores a batch of submissions (the backend's
 * part of the group commit, server/storage/group-commit.ts): one multi-row insert, its outbox
 * rows, one update of the profile aggregate per day. Uniqueness of Idempotency-Keys is the
 * database's (a unique index), so two instances given the same key store one submission and
 * answer both with its id.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { calendarDay } from '../../../src/shared/days';
import { encodeRatings } from '../../../src/shared/ratings';
import { normalizeEmail } from '../email';
import { newMessageId } from '../message-id';
import { leadStepCounts } from '../funnel-counts';
import { MAIL_CAP, mayQueueResultsEmail } from '../mail-cap';
import { profileSumsByDay, TIME_ZONE_KEY } from '../profile-sums';
import { channelEvents, IDEMPOTENCY_TTL_MS, noRouting, type OutboxChannel, outboxChannels, type Submission, type SubmitResult } from '../storage';
import { type PostgresClient, type PostgresPool, transaction } from './connection';
import { addCounts } from './funnel';
import { addToProfiles, PROFILE_SHARDS } from './profiles';

type Earlier = { public_id: string; email: string; first_name: string; ratings: string; idempotency_key: string; mailed: boolean };

/** The advisory locks under which instances count an address's results e-mails (an arbitrary constant of this app, then the address's hash). */
const MAIL_CAP_LOCK = 0x6d61696c;

/**
 * Returns a function that stores a batch in ONE transaction on a pooled connection: for each
 * submission one row (with its Idempotency-Key) and one outbox row on each channel its routing has
 * on (the results e-mail within the address's share); then the profile
 * aggregate, in the zone it is built in. That zone is read first, with a share lock on its row: a
 * change of the analytics time zone (`ensureProfileAggregate`, on any instance) takes that row's
 * lock before it rebuilds, so it waits for batches in flight, and batches after it wait for it and
 * then read the new zone. No batch mixes two zones' days. Last, the funnel's `lead` step of each new
 * submission, on its day in that zone. It rejects, having stored nothing, if any part fails.
 */
export function batchWriter(pool: PostgresPool): (batch: Submission[]) => Promise<SubmitResult[]> {
  const days = new Map<string, (ms: number) => string>();
  const dayIn = (zone: string) => {
    let dayOf = days.get(zone);
    if (!dayOf) days.set(zone, (dayOf = calendarDay(zone)));
    return dayOf;
  };
  let lastForget = 0;
  /** The profile aggregate's shard of the next batch; instances start at different ones. */
  let shard = randomInt(PROFILE_SHARDS);

  return async (batch) => {
    const now = batch[0]?.now ?? Date.now();
    const rows = batch.map(({ lead, idempotencyKey, consent, routing = noRouting }) => ({
      publicId: randomUUID(),
      email: normalizeEmail(lead.email),
      firstName: lead.firstName,
      ratings: encodeRatings(lead.ratings),
      key: idempotencyKey ?? null,
      consent,
      routing,
    }));
    return transaction(pool, async (client) => {
      const zone = await client.query<{ value: string }>('SELECT value FROM analytics_meta WHERE key = $1 FOR SHARE', [TIME_ZONE_KEY]);
      const dayOf = dayIn(zone.rows[0]?.value ?? 'UTC');
      // Forget Idempotency-Keys older than their time to live, at most once a minute per instance.
      if (now - lastForget >= 60_000) {
        lastForget = now;
        await client.query('UPDATE submissions SET idempotency_key = NULL WHERE idempotency_key IS NOT NULL AND submitted_at < $1', [
          now - IDEMPOTENCY_TTL_MS,
        ]);
      }
      // A known key makes the insert skip that row (whichever instance stored it, even at this moment).
      const inserted = await client.query<{ id: number; public_id: string }>(
        `INSERT INTO submissions (public_id, email, first_name, ratings, submitted_at, idempotency_key,
           consent_version, consent_wording, marketing_consent)
         SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::bigint[], $6::text[], $7::text[], $8::text[], $9::smallint[])
         ON CONFLICT (idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
         RETURNING id, public_id`,
        [
          rows.map((row) => row.publicId),
          rows.map((row) => row.email),
          rows.map((row) => row.firstName),
          rows.map((row) => row.ratings),
          batch.map((pending) => pending.now),
          rows.map((row) => row.key),
          rows.map((row) => row.consent?.version ?? null),
          rows.map((row) => row.consent?.wording ?? null),
          rows.map((row) => (row.consent?.marketing == null ? null : Number(row.consent.marketing))),
        ],
      );
      const idOf = new Map(inserted.rows.map((row) => [row.public_id, row.id]));
      const skippedKeys = rows.filter((row) => !idOf.has(row.publicId)).map((row) => row.key);
      const earlier = new Map<string, Earlier>();
      if (skippedKeys.length > 0) {
        const found = await client.query<Earlier>(
          `SELECT public_id, email, first_name, ratings, idempotency_key,
             EXISTS (SELECT 1 FROM outbox WHERE submission_id = submissions.id AND channel = 'email') AS mailed
           FROM submissions WHERE idempotency_key = ANY($1::text[])`,
          [skippedKeys],
        );
        for (const row of found.rows) earlier.set(row.idempotency_key, row);
      }
      const stored = rows.map((row, index) => ({ row, index, now: batch[index]?.now ?? now })).filter(({ row }) => idOf.has(row.publicId));
      const mailed = await mailCap(client, stored.filter(({ row }) => row.routing.email));
      /** The channels a new submission queues on: each its routing has on, the results e-mail within the address's share. */
      const channelsOf = (row: (typeof rows)[number]): OutboxChannel[] =>
        outboxChannels.filter((channel) => (channel === 'email' ? mailed.has(row.publicId) : row.routing[channel]));
      const results = rows.map((row): SubmitResult => {
        if (idOf.has(row.publicId)) {
          const mail = !row.routing.email ? 'off' : mailed.has(row.publicId) ? 'queued' : 'held';
          return { kind: 'stored', id: row.publicId, replayed: false, mail, queued: channelsOf(row) };
        }
        const before = row.key === null ? undefined : earlier.get(row.key);
        if (!before) throw new Error('A submission was neither stored nor found under its Idempotency-Key.');
        // An honest retry says the same; anything else reuses the key for a different lead.
        const same = before.email === row.email && before.first_name === row.firstName && before.ratings === row.ratings;
        const mail = before.mailed ? 'queued' : row.routing.email ? 'held' : 'off';
        return same ? { kind: 'stored', id: before.public_id, replayed: true, mail, queued: [] } : { kind: 'key_conflict' };
      });
      const queued = stored.flatMap((entry) => channelsOf(entry.row).map((channel) => ({ ...entry, channel, event: channelEvents[channel].submitted })));
      if (queued.length > 0) {
        await client.query(
          `INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event)
           SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $3::bigint[], $4::text[], $5::text[])`,
          [
            queued.map(() => newMessageId()),
            queued.map(({ row }) => idOf.get(row.publicId)),
            queued.map((entry) => entry.now),
            queued.map((entry) => entry.channel),
            queued.map((entry) => entry.event),
          ],
        );
      }
      // Last, so the aggregate's row is locked as briefly as possible (until the commit).
      shard = (shard + 1) % PROFILE_SHARDS;
      const sums = profileSumsByDay(stored.map(({ row, now: at }) => ({ submitted_at: at, ratings: row.ratings })), dayOf, 1);
      await addToProfiles(client, sums, shard);
      // The funnel's lead step of each new submission (../funnel-counts.ts), in the same transaction.
      await addCounts(client, leadStepCounts(stored.map(({ index }) => batch[index] as Submission), dayOf));
      return results;
    });
  };
}

/**
 * Which of these new submissions get the results e-mail (../mail-cap.ts): each address is counted
 * under an advisory lock of its own, held to the commit, so two instances storing the same address
 * at once take turns, and the second sees the first's e-mail. Locks are taken in one order (no
 * deadlock between two batches).
 */
async function mailCap(client: PostgresClient, stored: { row: { publicId: string; email: string }; now: number }[]): Promise<Set<string>> {
  if (stored.length === 0) return new Set();
  const emails = [...new Set(stored.map(({ row }) => row.email))].sort();
  const earlier = new Map<string, number[]>(emails.map((email) => [email, []]));
  for (const email of emails) await client.query('SELECT pg_advisory_xact_lock($1, hashtext($2))', [MAIL_CAP_LOCK, email]);
  const since = Math.min(...stored.map(({ now }) => now)) - MAIL_CAP.dayMs;
  const found = await client.query<{ email: string; created_at: string }>(
    `SELECT submissions.email, outbox.created_at FROM submissions JOIN outbox ON outbox.submission_id = submissions.id
     WHERE submissions.email = ANY($1::text[]) AND outbox.channel = 'email' AND outbox.created_at > $2`,
    [emails, since],
  );
  for (const row of found.rows) earlier.get(row.email)?.push(Number(row.created_at));
  const mailed = new Set<string>();
  for (const { row, now } of stored) {
    const times = earlier.get(row.email) ?? [];
    if (!mayQueueResultsEmail(times, now)) continue;
    mailed.add(row.publicId);
    times.push(now);
  }
  return mailed;
}
