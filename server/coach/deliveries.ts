/**
 * Webhook deliveries for the dashboard: the backlog, the failing ones, those given up, and a retry
 * now. Counts and lists use the outbox's partial indexes (pending, gone, expired), so the million
 * delivered rows are never read.
 */
import type Database from 'better-sqlite3';
import type { DeliveriesResponse, Delivery, DeliveryFilter, DeliveryWithLead } from '../../src/shared/coach-api';
import { toDelivery, type OutboxRow } from './leads-query';

const deliveryColumns =
  'o.id AS o_id, o.webhook_id, o.state, o.attempts, o.created_at, o.next_attempt_at, o.last_attempt_at, o.last_status';

/** Each filter with the index that holds exactly its rows. */
const filters: Record<DeliveryFilter, { index: string; where: string }> = {
  failing: { index: 'outbox_due', where: "o.state = 'pending' AND o.attempts > 0" },
  pending: { index: 'outbox_due', where: "o.state = 'pending'" },
  gone: { index: 'outbox_gone', where: "o.state = 'gone'" },
  expired: { index: 'outbox_expired', where: "o.state = 'expired'" },
};

const count = (db: Database.Database, filter: DeliveryFilter) =>
  (db.prepare(`SELECT count(*) AS n FROM outbox AS o INDEXED BY ${filters[filter].index} WHERE ${filters[filter].where}`).get() as { n: number }).n;

export function listDeliveries(
  db: Database.Database,
  { filter, cursor, limit, webhookConfigured }: { filter: DeliveryFilter; cursor: number | null; limit: number; webhookConfigured: boolean },
): DeliveriesResponse {
  const { index, where } = filters[filter];
  const rows = db
    .prepare<[number, number], OutboxRow & { email: string; submission_id: number }>(
      `SELECT ${deliveryColumns}, s.email, o.submission_id FROM outbox AS o INDEXED BY ${index}
       JOIN submissions AS s ON s.id = o.submission_id
       WHERE ${where} AND o.id < ? ORDER BY o.id DESC LIMIT ?`,
    )
    .all(cursor ?? Number.MAX_SAFE_INTEGER, limit + 1);
  const page = rows.slice(0, limit);
  const oldest = db
    .prepare<[], { at: number | null }>("SELECT min(created_at) AS at FROM outbox AS o INDEXED BY outbox_due WHERE o.state = 'pending'")
    .get()?.at;
  const last = page[page.length - 1];
  return {
    webhookConfigured,
    counts: { pending: count(db, 'pending'), failing: count(db, 'failing'), gone: count(db, 'gone'), expired: count(db, 'expired') },
    oldestPendingAt: oldest === null || oldest === undefined ? null : new Date(oldest).toISOString(),
    deliveries: page.map((row): DeliveryWithLead => ({ ...toDelivery(row), email: row.email, leadId: String(row.submission_id) })),
    nextCursor: rows.length > limit && last ? String(last.o_id) : null,
  };
}

/** SQL: the row is not claimed by a round in progress (no lease, or its lease has ended at `now`). */
export const notBeingSent = (now: string) => `(lease IS NULL OR state <> 'pending' OR next_attempt_at <= ${now})`;

export type RetryOutcome = { delivery: Delivery } | { problem: 'not_found' | 'delivered' };

/**
 * Puts a delivery back in the queue, due now. A given-up one gets one more attempt (it has been
 * more than three days, so a failure gives it up again); a pending one is tried at once, unless it
 * is being sent right now (claimed under a lease that has not ended): then it is left to that
 * attempt, so it is never sent twice at once.
 */
export function retryDelivery(db: Database.Database, id: number, now: number): RetryOutcome {
  const row = db.prepare<[number], { state: string }>('SELECT state FROM outbox WHERE id = ?').get(id);
  if (!row) return { problem: 'not_found' };
  if (row.state === 'delivered') return { problem: 'delivered' };
  db.prepare<[number, number, number]>(
    `UPDATE outbox SET state = 'pending', next_attempt_at = ? WHERE id = ? AND ${notBeingSent('?')}`,
  ).run(now, id, now);
  const updated = db.prepare<[number], OutboxRow>(`SELECT ${deliveryColumns} FROM outbox AS o WHERE o.id = ?`).get(id);
  return updated ? { delivery: toDelivery(updated) } : { problem: 'not_found' };
}
