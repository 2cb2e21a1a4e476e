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
  [{ step: 'landing', campaign: 'a\u0000b' }, 'campaign', /control characters/],
  [{ step: 'landing', referrer: 'https://blog.example.org/post' }, 'referrer', /host name/],
  [{ step: 'landing', referrer: 'blog.example.org:8080' }, 'referrer', /host name/],
  [{ step: 'landing', visitorId: 'abc' }, null, /not expected/],
])('%j is refused (field %s)', (body, field, message) => {
  const result = parseFunnelEvent(body, own);
  expect(result).toEqual({ problem: { field, message: expect.stringMatching(message) } });
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
