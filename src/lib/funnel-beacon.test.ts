import { afterEach, expect, test, vi } from 'vitest';
import { reportFunnelStep, startQuizRun } from './funnel';
import { runSource, startFunnelBeacon } from './funnel-beacon';

test.each([
  ['', '', {}],
  ['?utm_source=newsletter&utm_medium=email&utm_campaign=nov', '', { source: 'newsletter', medium: 'email', campaign: 'nov' }],
  ['?utm_source=%20&utm_content=ana%40example.com&email=x', 'https://blog.example.org/post?id=7', { referrer: 'blog.example.org' }],
  ['', 'not a url', {}],
  [`?utm_campaign=${'c'.repeat(150)}`, '', { campaign: 'c'.repeat(100) }],
  // The server refuses hidden characters (src/shared/hidden-characters.ts): such a value is left out, the step still counts.
  ['?utm_source=news%E2%80%8Bletter&utm_medium=email', '', { medium: 'email' }],
  // A cut never leaves half an emoji behind.
  [`?utm_campaign=${'c'.repeat(99)}%F0%9F%98%80`, '', { campaign: 'c'.repeat(99) }],

])('search %j with referrer %j comes from %j', (search, referrer, expected) => {
  expect(runSource(search, referrer)).toEqual(expected);
});

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

test('each reported step is sent once per run as a beacon, with the source and nothing else', () => {
  const sendBeacon = vi.fn(() => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  window.history.replaceState(null, '', '/?utm_source=ads');
  stop = startFunnelBeacon();
  startQuizRun();
  reportFunnelStep('landing');
  reportFunnelStep('landing');
  reportFunnelStep('quiz_started');
  // The lead is counted by the server when it stores it: no beacon for it.
  reportFunnelStep('lead');
  expect(sendBeacon.mock.calls).toEqual([
    ['/api/events', JSON.stringify({ step: 'landing', source: 'ads' })],
    ['/api/events', JSON.stringify({ step: 'quiz_started', source: 'ads' })],
  ]);
  expect(document.cookie).toBe('');
  expect(window.localStorage.length + window.sessionStorage.length).toBe(0);
  window.history.replaceState(null, '', '/');
});
