/**
 * The funnel's derived figures, from the step counts the API sends (never stored):
 * - reached: everyone who got at least this far. The steps are counted from two sources (the
 *   browser's beacon for the pages, the stored submission for the lead) and a visitor can skip one
 *   (open /quiz directly, or block the beacon while their lead is stored), so a raw count can exceed
 *   the one before it. Whoever reached a later step passed this one, so a step's reached count is
 *   the largest of its own and every later step's: no step is ever above the one before it, and the
 *   screen says when a count was raised (server/docs/leads-api.md, "How the funnel counts");
 * - conversion: this step's reached count ÷ the previous step's (how many of those who got this far went on);
 * - drop-off: of those who reached this step, the share who did not reach the next one
 *   (drops ÷ views, as Formbricks and Tally show it per question).
 */
import type { FunnelSource, StepCount, StepCounts } from '../shared/coach-api/funnel';
import { funnelSteps, type FunnelStep } from '../shared/funnel';

export type FunnelRow = {
  step: FunnelStep;
  /** Everyone who got at least this far. */
  count: number;
  /** What was counted at this step itself (less than `count` when later steps counted more). */
  counted: number;
  /** count ÷ previous count; null for the first step or after a step nobody reached. */
  conversion: number | null;
  /** Visitors who reached this step but not the next; null for the last step. */
  drops: number | null;
  /** drops ÷ count; null for the last step or a step nobody reached. */
  dropOff: number | null;
};

/**
 * The one rule of every count the dashboard shows in funnel order (the funnel, each day, each source,
 * each offer's seen → leads → clicks): everyone who got at least this far, so each count is the
 * largest of its own and every later one's.
 */
export function atLeastAsMany(counts: readonly number[]): number[] {
  const raised = [...counts];
  for (let index = raised.length - 2; index >= 0; index -= 1) raised[index] = Math.max(raised[index] ?? 0, raised[index + 1] ?? 0);
  return raised;
}

/** Everyone who got at least this far, per step: the largest of its count and every later step's. */
export function reachedCounts(steps: readonly StepCount[]): StepCount[] {
  const raised = atLeastAsMany(steps.map((step) => step.count));
  return steps.map((step, index) => ({ step: step.step, count: raised[index] ?? step.count }));
}

/** The rows of the funnel table, in the order of `steps` (funnel order, as the API sends them). */
export function funnelRows(steps: readonly StepCount[]): FunnelRow[] {
  const reached = reachedCounts(steps);
  return reached.map(({ step, count }, index) => {
    const previous = reached[index - 1];
    const next = reached[index + 1];
    const drops = next ? count - next.count : null;
    return {
      step,
      count,
      counted: steps[index]?.count ?? count,
      conversion: previous && previous.count > 0 ? count / previous.count : null,
      drops,
      dropOff: drops !== null && count > 0 ? drops / count : null,
    };
  });
}

/** Whether any step's count was raised to the later steps' (the screen says why). */
export const anyRaised = (rows: readonly FunnelRow[]) => rows.some((row) => row.counted < row.count);

/** Whether the period has nothing to show: nobody reached any step. */
export const isEmptyFunnel = (rows: readonly FunnelRow[]) => rows.every((row) => row.count === 0);

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

/** A source's figures, each step as reached (as in the funnel table), so the lead rate stays within 100%. */
function sourceRow(source: string | null, medium: string | null, campaign: string | null, counts: StepCounts): SourceRow {
  const reached = (step: FunnelStep) => reachedCounts(stepsOf(counts)).find((row) => row.step === step)?.count ?? 0;
  return {
    source,
    medium,
    campaign,
    landings: reached('landing'),
    leads: reached('lead'),
    leadRate: rate(reached('lead'), reached('landing')),
    courseClicks: reached('course_click'),
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

/** One day of the day-by-day chart and table, each step as reached that day (as in the funnel table). */
export type DayRow = { date: string; counts: StepCounts; raised: boolean };

/** The days of the period, each raised on its own by the funnel's rule (`atLeastAsMany`). */
export function dailyRows(daily: readonly { date: string; counts: StepCounts }[]): DayRow[] {
  return daily.map(({ date, counts }) => {
    const steps = stepsOf(counts);
    const reached = reachedCounts(steps);
    return {
      date,
      counts: Object.fromEntries(reached.map((row) => [row.step, row.count])) as StepCounts,
      raised: reached.some((row, index) => row.count > (steps[index]?.count ?? 0)),
    };
  });
}

/**
 * Where parts (days, sources), each raised on its own, add up to more than the whole period raised
 * once: the steps, with the parts' sum and the whole's count. A visitor counted at a later step in
 * one part and at an earlier step in another (a lead stored without its source, a run across
 * midnight) raises both parts, so the parts add up to at least the whole; the screen says so when
 * they add up to more.
 */
export function partsAboveWhole(parts: readonly StepCounts[], whole: readonly FunnelRow[]): { step: FunnelStep; parts: number; whole: number }[] {
  const raisedParts = parts.map((counts) => reachedCounts(stepsOf(counts)));
  const partsAt = (step: FunnelStep) => raisedParts.reduce((sum, part) => sum + (part.find((row) => row.step === step)?.count ?? 0), 0);
  return whole.map((row) => ({ step: row.step, parts: partsAt(row.step), whole: row.count })).filter((sum) => sum.parts > sum.whole);
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
