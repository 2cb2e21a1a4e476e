/**
 * The outbox on Postgres, every channel's (one table, a queue per channel): the delivery loops' queues, shared by every instance, and the
 * dashboard's view of the deliveries (the backlog, the failing ones, those given up, a retry now).
 */
import { randomUUID } from 'node:crypto';
import type { DeliveryFilter } from '../../../src/shared/delivery-kinds';
import { deliveriesPage, deliveryColumns, deliveryLeadColumns, type DeliveryListRow, dueColumns, eraseOutcomeSet, notBeingSent, type OutboxRow, previousSubmission, toStoredDelivery } from '../rows';
import type { DueRow, OutboxChannel, OutboxQueue, OutboxUpdate, PendingErase } from '../storage';
import type { DeliveryListParams, RetryOutcome, StoredDeliveries } from '../dashboard-reads';
import type { PostgresPool } from './connection';

/**
 * One channel's queue (`channel`: any of `outboxChannels`). A claim is one statement: the due rows no other transaction holds
 * (`FOR UPDATE SKIP LOCKED`) get a lease (a fresh token) and their next attempt moves to the lease's
 * end, so no other instance takes them meanwhile; if this instance dies, they come due again then.
 * Outcomes are recorded only where the lease is still this claim's.
 */
export function postgresOutboxQueue(pool: PostgresPool, channel: OutboxChannel): OutboxQueue {
  return {
    async claimDue(now, limit, leaseMs) {
      const { rows } = await pool.query<DueRow>(
        `WITH claimed AS (
           UPDATE outbox SET next_attempt_at = $2, lease = $3
           WHERE id IN (
             SELECT id FROM outbox WHERE state = 'pending' AND channel = $5 AND next_attempt_at <= $1
             ORDER BY next_attempt_at LIMIT $4 FOR UPDATE SKIP LOCKED
           )
           RETURNING id, message_id, event, attempts, created_at, submission_id, lease, erase_address
         )
         SELECT ${dueColumns('c')}
         FROM claimed AS c LEFT JOIN submissions AS s ON s.id = c.submission_id ${previousSubmission}
         ORDER BY c.id`,
        [now, now + leaseMs, randomUUID(), limit, channel],
      );
      return rows;
    },
    async record(updates: OutboxUpdate[]) {
      if (updates.length === 0) return;
      await pool.query(
        `UPDATE outbox AS o SET state = u.state, attempts = o.attempts + 1, next_attempt_at = coalesce(u.next, o.next_attempt_at),
           last_attempt_at = u.at, last_status = u.status, last_reply = u.reply, lease = NULL, ${eraseOutcomeSet('u.tool', 'u.result', 'u.state')}
         FROM unnest($1::bigint[], $2::text[], $3::text[], $4::bigint[], $5::bigint[], $6::int[], $7::text[], $8::text[], $9::text[])
           AS u (id, lease, state, next, at, status, reply, tool, result)
         WHERE o.id = u.id AND o.lease = u.lease`,
        [
          updates.map((update) => update.row.id),
          updates.map((update) => update.row.lease),
          updates.map((update) => update.state),
          updates.map((update) => update.nextAttemptAt),
          updates.map((update) => update.now),
          updates.map((update) => update.status),
          updates.map((update) => update.reply),
          updates.map((update) => update.erased?.tool ?? null),
          updates.map((update) => update.erased?.result ?? null),
        ],
      );
    },
    async nextDueAt() {
      const { rows } = await pool.query<{ at: number | null }>(
        "SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending' AND channel = $1",
        [channel],
      );
      return rows[0]?.at ?? null;
    },
    async pendingErases() {
      // The pending rows' index (outbox_due_by_channel): normally none is an erase.
      const { rows } = await pool.query<PendingErase>(
        `SELECT id, erase_address FROM outbox
         WHERE state = 'pending' AND channel = $1 AND event = 'erase' AND erase_address IS NOT NULL ORDER BY id`,
        [channel],
      );
      return rows;
    },
  };
}

const where: Record<DeliveryFilter, string> = {
  failing: "o.state = 'pending' AND o.attempts > 0",
  pending: "o.state = 'pending'",
  // Most of the table: read newest first along the primary key, never counted.
  delivered: "o.state = 'delivered'",
  gone: "o.state = 'gone'",
  expired: "o.state = 'expired'",
};

export async function listDeliveries(pool: PostgresPool, { filter, cursor, limit }: DeliveryListParams): Promise<StoredDeliveries> {
  const { rows } = await pool.query<DeliveryListRow>(
    `SELECT ${deliveryColumns}, ${deliveryLeadColumns}
     FROM outbox AS o
     WHERE ${where[filter]} AND o.id < $1 ORDER BY o.id DESC LIMIT $2`,
    [cursor ?? Number.MAX_SAFE_INTEGER, limit + 1],
  );
  const counts = (
    await pool.query<{ pending: number; failing: number; gone: number; expired: number; oldest: number | null }>(
      `SELECT (SELECT count(*) FROM outbox AS o WHERE ${where.pending}) AS pending,
         (SELECT count(*) FROM outbox AS o WHERE ${where.failing}) AS failing,
         (SELECT count(*) FROM outbox AS o WHERE ${where.gone}) AS gone,
         (SELECT count(*) FROM outbox AS o WHERE ${where.expired}) AS expired,
         (SELECT min(created_at) FROM outbox AS o WHERE ${where.pending}) AS oldest`,
    )
  ).rows[0];
  return deliveriesPage(
    rows,
    limit,
    { pending: counts?.pending ?? 0, failing: counts?.failing ?? 0, gone: counts?.gone ?? 0, expired: counts?.expired ?? 0 },
    counts?.oldest,
  );
}

/** Puts a delivery back in the queue, due now, unless a round is sending it right now (see the contract). */
export async function retryDelivery(pool: PostgresPool, id: number, now: number): Promise<RetryOutcome> {
  const { rows } = await pool.query<{ state: string; event: string; kept: boolean }>(
    'SELECT state, event, erase_address IS NOT NULL AS kept FROM outbox WHERE id = $1',
    [id],
  );
  const row = rows[0];
  if (!row) return { problem: 'not_found' };
  if (row.state === 'delivered') return { problem: 'delivered' };
  if (row.event === 'erase' && !row.kept) return { problem: 'wiped' };
  const updated = await pool.query<OutboxRow>(
    `UPDATE outbox SET state = 'pending', next_attempt_at = $1 WHERE id = $2 AND state <> 'delivered' AND ${notBeingSent('$1')}`,
    [now, id],
  );
  const current = await pool.query<OutboxRow>(`SELECT ${deliveryColumns} FROM outbox AS o WHERE o.id = $1`, [id]);
  const delivery = current.rows[0];
  if (!delivery) return { problem: 'not_found' };
  return updated.rowCount === 0 && delivery.state === 'delivered' ? { problem: 'delivered' } : { delivery: toStoredDelivery(delivery) };
}
