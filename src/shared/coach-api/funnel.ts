/** The funnel view's answer: each step's count in the period, by day and by traffic source. */
import type { FunnelStep } from '../funnel';

export type StepCount = { step: FunnelStep; count: number };

/** Counts of every step, in funnel order (`funnelSteps` in ./funnel.ts), zeros included. */
export type StepCounts = Record<FunnelStep, number>;

export type FunnelDay = { date: string; counts: StepCounts };

/**
 * One traffic source: the UTM parameters of the page the run started on and the host of the page
 * that linked to it (an embedded quiz: the host page). `null`: none was given.
 */
export type FunnelSource = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  counts: StepCounts;
};

/** GET /api/coach/funnel?from&to */
export type FunnelResponse = {
  from: string;
  to: string;
  timeZone: string;
  /** Every step in funnel order with its total in the period. Conversion and drop-off derive from these. */
  steps: StepCount[];
  /** One entry per day of the period, oldest first, every day present (zeros included). */
  daily: FunnelDay[];
  /** Sources, the most landings first; at most {@link FUNNEL_SOURCES_LIMIT}, the rest summed in `otherSources`. */
  sources: FunnelSource[];
  /** Counts of the sources beyond the limit, or null when there are none. */
  otherSources: StepCounts | null;
};

export const FUNNEL_SOURCES_LIMIT = 50;
