/**
 * The funnel's counts on Postgres: per day, step and source (`funnel_daily`), per day and step
 * (`funnel_daily_totals`) and per month, step and source (`funnel_monthly`). Each instance adds up
 * its own counts in memory and writes them once a second (server/analytics/counter.ts).
 */
import type { Day } from '../../../src/shared/days';
import { funnelParts } from '../rows';
import type { PoolClient } from 'pg';
import { cappedSource, inKeyOrder } from '../funnel-counts';
import { bound } from '../bound';
import type { FunnelCount, FunnelCounts, FunnelSource, FunnelStore } from '../storage';
import { ensureProfileAggregate, readProfileTotals } from './profiles';
import { type PostgresPool, transaction } from './connection';

/** The advisory lock under which instances create new funnel sources (an arbitrary constant of this app). */
const NEW_SOURCES_LOCK = 4_276_021;

/**
 * Adds counts to the funnel tables inside the caller's transaction (a lead batch's, or
 * `addFunnelCounts`'s), in a fixed order so two instances adding to the same counters never
 * deadlock. A new source beyond the day's cap counts as the other one (../funnel-counts.ts); new
 * sources are created under a transaction-scoped advisory lock, so instances never exceed the cap.
 */
export async function addCounts(client: PoolClient, counts: FunnelCount[]): Promise<void> {
  const findSource = async (key: FunnelSource) =>
    (
      await client.query<{ id: number }>(
        'SELECT id FROM funnel_sources WHERE utm_source = $1 AND utm_medium = $2 AND utm_campaign = $3 AND referrer_host = $4',
        [key.source, key.medium, key.campaign, key.referrer],
      )
    ).rows[0]?.id;
  const sourceId = async (day: string, key: FunnelSource): Promise<number> => {
    const known = await findSource(key);
    if (known !== undefined) return known;
    await client.query('SELECT pg_advisory_xact_lock($1)', [NEW_SOURCES_LOCK]);
    const newToday = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM funnel_sources WHERE first_day = $1', [day]);
    const { source, isNew } = cappedSource(key, (await findSource(key)) !== undefined, newToday.rows[0]?.n ?? 0);
    await client.query(
      `INSERT INTO funnel_sources (utm_source, utm_medium, utm_campaign, referrer_host, first_day) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT DO NOTHING`,
      [source.source, source.medium, source.campaign, source.referrer, isNew ? day : null],
    );
    const id = await findSource(source);
    if (id === undefined) throw new Error('A funnel source was neither stored nor found.');
    return id;
  };
  for (const { day, key, count } of inKeyOrder(counts)) {
    const id = await sourceId(day, key);
    // The three counters in one statement: one round trip, whichever rows it locks.
    await client.query(
      `WITH daily AS (
         INSERT INTO funnel_daily (day, step, source_id, count) VALUES ($1, $2, $3, $4)
         ON CONFLICT (day, step, source_id) DO UPDATE SET count = funnel_daily.count + excluded.count
       ), totals AS (
         INSERT INTO funnel_daily_totals (day, step, count) VALUES ($1, $2, $4)
         ON CONFLICT (day, step) DO UPDATE SET count = funnel_daily_totals.count + excluded.count
       )
       INSERT INTO funnel_monthly (month, step, source_id, count) VALUES ($5, $2, $3, $4)
       ON CONFLICT (month, step, source_id) DO UPDATE SET count = funnel_monthly.count + excluded.count`,
      [day, key.step, id, count, day.slice(0, 7)],
    );
  }
}

/** Adds counts to the funnel tables in one transaction. */
export async function addFunnelCounts(pool: PostgresPool, counts: FunnelCount[]): Promise<void> {
  await transaction(pool, (client) => addCounts(client, counts));
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

/** The funnel's counters and the profile aggregate on Postgres. */
export const postgresFunnelStore = (pool: PostgresPool) =>
  bound(pool, { addCounts: addFunnelCounts, readCounts: readFunnelCounts, readProfileTotals, useProfileTimeZone: ensureProfileAggregate }) satisfies FunnelStore;
