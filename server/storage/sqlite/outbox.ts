/**
 * The outbox on SQLite, every channel's (the webhook's, the results e-mail's, the e-mail tool's: one
 * table, a queue per channel): the delivery loops' queues (a claim with a lease, outcomes recorded under it) and the
 * dashboard's view of the deliveries (the backlog, the failing ones, those given up, a retry now). Counts and lists use the outbox's partial indexes (pending, failing, gone,
 * expired), so the million delivered rows are never read, nor a burst's backlog for the failing few.
 */
import { randomUUID } from 'node:crypto';
import type { DeliveryFilter } from '../../../src/shared/delivery-kinds';
import { deliveriesPage, deliveryColumns, deliveryLeadColumns, type DeliveryListRow, dueColumns, eraseOutcomeSet, notBeingSent, type OutboxRow, previousSubmission, toStoredDelivery } from '../rows';
import type { DueRow, OutboxChannel, OutboxQueue, OutboxUpdate, PendingErase } from '../storage';
import type { DeliveryListParams, RetryOutcome, StoredDeliveries } from '../dashboard-reads';
import type { SqliteDatabase } from './binding';

/**
 * One channel's queue on SQLite (`channel`: any of `outboxChannels`). One process delivers, but
 * the contract is Postgres's: a round claims its rows with a lease (one small transaction), and
 * outcomes are recorded under it.
 */
export function sqliteOutboxQueue(db: SqliteDatabase, channel: OutboxChannel): OutboxQueue {
  const due = db.prepare<[OutboxChannel, number, number], DueRow>(
    `SELECT ${dueColumns('o')}
     FROM outbox o INDEXED BY outbox_due_by_channel LEFT JOIN submissions s ON s.id = o.submission_id ${previousSubmission}
     WHERE o.state = 'pending' AND o.channel = ? AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at LIMIT ?`,
  );
  const lease = db.prepare<[number, string, number]>('UPDATE outbox SET next_attempt_at = ?, lease = ? WHERE id = ?');
  const claim = db.transaction((now: number, limit: number, leaseMs: number) => {
    const token = randomUUID();
    const rows = due.all(channel, now, limit);
    for (const row of rows) lease.run(now + leaseMs, token, row.id);
    return rows.map((row) => ({ ...row, lease: token }));
  });
  const nextDue = db.prepare<[OutboxChannel], { at: number | null }>(
    "SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending' AND channel = ?",
  );
  // The erases are exactly the rows with no submission (a CHECK): found through the submission
  // index, the read touches only the erases ever queued, never a backlog of pushes.
  const erases = db.prepare<[OutboxChannel], PendingErase>(
    `SELECT id, erase_address FROM outbox INDEXED BY outbox_by_submission
     WHERE submission_id IS NULL AND state = 'pending' AND channel = ? AND erase_address IS NOT NULL ORDER BY id`,
  );
  const update = db.prepare<[string, number | null, number, number | null, string | null, string | null, string | null, string, number, string | null]>(
    `UPDATE outbox SET state = ?, attempts = attempts + 1, next_attempt_at = coalesce(?, next_attempt_at), last_attempt_at = ?,
       last_status = ?, last_reply = ?, lease = NULL, ${eraseOutcomeSet('?', '?', '?')} WHERE id = ? AND lease IS ?`,
  );
  const record = db.transaction((updates: OutboxUpdate[]) => {
    for (const { row, state, nextAttemptAt, status, reply, now, erased } of updates) {
      update.run(state, nextAttemptAt, now, status, reply, erased?.tool ?? null, erased?.result ?? null, state, row.id, row.lease);
    }
  });
  return {
    // IMMEDIATE: a claim reads then writes; begun as a read, it could not wait for the other thread's write.
    claimDue: async (now, limit, leaseMs) => claim.immediate(now, limit, leaseMs),
    record: async (updates) => record.immediate(updates),
    nextDueAt: async () => nextDue.get(channel)?.at ?? null,
    pendingErases: async () => erases.all(channel),
  };
}

/**
 * Each filter with the index that holds exactly its rows. Delivered rows are most of the table: they
 * are read newest first along the primary key, where nearly every row is one (and never counted).
 */
export const deliveryFilters: Record<DeliveryFilter, { from: string; where: string }> = {
  failing: { from: 'outbox AS o INDEXED BY outbox_failing', where: "o.state = 'pending' AND o.attempts > 0" },
  pending: { from: 'outbox AS o INDEXED BY outbox_due_by_channel', where: "o.state = 'pending'" },
  delivered: { from: 'outbox AS o', where: "o.state = 'delivered'" },
  gone: { from: 'outbox AS o INDEXED BY outbox_gone', where: "o.state = 'gone'" },
  expired: { from: 'outbox AS o INDEXED BY outbox_expired', where: "o.state = 'expired'" },
};

const count = (db: SqliteDatabase, filter: Exclude<DeliveryFilter, 'delivered'>) =>
  (db.prepare(`SELECT count(*) AS n FROM ${deliveryFilters[filter].from} WHERE ${deliveryFilters[filter].where}`).get() as { n: number }).n;

export function listDeliveries(db: SqliteDatabase, { filter, cursor, limit }: DeliveryListParams): StoredDeliveries {
  const { from, where } = deliveryFilters[filter];
  const rows = db
    .prepare<[number, number], DeliveryListRow>(
      `SELECT ${deliveryColumns}, ${deliveryLeadColumns} FROM ${from}
       WHERE ${where} AND o.id < ? ORDER BY o.id DESC LIMIT ?`,
    )
    .all(cursor ?? Number.MAX_SAFE_INTEGER, limit + 1);
  const oldest = db
    .prepare<[], { at: number | null }>("SELECT min(created_at) AS at FROM outbox AS o INDEXED BY outbox_due_by_channel WHERE o.state = 'pending'")
    .get()?.at;
  const counts = { pending: count(db, 'pending'), failing: count(db, 'failing'), gone: count(db, 'gone'), expired: count(db, 'expired') };
  return deliveriesPage(rows, limit, counts, oldest);
}

/**
 * Puts a delivery back in the queue, due now. A given-up one gets one more attempt (it has been
 * more than three days, so a failure gives it up again); a pending one is tried at once, unless it
 * is being sent right now (claimed under a lease that has not ended): then it is left to that
 * attempt, so it is never sent twice at once.
 */
export function retryDelivery(db: SqliteDatabase, id: number, now: number): RetryOutcome {
  const row = db.prepare<[number], { state: string; event: string; kept: number }>(
    'SELECT state, event, erase_address IS NOT NULL AS kept FROM outbox WHERE id = ?',
  ).get(id);
  if (!row) return { problem: 'not_found' };
  if (row.state === 'delivered') return { problem: 'delivered' };
  if (row.event === 'erase' && !row.kept) return { problem: 'wiped' };
  db.prepare<[number, number, number]>(
    `UPDATE outbox SET state = 'pending', next_attempt_at = ? WHERE id = ? AND ${notBeingSent('?')}`,
  ).run(now, id, now);
  const updated = db.prepare<[number], OutboxRow>(`SELECT ${deliveryColumns} FROM outbox AS o WHERE o.id = ?`).get(id);
  return updated ? { delivery: toStoredDelivery(updated) } : { problem: 'not_found' };
}
