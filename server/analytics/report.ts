/**
 * The funnel for a period: totals per step and a daily series from the per-day totals, and the
 * breakdown by source from the monthly counts for whole months and the daily ones for the days
 * around them. Even two years read only a few thousand rows, and never anything about a person.
 */
import { FUNNEL_SOURCES_LIMIT, type FunnelResponse, type FunnelSource, type StepCounts } from '../../src/shared/coach-api/funnel';
import { daysBetween, type Day } from '../../src/shared/days';
import { funnelSteps } from '../../src/shared/funnel';
import { type FunnelCounts, OTHER_FUNNEL_SOURCE, type Storage } from '../storage/storage';

const isOtherSource = (row: FunnelCounts['sources'][number]) =>
  row.referrer_host === OTHER_FUNNEL_SOURCE.referrer && row.utm_source === '' && row.utm_medium === '' && row.utm_campaign === '';

const zeroCounts = (): StepCounts => Object.fromEntries(funnelSteps.map((step) => [step, 0])) as StepCounts;
const orNull = (value: string) => (value === '' ? null : value);

/** The funnel of the days `from` to `to` (both included), from the counts the storage keeps. */
export async function readFunnel(storage: Pick<Storage, 'funnel'>, from: Day, to: Day, timeZone: string): Promise<FunnelResponse> {
  const { days, sources } = await storage.funnel.readCounts(from, to);
  return assembleFunnel(from, to, timeZone, days, sources);
}

/** The funnel answer from the per-day totals and the per-source counts of the period. */
function assembleFunnel(from: Day, to: Day, timeZone: string, dayRows: FunnelCounts['days'], sourceRows: FunnelCounts['sources']): FunnelResponse {
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
  // The sources beyond a day's cap of new ones (server/storage/funnel-counts.ts) are "other sources".
  const capped = zeroCounts();
  let anyCapped = false;
  for (const row of sourceRows) {
    if (isOtherSource(row)) {
      if (row.step in capped) capped[row.step] += row.count;
      anyCapped = true;
      continue;
    }
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
  if (rest.length > 0 || anyCapped) {
    otherSources = capped;
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
