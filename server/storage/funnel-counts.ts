/**
 * Funnel rules both backends apply when they write counts (sqlite/funnel.ts, postgres/funnel.ts):
 *
 * - The `lead` step is counted from the stored submissions, in the transaction that stores them:
 *   one per new submission (not a replay of an Idempotency-Key), under the source the visitor's page
 *   sent with the lead, on the day of the analytics time zone. Beacons never count it
 *   (server/analytics/events.ts), so fake beacons cannot inflate it.
 * - A day may add at most `NEW_FUNNEL_SOURCES_PER_DAY` new sources; beyond, a new source's counts go
 *   to `OTHER_FUNNEL_SOURCE`. Sources seen before are counted as ever.
 */
import type { Day } from '../../src/shared/days';
import { type FunnelCount, type FunnelSource, NEW_FUNNEL_SOURCES_PER_DAY, OTHER_FUNNEL_SOURCE } from './storage';

const noSource: FunnelSource = { source: '', medium: '', campaign: '', referrer: '' };

/** What a counter's id puts between its day and its key's values. */
const ID_SEPARATOR = '\u0000';

/**
 * A day's counter's identity (the funnel's, the offers'): its day and its key's values in a fixed
 * order, joined by a character no value holds (the leads' and beacons' rules refuse control
 * characters). A value that holds it all the same makes the id JSON, which no joined id can equal (a
 * day never starts with `[`). Joining costs about a third of JSON.stringify, and a Map finds the
 * shorter id sooner.
 */
export function countId(day: Day, values: readonly string[]): string {
  let id: string = day;
  for (const value of values) {
    if (value.includes(ID_SEPARATOR)) return JSON.stringify([day, ...values]);
    id += ID_SEPARATOR + value;
  }
  return id;
}

/** The `lead` counts of the submissions a batch stored (each with its time and source), summed per day and source. */
export function leadStepCounts(stored: { now: number; source?: FunnelSource }[], dayOf: (ms: number) => Day): FunnelCount[] {
  const counts = new Map<string, FunnelCount>();
  for (const { now, source = noSource } of stored) {
    const day = dayOf(now);
    const id = countId(day, [source.source, source.medium, source.campaign, source.referrer]);
    const count = counts.get(id);
    if (count) count.count += 1;
    else counts.set(id, { day, key: { step: 'lead', ...source }, count: 1 });
  }
  return [...counts.values()];
}

/** The source a count goes to: its own when known or within the day's cap, else the other one. */
export function cappedSource(source: FunnelSource, known: boolean, newToday: number): { source: FunnelSource; isNew: boolean } {
  if (known) return { source, isNew: false };
  return newToday < NEW_FUNNEL_SOURCES_PER_DAY ? { source, isNew: true } : { source: OTHER_FUNNEL_SOURCE, isNew: false };
}

/** A fixed order of counts, so two writers adding to the same rows never deadlock. */
export function inKeyOrder(counts: FunnelCount[]): FunnelCount[] {
  const keyOf = (count: FunnelCount) => JSON.stringify([count.day, count.key.step, count.key.source, count.key.medium, count.key.campaign, count.key.referrer]);
  return [...counts].sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0));
}
