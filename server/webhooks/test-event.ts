/**
 * "Send a test" on the dashboard: a signed `webhook.test` event, sent the way leads are (the
 * outbox's attempt: same signature, headers, time limit, no redirect followed), and the receiver's
 * answer as the coach reads it. The pure parts are here; the route is in ./routes.ts.
 */
import { WEBHOOK_TEST_BODY_LIMIT, type WebhookTestOutcome } from '../../src/shared/coach-api/webhook';

/** The event's `type`: receivers that route by type can tell a test from a lead and ignore it. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The test's body: no lead, no personal data, only what it is and when. */
export function testEventBody(now: number): string {
  return JSON.stringify({
    type: TEST_EVENT_TYPE,
    timestamp: new Date(now).toISOString(),
    data: { message: 'A test from your Core Drivers dashboard. It holds no lead: nothing to store.' },
  });
}

/** How the attempt ended: an answer's status, or why there was none. */
export function outcomeOf(status: number | null, timedOut: boolean): WebhookTestOutcome {
  if (status === null) return timedOut ? 'timeout' : 'unreachable';
  if (status >= 200 && status < 300) return 'delivered';
  if (status >= 300 && status < 400) return 'redirect';
  return 'refused';
}

/**
 * Characters that would change how the text around them reads on the screen: controls other than
 * tab and line breaks, and the bidirectional overrides and isolates.
 */
function isMisleading(char: string): boolean {
  const code = char.codePointAt(0) ?? 0;
  if (code < 0x20) return char !== '\t' && char !== '\n' && char !== '\r';
  return (code >= 0x7f && code <= 0x9f) || (code >= 0x202a && code <= 0x202e) || (code >= 0x2066 && code <= 0x2069);
}

/**
 * The start of an answer's body as text to show: UTF-8 (a broken sequence reads as �), at most
 * `limit` characters, misleading characters as �. `bytes` may stop mid-character (it was cut).
 */
export function answerText(bytes: Uint8Array, cut: boolean, limit = WEBHOOK_TEST_BODY_LIMIT): { text: string; truncated: boolean } {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  // A read cut mid-character ends in a replacement character that was not in the answer.
  if (cut) text = text.replace(/\uFFFD$/, '');
  const chars = [...text];
  const truncated = cut || chars.length > limit;
  return { text: chars.slice(0, limit).map((char) => (isMisleading(char) ? '\uFFFD' : char)).join(''), truncated };
}
