/**
 * The funnel for a period, read from the daily counters: totals per step, a daily series and the
 * breakdown by source. Reads only the rows of the period's days (the table's key starts with the
 * day), never anything about a person.
 */
import type Database from 'better-sqlite3';
import { FUNNEL_SOURCES_LIMIT, type FunnelResponse, type FunnelSource, type StepCounts } from '../../src/shared/coach-api';
import { funnelSteps, type FunnelStep } from '../../src/shared/funnel';
import { daysBetween, type Day } from './days';

const zeroCounts = (): StepCounts => Object.fromEntries(funnelSteps.map((step) => [step, 0])) as StepCounts;
const orNull = (value: string) => (value === '' ? null : value);

type DayRow = { day: Day; step: FunnelStep; count: number };
type SourceRow = { utm_source: string; utm_medium: string; utm_campaign: string; referrer_host: string; step: FunnelStep; count: number };

export function readFunnel(db: Database.Database, from: Day, to: Day, timeZone: string): FunnelResponse {
  const byDay = new Map<Day, StepCounts>(daysBetween(from, to).map((day) => [day, zeroCounts()]));
  const totals = zeroCounts();
  const dayRows = db
    .prepare<[Day, Day], DayRow>('SELECT day, step, sum(count) AS count FROM funnel_daily WHERE day BETWEEN ? AND ? GROUP BY day, step')
    .all(from, to);
  for (const { day, step, count } of dayRows) {
    const counts = byDay.get(day);
    // A step no longer in the funnel (renamed in a later version) is not shown.
    if (!counts || !(step in counts)) continue;
    counts[step] += count;
    totals[step] += count;
  }

  const sourceRows = db
    .prepare<[Day, Day], SourceRow>(
      `SELECT utm_source, utm_medium, utm_campaign, referrer_host, step, sum(count) AS count FROM funnel_daily
       WHERE day BETWEEN ? AND ? GROUP BY utm_source, utm_medium, utm_campaign, referrer_host, step`,
    )
    .all(from, to);
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
  const ranked = [...sources.values()].sort((a, b) => b.counts.landing - a.counts.landing || b.counts.quiz_started - a.counts.quiz_started);
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
