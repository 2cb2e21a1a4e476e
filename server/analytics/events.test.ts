import { expect, test } from 'vitest';
import { isBotRequest, parseFunnelEvent } from './events';

const own = 'quiz.example.com';

test.each([
  [{ step: 'landing' }, { step: 'landing', source: '', medium: '', campaign: '', referrer: '' }],
  [
    { step: 'question_9', source: ' newsletter ', medium: 'email', campaign: 'spring', referrer: 'Blog.Example.org' },
    { step: 'question_9', source: 'newsletter', medium: 'email', campaign: 'spring', referrer: 'blog.example.org' },
  ],
  // The site's own pages are not a source; empty UTM values are no value.
  [{ step: 'results', source: '', referrer: own }, { step: 'results', source: '', medium: '', campaign: '', referrer: '' }],
  // A UTM value with an address in it (mailing tools do that) is dropped, the step still counts.
  [{ step: 'lead', source: 'ana@example.com', campaign: 'x' }, { step: 'lead', source: '', medium: '', campaign: 'x', referrer: '' }],
  [{ step: 'course_click', referrer: '192.168.1.20' }, { step: 'course_click', source: '', medium: '', campaign: '', referrer: '192.168.1.20' }],
])('%j is counted as %j', (body, key) => {
  expect(parseFunnelEvent(body, own)).toEqual({ key });
});

test.each([
  [null, null, /JSON object/],
  [['landing'], null, /JSON object/],
  [{}, 'step', /funnel steps/],
  [{ step: 'question_10' }, 'step', /funnel steps/],
  [{ step: 'question_0' }, 'step', /funnel steps/],
  [{ step: 'LANDING' }, 'step', /funnel steps/],
  [{ step: 'landing', source: 42 }, 'source', /text/],
  [{ step: 'landing', medium: 'x'.repeat(101) }, 'medium', /at most 100/],
  [{ step: 'landing', campaign: 'a\u0000b' }, 'campaign', /control, format or invisible/],
  [{ step: 'landing', referrer: 'https://blog.example.org/post' }, 'referrer', /host name/],
  [{ step: 'landing', referrer: 'blog.example.org:8080' }, 'referrer', /host name/],
  [{ step: 'landing', visitorId: 'abc' }, null, /not expected/],
])('%j is refused (field %s)', (body, field, message) => {
  const result = parseFunnelEvent(body, own);
  expect(result).toEqual({ problem: { field, message: expect.stringMatching(message) } });
});

// The leads' Unicode policy (src/shared/hidden-characters.ts): a source that only looks like another is refused.
test.each([
  ['zero-width space', 'news\u200Bletter'],
  ['right-to-left override', '\u202Enewsletter'],
  ['byte-order mark', 'news\uFEFFletter'],
  ['soft hyphen', 'news\u00ADletter'],
  ['tag letter', 'newsletter\u{E0061}'],
  ['no-break space', 'news\u00A0letter'],
  ['line separator', 'news\u2028letter'],
  ['Hangul filler', 'newsletter\u3164'],
  ['private use', 'newsletter\uE000'],
])('a UTM value with a %s is refused, in every UTM field', (_name, value) => {
  for (const field of ['source', 'medium', 'campaign']) {
    expect(parseFunnelEvent({ step: 'landing', [field]: value }, own)).toEqual({
      problem: { field, message: 'A UTM value must not hold control, format or invisible characters.' },
    });
  }
});

test.each([
  ['blog.exa\u200Bmple.org'],
  ['xn--bcher-kva.example'],
  ['bücher.example'],
])('a referrer is an ASCII host name (punycode): %j', (referrer) => {
  const counted = /^[a-z0-9.-]+$/.test(referrer);
  expect('key' in parseFunnelEvent({ step: 'landing', referrer }, own)).toBe(counted);
});

test('a UTM value in another Unicode form is counted as the same source; a plain space and a joiner between letters are fine', () => {
  const composed = parseFunnelEvent({ step: 'landing', source: 'caf\u00E9 news', campaign: 'می\u200Cخواهم' }, own);
  const decomposed = parseFunnelEvent({ step: 'landing', source: 'cafe\u0301 news', campaign: 'می\u200Cخواهم' }, own);
  expect(composed).toEqual(decomposed);
  expect(composed).toMatchObject({ key: { source: 'café news', campaign: 'می\u200Cخواهم' } });
});

test.each([
  ['Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36', false],
  ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', true],
  ['curl/8.5.0', true],
  ['', true],
  [undefined, true],
])('user agent %j is a bot: %s', (userAgent, expected) => {
  expect(isBotRequest(userAgent)).toBe(expected);
});
