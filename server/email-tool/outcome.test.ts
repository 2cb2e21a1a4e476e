import { expect, test } from 'vitest';
import { detailLine, outcomeOf, unreachable } from './outcome';
import { Paced } from './pacer';

const answer = (status: number, headers: Record<string, string> = {}) => ({ status, headers, body: null });

test.each([
  [200, 'done'],
  [201, 'done'],
  [204, 'done'],
  [400, 'refused'],
  [401, 'bad-key'],
  [403, 'bad-key'],
  [404, 'retry'],
  [422, 'refused'],
  [429, 'slow-down'],
  [500, 'retry'],
  [503, 'retry'],
] as const)('status %s is %s', (status, kind) => {
  expect(outcomeOf(answer(status), 'said').kind).toBe(kind);
});

test('a 429 waits as Retry-After says, or as Brevo reset header says, else backs off', () => {
  expect(outcomeOf(answer(429, { 'retry-after': '7' }), '')).toMatchObject({ retryAfterMs: 7000 });
  expect(outcomeOf(answer(429, { 'x-sib-ratelimit-reset': '3' }), '')).toMatchObject({ retryAfterMs: 3000 });
  expect(outcomeOf(answer(429), 'Retry later')).toEqual({ kind: 'slow-down', status: 429, retryAfterMs: null, detail: 'Retry later' });
});

test.each([
  ['the contact address is masked', 'Contact ada@example.com is invalid', 'Contact (an address) is invalid'],
  ['lines and controls fold into one', 'first\nsecond\u0007\u202Ethird', 'first second third'],
  ['a long answer is cut', 'x'.repeat(300), `${'x'.repeat(199)}…`],
  ['nothing stays nothing', '  ', ''],
] as const)('%s', (_what, text, expected) => {
  expect(detailLine(text)).toBe(expected);
});

test('with no word from the tool the detail names the status', () => {
  expect(outcomeOf(answer(502), '')).toEqual({ kind: 'retry', status: 502, detail: 'HTTP 502' });
});

test('no slot under the limit before the deadline slows down until the slot; a failed connection is retried', () => {
  expect(unreachable(new Paced(4000))).toMatchObject({ kind: 'slow-down', retryAfterMs: 4000 });
  expect(unreachable(new Error('connect ECONNREFUSED 127.0.0.1:9'))).toEqual({ kind: 'retry', status: null, detail: 'connect ECONNREFUSED 127.0.0.1:9' });
});
