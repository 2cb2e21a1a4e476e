/**
 * The counting rules for one funnel event (`POST /api/events`): what is accepted, what is refused,
 * and what is kept. Pure functions; server/analytics/routes.ts applies them.
 *
 * Kept: the step, the day, the UTM source, medium and campaign, and the referrer's host. Never the
 * IP address, the user agent, a cookie or any identifier. A UTM value that looks like an e-mail
 * address (some mailing tools put one there) is dropped rather than stored. A UTM value with an
 * invisible or format character is refused (the leads' Unicode policy): it would show on the
 * dashboard as a copy of another source. A referrer is an ASCII host name (punycode), so it cannot
 * hold one.
 */
import { isbot } from 'isbot';
import * as v from 'valibot';
import { isFunnelStep, type FunnelStep } from '../../src/shared/funnel';
import { type RunSource, runSourceEntries } from '../../src/shared/run-source';
import type { FunnelKey } from '../storage/storage';


const stepMessage = 'step must be one of the funnel steps (landing, quiz_started, question_1 ... question_9, results, lead, course_click).';

const eventSchema = v.strictObject({
  step: v.custom<FunnelStep>(isFunnelStep, stepMessage),
  ...runSourceEntries,
});

export type EventProblem = { field: string | null; message: string };

/** Values a mailing tool may have filled with the subscriber's address are not kept. */
const keepable = (value: string | undefined) => (value === undefined || value.includes('@') ? '' : value);

/**
 * The counter an event increments, or what is wrong with it (never quoting what was sent).
 * `body` is the parsed JSON; `ownHost` is the site's host, whose referrals are not a source.
 */
export function parseFunnelEvent(body: unknown, ownHost: string): { key: FunnelKey } | { problem: EventProblem } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problem: { field: null, message: 'Send the event as a JSON object.' } };
  }
  if (!isFunnelStep((body as { step?: unknown }).step)) return { problem: { field: 'step', message: stepMessage } };
  const result = v.safeParse(eventSchema, body, { abortPipeEarly: true });
  if (!result.success) {
    const key = result.issues[0].path?.[0]?.key;
    const known = typeof key === 'string' && ['step', 'source', 'medium', 'campaign', 'referrer'].includes(key);
    return known
      ? { problem: { field: key, message: result.issues[0].message } }
      : { problem: { field: null, message: 'The event has a field that is not expected.' } };
  }
  const { step, ...source } = result.output;
  return { key: { step, ...sourceKey(source, ownHost) } };
}

/**
 * The source part of a counter's key: what a mailing tool may have filled with the subscriber's
 * address is dropped, and so are the site's own pages as a referrer. Used for the events and, when
 * a lead is stored, for its `lead` step.
 */
export function sourceKey(source: RunSource | undefined, ownHost: string): Omit<FunnelKey, 'step'> {
  const referrer = source?.referrer ?? '';
  return {
    source: keepable(source?.source),
    medium: keepable(source?.medium),
    campaign: keepable(source?.campaign),
    referrer: referrer === ownHost.toLowerCase() ? '' : referrer,
  };
}

/**
 * Whether a beacon's step is counted. The `lead` step is not: it is counted from the stored
 * submissions, when each is stored (server/storage), so fake beacons cannot inflate it. An older
 * page that still sends it is answered 204 all the same.
 */
export function countsFromBeacon(step: FunnelStep): boolean {
  return step !== 'lead';
}

/** Requests from crawlers, monitors and scripts that say what they are (and those with no user agent). */
export function isBotRequest(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || isbot(userAgent);
}
