/** The offers' counters on Postgres (`offer_daily`; server/offers/ counts them). */
import type { Day } from '../../../src/shared/days';
import { bound } from '../bound';
import type { OfferCount, OfferCountsStore, OfferKey } from '../offer-counts';
import { type PostgresPool, transaction } from './connection';

/** Adds counts in one transaction, in key order, so two instances adding to the same counters never deadlock. */
export async function addOfferCounts(pool: PostgresPool, counts: OfferCount[]): Promise<void> {
  const key = (row: OfferCount) => [row.day, row.key.offer, row.key.pattern, row.key.step].join('\u0000');
  const ordered = [...counts].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
  await transaction(pool, async (client) => {
    for (const { day, key: { offer, pattern, step }, count } of ordered) {
      await client.query(
        `INSERT INTO offer_daily (day, offer, pattern, step, count) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (day, offer, pattern, step) DO UPDATE SET count = offer_daily.count + excluded.count`,
        [day, offer, pattern, step, count],
      );
    }
  });
}

export async function readOfferCounts(pool: PostgresPool, from: Day, to: Day): Promise<(OfferKey & { count: number })[]> {
  const { rows } = await pool.query<OfferKey & { count: string }>(
    'SELECT offer, pattern, step, sum(count) AS count FROM offer_daily WHERE day BETWEEN $1 AND $2 GROUP BY offer, pattern, step ORDER BY offer, pattern, step',
    [from, to],
  );
  return rows.map((row) => ({ ...row, count: Number(row.count) }));
}

/** The offers' counters on Postgres. */
export const postgresOfferCounts = (pool: PostgresPool) => bound(pool, { add: addOfferCounts, read: readOfferCounts }) satisfies OfferCountsStore;
