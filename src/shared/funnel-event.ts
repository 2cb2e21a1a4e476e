/**
 * What the visitor's page sends to count one funnel step (`POST /api/events`, with
 * `navigator.sendBeacon`, so as text/plain JSON). Nothing in it identifies the visitor: the step,
 * and where the quiz run came from (UTM parameters of the first page, the linking page's host).
 */
import type { FunnelStep } from './funnel';

export const funnelEventsEndpoint = '/api/events';

export type FunnelEvent = {
  step: FunnelStep;
  /** `utm_source`, `utm_medium`, `utm_campaign` of the page the run started on. */
  source?: string;
  medium?: string;
  campaign?: string;
  /** The host name of `document.referrer` (an embedded quiz: the host page's). */
  referrer?: string;
};

/** Longest UTM value kept; longer ones are refused. */
export const UTM_MAX_LENGTH = 100;
