import { expect, test } from 'vitest';
import type { ApiFigures } from './api-load';
import { benchRows } from './rows';

const landing = { performance: 100, accessibility: 100, bestPractices: 100, seo: 100, fcpMs: 800, lcpMs: 800, tbtMs: 0, cls: 0 };
const quiz = { ...landing, performance: 96, fcpMs: 2200, lcpMs: 2300 };
const firstLoads = { '/': { jsRaw: 265_000, jsGzip: 83_500, cssRaw: 25_000, cssGzip: 5_500, requests: 3 } };
const api = (perSecond: number, p99Ms: number): ApiFigures => ({
  perSecond, p50Ms: 1, p99Ms, requests: perSecond * 5, non2xx: 0, errors: 0, timeouts: 0,
});

const row = (rows: ReturnType<typeof benchRows>, figure: string) => rows.find((candidate) => candidate.figure === figure);

test.each([
  ['/ LCP (ms)', { '/': landing, '/quiz': quiz }, true],
  ['/ LCP (ms)', { '/': { ...landing, lcpMs: 1301 }, '/quiz': quiz }, false],
  ['/ CLS', { '/': { ...landing, cls: 0.01 }, '/quiz': quiz }, false],
  ['/ Lighthouse perf / a11y / best practices / SEO', { '/': { ...landing, seo: 92 }, '/quiz': quiz }, false],
  ['/quiz Lighthouse perf / a11y / best practices / SEO', { '/': landing, '/quiz': quiz }, true],
  ['/quiz Lighthouse perf / a11y / best practices / SEO', { '/': landing, '/quiz': { ...quiz, performance: 94 } }, false],
])('%s meets its target: %s', (figure, lighthouse, met) => {
  const rows = benchRows(firstLoads, lighthouse, { available: false, status: 404 });
  expect(row(rows, figure)?.met).toBe(met);
});

test('the landing page’s and the results page’s bytes are compared with their budgets; the quiz has no target', () => {
  const rows = benchRows({ ...firstLoads, '/results': { jsRaw: 300_000, jsGzip: 100_001 } }, {}, undefined);
  expect(row(rows, '/ first-load JS raw / gzip (B)')).toEqual({
    figure: '/ first-load JS raw / gzip (B)', value: '265,000 / 83,500', target: 'gzip <= 85,000', met: true,
  });
  expect(row(rows, '/results first-load JS raw / gzip (B)')).toMatchObject({ target: 'gzip <= 100,000', met: false });
  expect(row(rows, '/quiz first-load JS raw / gzip (B)')?.target).toBeUndefined();
});

test('parts that were not measured have no rows', () => {
  const rows = benchRows({}, {}, { available: false, status: 404 });
  expect(rows.map((candidate) => candidate.figure)).toEqual(['POST /api/leads']);
  expect(benchRows(firstLoads, {}, undefined).every((candidate) => candidate.figure.includes('first-load'))).toBe(true);
});

test('an API that answers 404 is reported as not available', () => {
  const rows = benchRows(firstLoads, {}, { available: false, status: 404 });
  expect(row(rows, 'POST /api/leads')?.value).toBe('API not available (404)');
});

test('the API rows give leads per second, latency and the ratio to the bare endpoint against their targets', () => {
  const rows = benchRows(firstLoads, {}, { available: true, leads: [api(3_200, 12)], bare: [api(5_000, 2)] });
  expect(row(rows, 'POST /api/leads stored leads/s')).toMatchObject({ value: '3,200', met: true });
  expect(row(rows, 'POST /api/leads latency p50 / p99 (ms)')).toMatchObject({ value: '1.0 / 12.0', met: true });
  expect(row(rows, 'leads/s ÷ bare answers/s')).toMatchObject({ value: '0.64', target: '>= 0.6', met: true });
});

test('the answer row gives the median and the slowest click-to-paint time; the median must stay within 50 ms', () => {
  const fast = benchRows({}, {}, undefined, [12, 20, 16, 18, 31]);
  expect(fast).toEqual([
    {
      figure: '/quiz answer click to next paint, 4× CPU slowdown, median / slowest (ms)',
      value: '18.0 / 31.0',
      target: 'median <= 50',
      met: true,
    },
  ]);
  expect(benchRows({}, {}, undefined, [12, 51, 80])[0]?.met).toBe(false);
  expect(benchRows({}, {}, undefined, [])).toEqual([]);
});

test('the mail part: leads/s with mail off and on side by side, their ratio, and e-mails/s', () => {
  const rows = benchRows({}, {}, undefined, [], undefined, undefined, undefined, undefined, {
    off: [api(2000, 40)],
    on: [api(1500, 60)],
    drain: { sent: 900, seconds: 4.5, perSecond: 200, firstAfterSeconds: 1.5, cpuPerEmailUs: 420 },
  });
  expect(row(rows, 'POST /api/leads, mail off / on (same run): leads/s, on ÷ off')?.value).toBe('2,000 / 1,500, 0.75');
  expect(row(rows, 'results e-mails sent to a local SMTP sink after the load: e-mails/s (sent, seconds; first e-mail after s), CPU per e-mail (µs)')?.value).toBe(
    '200 (900, 4.5; 1.5), 420',
  );
});
