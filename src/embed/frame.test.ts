import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { reportFunnelStep, startQuizRun } from '../lib/funnel';
import { defaultSiteConfig, siteConfigElement } from '../shared/site-config';
import { embedModeFrom, hostOriginFrom, startEmbeddedFrame } from './frame';

const coach = 'https://coach.example';
const allowed = [coach, 'https://www.coach.example'];

test.each([
  ['the host parameter, when allowed', [coach, 'https://www.coach.example', null], coach],
  ['the ancestor, when the parameter is not allowed', ['https://evil.example', 'https://www.coach.example'], 'https://www.coach.example'],
  ['the referrer page’s origin', [null, undefined, 'https://coach.example/quiz-page?x=1'], coach],
  ['nothing, when no candidate is allowed', ['https://evil.example', 'https://evil.example/'], null],
  ['nothing, for a wildcard or junk', ['*', 'not a url', ''], null],
] as const)('the frame talks to %s', (_what, candidates, expected) => {
  expect(hostOriginFrom(candidates, allowed)).toBe(expected);
});

test('with no allowed origins the frame talks to no one', () => {
  expect(hostOriginFrom([coach], [])).toBeNull();
});

test.each([
  ['?embed=popup', 'popup'],
  ['?embed=inline', 'inline'],
  ['?embed=1', 'inline'],
  ['', 'inline'],
] as const)('%j asks for the %s mode', (search, mode) => {
  expect(embedModeFrom(search)).toBe(mode);
});

let resizeCallbacks: (() => void)[] = [];
let stop = () => {};

beforeEach(() => {
  resizeCallbacks = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      constructor(callback: () => void) {
        resizeCallbacks.push(callback);
      }
      observe() {}
      disconnect() {}
    },
  );
  document.head.insertAdjacentHTML('beforeend', siteConfigElement({ ...defaultSiteConfig, embedOrigins: allowed }));
});

afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  document.head.replaceChildren();
  window.history.replaceState(null, '', '/');
});

test('inline, the frame sends early and later steps and its height, only to the host page’s allowed origin', () => {
  window.history.replaceState(null, '', `/?embed=inline&host=${encodeURIComponent(coach)}&utm_source=x`);
  const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
  let height = 812.4;
  vi.spyOn(document.documentElement, 'getBoundingClientRect').mockImplementation(() => ({ height }) as DOMRect);

  startQuizRun();
  stop = startEmbeddedFrame(['landing']);
  reportFunnelStep('quiz_started');
  height = 640;
  resizeCallbacks.forEach((callback) => callback());
  resizeCallbacks.forEach((callback) => callback()); // unchanged: nothing more sent

  expect(document.documentElement.getAttribute('data-embed')).toBe('inline');
  expect(post.mock.calls).toEqual([
    [{ source: 'core-drivers', type: 'progress', step: 'landing' }, coach],
    [{ source: 'core-drivers', type: 'resize', height: 813 }, coach],
    [{ source: 'core-drivers', type: 'progress', step: 'quiz_started' }, coach],
    [{ source: 'core-drivers', type: 'resize', height: 640 }, coach],
  ]);
});

test('in a popup, Escape inside the quiz asks the host to close it', () => {
  window.history.replaceState(null, '', `/?embed=popup&host=${encodeURIComponent(coach)}`);
  const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
  stop = startEmbeddedFrame([]);
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape' }));
  window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter' }));
  expect(post.mock.calls).toEqual([[{ source: 'core-drivers', type: 'escape' }, coach]]);
  expect(resizeCallbacks).toEqual([]);
});

test('framed by a site that is not allowed, the frame sends nothing at all', () => {
  window.history.replaceState(null, '', `/?embed=inline&host=${encodeURIComponent('https://evil.example')}`);
  const post = vi.spyOn(window.parent, 'postMessage').mockImplementation(() => undefined);
  startQuizRun();
  stop = startEmbeddedFrame(['landing']);
  reportFunnelStep('quiz_started');
  expect(post).not.toHaveBeenCalled();
  expect(document.documentElement.hasAttribute('data-embed')).toBe(false);
});
