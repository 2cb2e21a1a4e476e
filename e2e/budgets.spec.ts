/**
 * Byte budgets of the landing page's first load (limits in scripts/bench/budgets.ts), measured in
 * Chromium against the production build this run serves, and the idle prefetch that makes the
 * click on Start Your Discovery instant. Timings belong to the benchmark (npm run bench).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunkOf, readBuild, sizesOf } from '../scripts/bench/build-info';
import { embedScriptBreaches, landingBudgetBreaches } from '../scripts/bench/budgets';
import { measureFirstLoad } from '../scripts/bench/first-load';
import { prefetchMark } from '../src/app/prefetch-mark';
import { expect, test } from './fixtures';

test('the landing page’s first load stays within its byte budgets and holds nothing needed only later', async ({
  page,
  baseURL,
}) => {
  const build = readBuild();
  const firstLoad = await measureFirstLoad(page, `${baseURL}/`, build);
  test.info().annotations.push({
    type: 'first load of /',
    description: `JS ${firstLoad.js.gzip} B gzip (${firstLoad.js.raw} raw), CSS ${firstLoad.css.gzip} B gzip (${firstLoad.css.raw} raw), ${firstLoad.requests} requests`,
  });
  expect(firstLoad.scripts.length, 'the landing page loads its scripts').toBeGreaterThan(0);
  expect(landingBudgetBreaches(firstLoad, build), 'budget breaches of the landing page').toEqual([]);
});

test('the quiz and results are fetched while the visitor reads, so the click needs no network', async ({
  page,
}) => {
  const { manifest } = readBuild();
  const lazyPages = ['src/features/quiz/quiz-page.tsx', 'src/features/results/results-page.tsx'].map((source) => {
    const file = chunkOf(manifest, source);
    if (!file) throw new Error(`The build has no chunk of its own for ${source}.`);
    return file;
  });

  await page.goto('/');
  await expect
    .poll(() =>
      page.evaluate(
        ({ mark, files }) => {
          const start = performance.getEntriesByName(mark)[0]?.startTime;
          const fetched = performance
            .getEntriesByType('resource')
            .filter(
              (entry): entry is PerformanceResourceTiming =>
                entry instanceof PerformanceResourceTiming && start !== undefined && entry.startTime >= start,
            )
            .filter((entry) => entry.responseEnd > 0)
            .map((entry) => new URL(entry.name).pathname.slice(1));
          return files.filter((file) => !fetched.includes(file));
        },
        { mark: prefetchMark, files: lazyPages },
      ),
    )
    .toEqual([]);

  const requestedAfterClick: string[] = [];
  page.on('request', (request) => requestedAfterClick.push(new URL(request.url()).pathname));
  await page.getByRole('link', { name: 'Start Your Discovery' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
  await expect(page.getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeHidden();
  expect(requestedAfterClick.filter((path) => path.endsWith('.js') || path.endsWith('.css'))).toEqual([]);
});

test('the landing page does not move while it loads, hydrates and prefetches', async ({ page }) => {
  await page.goto('/');
  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, prefetchMark);
  const shift = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        // Buffered: the observer also receives every shift since navigation. No entry, no call.
        new PerformanceObserver((list) => {
          resolve(list.getEntries().reduce((total, entry) => total + (entry as PerformanceEntry & { value: number }).value, 0));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(0), 500);
      }),
  );
  expect(shift, 'cumulative layout shift of the landing page').toBe(0);
});

test('the embed script coaches load on their sites is one small self-contained script', async ({ request }) => {
  const built = readFileSync(join(readBuild().clientDir, 'embed.js'));
  test.info().annotations.push({ type: 'embed.js', description: `${sizesOf(built).gzip} B gzip (${built.length} raw)` });
  expect(embedScriptBreaches(built), 'budget breaches of embed.js').toEqual([]);
  const served = await request.get('/embed.js');
  expect(served.ok()).toBe(true);
  expect(await served.body()).toEqual(built);
});
