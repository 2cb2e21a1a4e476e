/**
 * The funnel for a period: totals per step and a daily series from the per-day totals, and the
 * breakdown by source from the monthly counts for whole months and the daily ones for the days
 * around them. Even two years read only a few thousand rows, and never anything about a person.
 */
import type Database from 'better-sqlite3';
import { FUNNEL_SOURCES_LIMIT, type FunnelResponse, type FunnelSource, type StepCounts } from '../../src/shared/coach-api';
import { funnelSteps, type FunnelStep } from '../../src/shared/funnel';
import { addDays, daysBetween, type Day } from './days';

const zeroCounts = (): StepCounts => Object.fromEntries(funnelSteps.map((step) => [step, 0])) as StepCounts;
const orNull = (value: string) => (value === '' ? null : value);

export type DayRow = { day: Day; step: FunnelStep; count: number };
export type SourceRow = { utm_source: string; utm_medium: string; utm_campaign: string; referrer_host: string; step: FunnelStep; count: number };

/**
 * The whole months inside a period (`YYYY-MM`, first and last), or null when there is none; the
 * days before the first and after the last are read day by day.
 */
export function wholeMonths(from: Day, to: Day): { first: string; last: string; headEnd: Day; tailStart: Day } | null {
  const firstStart = from.endsWith('-01') ? from : `${addDays(`${from.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
  const afterTo = addDays(to, 1);
  const lastEnd = afterTo.endsWith('-01') ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  if (firstStart > lastEnd) return null;
  return { first: firstStart.slice(0, 7), last: lastEnd.slice(0, 7), headEnd: addDays(firstStart, -1), tailStart: addDays(lastEnd, 1) };
}

/** The parts of a period the source breakdown reads: days before the whole months, the months, days after. */
export function funnelParts(from: Day, to: Day): Record<'headFrom' | 'headTo' | 'firstMonth' | 'lastMonth' | 'tailFrom' | 'tailTo', string> {
  const months = wholeMonths(from, to);
  return months
    ? { headFrom: from, headTo: months.headEnd, firstMonth: months.first, lastMonth: months.last, tailFrom: months.tailStart, tailTo: to }
    : { headFrom: from, headTo: to, firstMonth: '', lastMonth: '', tailFrom: '', tailTo: '' };
}

export function readFunnel(db: Database.Database, from: Day, to: Day, timeZone: string): FunnelResponse {
  const dayRows = db
    .prepare<[Day, Day], DayRow>('SELECT day, step, count FROM funnel_daily_totals WHERE day BETWEEN ? AND ?')
    .all(from, to);
  const sourceRows = db
    .prepare<Record<string, string>, SourceRow>(
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
  return assembleFunnel(from, to, timeZone, dayRows, sourceRows);
}

/** The funnel answer from the per-day totals and the per-source counts of the period (either backend). */
export function assembleFunnel(from: Day, to: Day, timeZone: string, dayRows: DayRow[], sourceRows: SourceRow[]): FunnelResponse {
  const byDay = new Map<Day, StepCounts>(daysBetween(from, to).map((day) => [day, zeroCounts()]));
  const totals = zeroCounts();
  for (const { day, step, count } of dayRows) {
    const counts = byDay.get(day);
    // A step no longer in the funnel (renamed in a later version) is not shown.
    if (!counts || !(step in counts)) continue;
    counts[step] += count;
    totals[step] += count;
  }

  const sources = new Map<string, FunnelSource>();
  for (const row of sourceRows) {
    const id = JSON.stringify([row.utm_source, row.utm_medium, row.utm_campaign, row.referrer_host]);
    let source = sources.get(id);
    if (!source) {
      source = {
        utmSource: orNull(row.utm_source),
        utmMedium: orNull(row.utm_medium),
        utmCampaign: orNull(row.utm_campaign),
        referrerHost: orNull(row.referrer_host),
        counts: zeroCounts(),
      };
      sources.set(id, source);
    }
    if (row.step in source.counts) source.counts[row.step] += row.count;
  }
  // Most landings first, then most starts; ties in a fixed order (by the source's parts).
  const label = (source: FunnelSource) => [source.utmSource, source.utmMedium, source.utmCampaign, source.referrerHost].join('\u0000');
  const ranked = [...sources.values()].sort(
    (a, b) =>
      (b.counts.landing ?? 0) - (a.counts.landing ?? 0) ||
      (b.counts.quiz_started ?? 0) - (a.counts.quiz_started ?? 0) ||
      label(a).localeCompare(label(b)),
  );
  const rest = ranked.slice(FUNNEL_SOURCES_LIMIT);
  let otherSources: StepCounts | null = null;
  if (rest.length > 0) {
    otherSources = zeroCounts();
    for (const source of rest) for (const step of funnelSteps) otherSources[step] += source.counts[step] ?? 0;
  }

  return {
    from,
    to,
    timeZone,
    steps: funnelSteps.map((step) => ({ step, count: totals[step] ?? 0 })),
    daily: [...byDay].map(([date, counts]) => ({ date, counts })),
    sources: ranked.slice(0, FUNNEL_SOURCES_LIMIT),
    otherSources,
  };
}
