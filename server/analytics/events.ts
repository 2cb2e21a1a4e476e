/**
 * The counting rules for one funnel event (`POST /api/events`): what is accepted, what is refused,
 * and what is kept. Pure functions; server/analytics/routes.ts applies them.
 *
 * Kept: the step, the day, the UTM source, medium and campaign, and the referrer's host. Never the
 * IP address, the user agent, a cookie or any identifier. A UTM value that looks like an e-mail
 * address (some mailing tools put one there) is dropped rather than stored.
 */
import { isbot } from 'isbot';
import * as v from 'valibot';
import { isFunnelStep, type FunnelStep } from '../../src/shared/funnel';
import { UTM_MAX_LENGTH } from '../../src/shared/funnel-event';
import type { FunnelKey } from '../storage/storage';


const untypeable = /[\p{Cc}\p{Cs}\u202A-\u202E\u2066-\u2069\uFEFF]/u;

const utmValue = v.optional(
  v.pipe(
    v.string('A UTM value must be text.'),
    v.trim(),
    v.maxLength(UTM_MAX_LENGTH, `A UTM value must be at most ${UTM_MAX_LENGTH} characters.`),
    v.check((value) => !untypeable.test(value), 'A UTM value must not hold control characters.'),
  ),
);

/** A DNS host name or an IPv4 address, as `new URL(document.referrer).hostname` gives it. */
const hostPattern = /^(?=.{1,253}$)[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

const stepMessage = 'step must be one of the funnel steps (landing, quiz_started, question_1 ... question_9, results, lead, course_click).';

const eventSchema = v.strictObject({
  step: v.custom<FunnelStep>(isFunnelStep, stepMessage),
  source: utmValue,
  medium: utmValue,
  campaign: utmValue,
  referrer: v.optional(
    v.pipe(
      v.string('referrer must be a host name.'),
      v.toLowerCase(),
      v.regex(hostPattern, 'referrer must be a host name (no scheme, port or path).'),
    ),
  ),
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
  const event = result.output;
  const referrer = event.referrer ?? '';
  return {
    key: {
      step: event.step,
      source: keepable(event.source),
      medium: keepable(event.medium),
      campaign: keepable(event.campaign),
      referrer: referrer === ownHost.toLowerCase() ? '' : referrer,
    },
  };
}

/** Requests from crawlers, monitors and scripts that say what they are (and those with no user agent). */
export function isBotRequest(userAgent: string | undefined): boolean {
  return userAgent === undefined || userAgent.trim() === '' || isbot(userAgent);
}
