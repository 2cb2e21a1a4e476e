/**
 * The funnel's counts on Postgres: per day, step and source (`funnel_daily`), per day and step
 * (`funnel_daily_totals`) and per month, step and source (`funnel_monthly`). Each instance adds up
 * its own counts in memory and writes them once a second (server/analytics/counter.ts).
 */
import type { Day } from '../../../src/shared/days';
import { funnelParts } from '../rows';
import type { FunnelCount, FunnelCounts } from '../storage';
import { type PostgresPool, transaction } from './connection';

/** Adds counts to the funnel tables in one transaction. */
export async function addFunnelCounts(pool: PostgresPool, counts: FunnelCount[]): Promise<void> {
  // In a fixed order, so two instances adding to the same counters never deadlock.
  const keyOf = (count: FunnelCount) => JSON.stringify([count.day, count.key.step, count.key.source, count.key.medium, count.key.campaign, count.key.referrer]);
  const sorted = [...counts].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
  await transaction(pool, async (client) => {
    for (const { day, key, count } of sorted) {
      const source = [key.source, key.medium, key.campaign, key.referrer];
      await client.query(
        'INSERT INTO funnel_sources (utm_source, utm_medium, utm_campaign, referrer_host) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        source,
      );
      const found = await client.query<{ id: number }>(
        'SELECT id FROM funnel_sources WHERE utm_source = $1 AND utm_medium = $2 AND utm_campaign = $3 AND referrer_host = $4',
        source,
      );
      const id = found.rows[0]?.id;
      if (id === undefined) throw new Error('A funnel source was neither stored nor found.');
      await client.query(
        `INSERT INTO funnel_daily (day, step, source_id, count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (day, step, source_id) DO UPDATE SET count = funnel_daily.count + excluded.count`,
        [day, key.step, id, count],
      );
      await client.query(
        `INSERT INTO funnel_daily_totals (day, step, count) VALUES ($1, $2, $3)
         ON CONFLICT (day, step) DO UPDATE SET count = funnel_daily_totals.count + excluded.count`,
        [day, key.step, count],
      );
      await client.query(
        `INSERT INTO funnel_monthly (month, step, source_id, count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (month, step, source_id) DO UPDATE SET count = funnel_monthly.count + excluded.count`,
        [day.slice(0, 7), key.step, id, count],
      );
    }
  });
}

/** A period's counts: per-day totals, and per source from the monthly counts for whole months and the daily ones around them. */
export async function readFunnelCounts(pool: PostgresPool, from: Day, to: Day): Promise<FunnelCounts> {
  const days = await pool.query<FunnelCounts['days'][number]>('SELECT day, step, count FROM funnel_daily_totals WHERE day BETWEEN $1 AND $2', [from, to]);
  const parts = funnelParts(from, to);
  const sources = await pool.query<FunnelCounts['sources'][number]>(
    `SELECT s.utm_source, s.utm_medium, s.utm_campaign, s.referrer_host, c.step, c.count
     FROM (
       SELECT source_id, step, sum(count) AS count FROM (
         SELECT source_id, step, count FROM funnel_daily WHERE day BETWEEN $1 AND $2
         UNION ALL SELECT source_id, step, count FROM funnel_monthly WHERE month BETWEEN $3 AND $4
         UNION ALL SELECT source_id, step, count FROM funnel_daily WHERE day BETWEEN $5 AND $6
       ) AS parts GROUP BY source_id, step
     ) AS c JOIN funnel_sources AS s ON s.id = c.source_id`,
    [parts.headFrom, parts.headTo, parts.firstMonth, parts.lastMonth, parts.tailFrom, parts.tailTo],
  );
  return { days: days.rows, sources: sources.rows };
}
