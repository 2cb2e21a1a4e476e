/**
 * Counts the funnel on the server: each step the pages report (./funnel.ts, once per quiz run) is
 * sent to `POST /api/events` with `navigator.sendBeacon`, which survives the page being left
 * (the course link, a closed tab). The event says which step and where the run came from: the
 * UTM parameters of the first page and the linking page's host (in an embed: the host page). No
 * cookie, no storage, no identifier. Not used in the local-only build (src/main.tsx).
 */
import { type FunnelEvent, funnelEventsEndpoint, UTM_MAX_LENGTH } from '../shared/funnel-event';
import { hasHiddenCharacterInUtm } from '../shared/hidden-characters';
import { onFunnelStep } from './funnel';

export type RunSource = Omit<FunnelEvent, 'step'>;

/** Where this visit came from, from the first page's query string and `document.referrer`. */
export function runSource(search: string, referrer: string): RunSource {
  const params = new URLSearchParams(search);
  const source: RunSource = {};
  for (const key of ['source', 'medium', 'campaign'] as const) {
    const value = params.get(`utm_${key}`)?.trim().normalize('NFC');
    // The server refuses longer values (a cut one still counts the step) and hidden characters (left out).
    // A cut never leaves half of a character (a lone surrogate) at the end.
    if (value && !hasHiddenCharacterInUtm(value)) source[key] = value.slice(0, UTM_MAX_LENGTH).replace(/[\uD800-\uDBFF]$/, '');
  }
  try {
    const host = new URL(referrer).hostname;
    if (host) source.referrer = host;
  } catch {
    // No referrer (typed address, bookmark, a strict referrer policy): no source.
  }
  return source;
}

let visitSource: RunSource | undefined;

/** This visit's source, once the beacon has started (the lead carries it: src/lib/lead-client.ts). */
export function currentRunSource(): RunSource | undefined {
  return visitSource;
}

/**
 * Subscribes the beacon to the funnel steps; returns the function that unsubscribes it. The `lead`
 * step is not sent: the server counts it when it stores the lead, with the source the lead carries,
 * so a beacon cannot inflate it.
 */
export function startFunnelBeacon(): () => void {
  const source = runSource(location.search, document.referrer);
  visitSource = source;
  return onFunnelStep((step) => {
    if (step === 'lead') return;
    navigator.sendBeacon?.(funnelEventsEndpoint, JSON.stringify({ step, ...source } satisfies FunnelEvent));
  });
}
