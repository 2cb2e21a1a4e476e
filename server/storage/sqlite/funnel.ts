/**
 * The funnel's counts on SQLite: per day, step and source (`funnel_daily`), per day and step
 * (`funnel_daily_totals`) and per month, step and source (`funnel_monthly`), so a period of any
 * length reads a few thousand rows (server/analytics/ counts and reports them).
 */
import type { Day } from '../../../src/shared/days';
import { funnelParts } from '../rows';
import { cappedSource } from '../funnel-counts';
import type { FunnelCount, FunnelCounts, FunnelSource, FunnelStore } from '../storage';
import { ensureProfileAggregate, readProfileTotals } from './profiles';
import type { SqliteDatabase } from './binding';

/**
 * Returns a function that adds counts to the funnel tables, inside the caller's transaction (the
 * lead batch's, or `funnelWriter`'s). A new source beyond the day's cap counts as the other one
 * (../funnel-counts.ts): the check and the insert run under SQLite's one write lock.
 */
export function funnelAdder(db: SqliteDatabase): (rows: FunnelCount[]) => void {
  const findSource = db.prepare<[string, string, string, string], { id: number }>(
    'SELECT id FROM funnel_sources WHERE utm_source = ? AND utm_medium = ? AND utm_campaign = ? AND referrer_host = ?',
  );
  const newSourcesOf = db.prepare<[string], { n: number }>('SELECT count(*) AS n FROM funnel_sources WHERE first_day = ?');
  const addSource = db.prepare<[string, string, string, string, string | null], { id: number }>(
    `INSERT INTO funnel_sources (utm_source, utm_medium, utm_campaign, referrer_host, first_day) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET first_day = first_day RETURNING id`,
  );
  const upsert = (table: string, keys: string) =>
    db.prepare<[string, string, ...number[]]>(
      `INSERT INTO ${table} (${keys}, count) VALUES (${keys.split(',').map(() => '?').join(', ')}, ?)
       ON CONFLICT DO UPDATE SET count = count + excluded.count`,
    );
  const daily = upsert('funnel_daily', 'day, step, source_id');
  const totals = upsert('funnel_daily_totals', 'day, step');
  const monthly = upsert('funnel_monthly', 'month, step, source_id');
  const sourceId = (day: string, key: FunnelSource): number => {
    const parts = [key.source, key.medium, key.campaign, key.referrer] as const;
    const known = findSource.get(...parts)?.id;
    if (known !== undefined) return known;
    const { source, isNew } = cappedSource(key, false, newSourcesOf.get(day)?.n ?? 0);
    const found = isNew ? undefined : findSource.get(source.source, source.medium, source.campaign, source.referrer)?.id;
    return found ?? (addSource.get(source.source, source.medium, source.campaign, source.referrer, isNew ? day : null) as { id: number }).id;
  };
  return (rows) => {
    for (const { day, key, count } of rows) {
      const id = sourceId(day, key);
      daily.run(day, key.step, id, count);
      totals.run(day, key.step, count);
      monthly.run(day.slice(0, 7), key.step, id, count);
    }
  };
}

/** Returns a function that adds counts to the funnel tables in one transaction. */
export function funnelWriter(db: SqliteDatabase): (rows: FunnelCount[]) => void {
  // IMMEDIATE: the cap is read before the insert, under the write lock taken at BEGIN.
  return db.transaction(funnelAdder(db)).immediate;
}

/** A period's counts: per-day totals, and per source from the monthly counts for whole months and the daily ones around them. */
export function readFunnelCounts(db: SqliteDatabase, from: Day, to: Day): FunnelCounts {
  const days = db
    .prepare<[Day, Day], FunnelCounts['days'][number]>('SELECT day, step, count FROM funnel_daily_totals WHERE day BETWEEN ? AND ?')
    .all(from, to);
  const sources = db
    .prepare<Record<string, string>, FunnelCounts['sources'][number]>(
      `SELECT s.utm_source, s.utm_medium, s.utm_campaign, s.referrer_host, c.step, c.count
       FROM (
         SELECT source_id, step, sum(count) AS count FROM (
           SELECT source_id, step, count FROM funnel_daily WHERE day BETWEEN @headFrom AND @headTo
           UNION ALL SELECT source_id, step, count FROM funnel_monthly WHERE month BETWEEN @firstMonth AND @lastMonth
           UNION ALL SELECT source_id, step, count FROM funnel_daily WHERE day BETWEEN @tailFrom AND @tailTo
         ) GROUP BY source_id, step
       ) AS c JOIN funnel_sources AS s ON s.id = c.source_id`,
    )
    .all(funnelParts(from, to));
  return { days, sources };
}

/** The funnel's counters and the profile aggregate of a SQLite database. */
export function sqliteFunnelStore(db: SqliteDatabase): FunnelStore {
  const add = funnelWriter(db);
  return {
    addCounts: async (rows) => add(rows),
    readCounts: async (from, to) => readFunnelCounts(db, from, to),
    readProfileTotals: async (from, to) => readProfileTotals(db, from, to),
    // Waits for a lead batch in progress (and leads wait for the rebuild: about 2 s per million submissions).
    useProfileTimeZone: async (timeZone) => void ensureProfileAggregate(db, timeZone),
  };
}
