import { expect, test } from 'vitest';
import { answerText, outcomeOf, testEventBody, TEST_EVENT_TYPE } from './test-event';

test('the test event holds no lead, only its type, time and a line saying what it is', () => {
  const body = JSON.parse(testEventBody(Date.UTC(2026, 10, 24, 10))) as Record<string, unknown>;
  expect(body).toEqual({
    type: TEST_EVENT_TYPE,
    timestamp: '2026-11-24T10:00:00.000Z',
    data: { message: expect.stringContaining('It holds no lead') },
  });
});

test.each([
  [200, false, 'delivered'],
  [204, false, 'delivered'],
  [301, false, 'redirect'],
  [308, false, 'redirect'],
  [400, false, 'refused'],
  [410, false, 'refused'],
  [503, false, 'refused'],
  [null, true, 'timeout'],
  [null, false, 'unreachable'],
] as const)('status %s (timed out: %s) is %s', (status, timedOut, outcome) => {
  expect(outcomeOf(status, timedOut)).toBe(outcome);
});

const bytes = (text: string) => new TextEncoder().encode(text);

test.each([
  ['beyond the limit it is cut and says so', bytes('{"ok":true}\n'), false, 10, { text: '{"ok":true', truncated: true }],
  ['short text is whole', bytes('accepted'), false, 2000, { text: 'accepted', truncated: false }],
  ['HTML is only text', bytes('<b>hi</b><script>x</script>'), false, 2000, { text: '<b>hi</b><script>x</script>', truncated: false }],
  ['a cut read says so, and its broken last character goes', bytes('café').slice(0, 4), true, 2000, { text: 'caf', truncated: true }],
  ['invalid UTF-8 reads as replacement characters', new Uint8Array([0x6f, 0x6b, 0xff, 0x21]), false, 2000, { text: 'ok\uFFFD!', truncated: false }],
  ['controls and bidi overrides are replaced', bytes('a\u0007b\u202Ec\td\ne'), false, 2000, { text: 'a\uFFFDb\uFFFDc\td\ne', truncated: false }],
  ['the limit counts characters, not halves of them', bytes('😀😀😀'), false, 2, { text: '😀😀', truncated: true }],
] as const)('%s', (_what, input, cut, limit, expected) => {
  expect(answerText(input, cut, limit)).toEqual(expected);
});
