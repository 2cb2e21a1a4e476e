/**
 * The funnel's derived figures, from the step counts the API sends (never stored):
 * - conversion: this step's count ÷ the previous step's (how many of those who got this far went on);
 * - drop-off: of those who reached this step, the share who did not reach the next one
 *   (drops ÷ views, as Formbricks and Tally show it per question).
 * A count can exceed the one before it (a visitor who opens /quiz directly starts the quiz without a
 * landing); such a conversion is shown as it is, over 100%, and the step's drops are zero.
 */
import type { FunnelSource, StepCount, StepCounts } from '../shared/coach-api';
import { funnelSteps, type FunnelStep } from '../shared/funnel';

export type FunnelRow = {
  step: FunnelStep;
  count: number;
  /** count ÷ previous count; null for the first step or after a step nobody reached. */
  conversion: number | null;
  /** Visitors who reached this step but not the next; null for the last step. */
  drops: number | null;
  /** drops ÷ count; null for the last step or a step nobody reached. */
  dropOff: number | null;
};

/** The rows of the funnel table, in the order of `steps` (funnel order, as the API sends them). */
export function funnelRows(steps: readonly StepCount[]): FunnelRow[] {
  return steps.map(({ step, count }, index) => {
    const previous = steps[index - 1];
    const next = steps[index + 1];
    const drops = next ? Math.max(0, count - next.count) : null;
    return {
      step,
      count,
      conversion: previous && previous.count > 0 ? count / previous.count : null,
      drops,
      dropOff: drops !== null && count > 0 ? drops / count : null,
    };
  });
}

/** Where visitors leave: of the `reached` who got to `step`, `lost` never reached the step after it. */
export type Drop = { step: FunnelStep; reached: number; lost: number; share: number };

/**
 * Every place the funnel loses visitors, the biggest first: any step with a step after it (the
 * landing page, the start, each question, the results with their gate, the insights with the course
 * button), ranked by the share of those who reached it and went no further (drop-off), the way the
 * coach compares them. Equal shares: more visitors lost first, then the earlier step. Steps that
 * lost nobody (or that nobody reached) are not drops.
 */
export function biggestDrops(rows: readonly FunnelRow[]): Drop[] {
  const drops: Drop[] = [];
  for (const row of rows) {
    if (row.drops === null || row.drops === 0 || row.dropOff === null) continue;
    drops.push({ step: row.step, reached: row.count, lost: row.drops, share: row.dropOff });
  }
  // Array.prototype.sort is stable: equal drops keep funnel order.
  return drops.sort((a, b) => b.share - a.share || b.lost - a.lost);
}

/** a ÷ b, or null when b is zero. */
export function rate(part: number, whole: number): number | null {
  return whole > 0 ? part / whole : null;
}

export type SourceRow = {
  /** What the coach reads: the UTM source, else the referring host, else null (direct or unknown). */
  source: string | null;
  medium: string | null;
  campaign: string | null;
  landings: number;
  leads: number;
  /** leads ÷ landings. */
  leadRate: number | null;
  courseClicks: number;
};

function sourceRow(source: string | null, medium: string | null, campaign: string | null, counts: StepCounts): SourceRow {
  return {
    source,
    medium,
    campaign,
    landings: counts.landing,
    leads: counts.lead,
    leadRate: rate(counts.lead, counts.landing),
    courseClicks: counts.course_click,
  };
}

/** The breakdown by source, in the API's order (most landings first), the sources beyond its limit last. */
export function sourceRows(sources: readonly FunnelSource[], otherSources: StepCounts | null, otherLabel: string): SourceRow[] {
  const rows = sources.map((source) =>
    sourceRow(source.utmSource ?? source.referrerHost, source.utmMedium, source.utmCampaign, source.counts),
  );
  if (otherSources) rows.push(sourceRow(otherLabel, null, null, otherSources));
  return rows;
}

/** The steps of one source's counts, in funnel order, as the API sends the totals. */
export function stepsOf(counts: StepCounts): StepCount[] {
  return funnelSteps.map((step) => ({ step, count: counts[step] ?? 0 }));
}

/** How a source reads in a list: "newsletter · email · autumn", or the direct label. */
export function sourceLabel(source: FunnelSource, directLabel: string): string {
  const name = source.utmSource ?? source.referrerHost ?? directLabel;
  return [name, source.utmMedium, source.utmCampaign].filter(Boolean).join(' · ');
}
