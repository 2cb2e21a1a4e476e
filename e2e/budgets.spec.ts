/**
 * Byte budgets of the landing page's first load (limits in scripts/bench/budgets.ts), measured in
 * Chromium against the production build this run serves, and the idle prefetch that makes the
 * click on Start Your Discovery instant. Timings belong to the benchmark (npm run bench).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chunkOf, readBuild, readCoachFiles, sizesOf } from '../scripts/bench/build-info';
import { dashboardLeaks, embedScriptBreaches, landingBudgetBreaches, resultsBudgetBreaches, type VisitorPageLoad } from '../scripts/bench/budgets';
import { embedScriptWith } from '../server/embed/embed-script';
import { measureFirstLoad } from '../scripts/bench/first-load';
import { defaultEmbedLook, embedScriptLook } from '../src/shared/frame-look';
import { prefetchMark } from '../src/app/prefetch-mark';
import { expect, test } from './fixtures';
import { expectApiRefusals } from './coach-a11y';

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

test('the results page opened straight loads within its byte budget: the results, gate, insights, print view and the coach’s offer come later', async ({
  page,
  baseURL,
  consoleErrors,
}) => {
  const build = readBuild();
  const firstLoad = await measureFirstLoad(page, `${baseURL}/results`, build);
  test.info().annotations.push({ type: 'first load of /results', description: `JS ${firstLoad.js.gzip} B gzip (${firstLoad.js.raw} raw)` });
  expect(resultsBudgetBreaches(firstLoad), 'budget breaches of the results page').toEqual([]);
  const firstLoadModules = firstLoad.scripts.flatMap((script) => build.chunkModules[script] ?? []);
  for (const later of ['src/features/results/results-view.tsx', 'src/features/results/lead-gate.tsx', 'src/features/results/unlocked-profile.tsx', 'src/features/results/course-cta.tsx', 'src/features/results/print-button.tsx']) {
    expect(firstLoadModules, `${later} is not in the first load of /results`).not.toContain(later);
  }
  // What the spec has /results without data log; nothing else.
  expect(consoleErrors).toEqual([expect.stringContaining('Results opened without valid quiz data')]);
  consoleErrors.length = 0;
});

test('the quiz and results are fetched while the visitor reads, so the click needs no network', async ({
  page,
}) => {
  const { manifest } = readBuild();
  const lazyPages = ['src/features/quiz/quiz-page.tsx', 'src/features/results/results-page.tsx', 'src/features/results/results-view.tsx'].map((source) => {
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

test('no dashboard code reaches a visitor: no visitor chunk bundles it, no visitor page loads or names it', async ({
  page,
  consoleErrors,
}) => {
  const build = readBuild();
  const coachFiles = readCoachFiles();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(decodeURIComponent(new URL(request.url()).pathname.slice(1))));

  const loads: VisitorPageLoad[] = [];
  for (const path of ['/', '/quiz', '/results', '/no-such-page']) {
    requested.length = 0;
    const response = await page.goto(path);
    // Everything the page will ever fetch by itself: its first load and the idle prefetch of the quiz and results.
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, prefetchMark);
    await page.waitForLoadState('networkidle');
    loads.push({ path, requested: [...requested], html: (await response?.text()) ?? '' });
  }
  expect(dashboardLeaks(build, coachFiles, loads), 'dashboard files or modules on visitor pages').toEqual([]);
  // What the spec has /results without data and an unknown path log; nothing else.
  expect(consoleErrors).toEqual([
    expect.stringContaining('Results opened without valid quiz data'),
    expect.stringContaining('404'),
    expect.stringContaining('/no-such-page'),
  ]);
  consoleErrors.length = 0;

  // The check can fail: the dashboard's own page loads exactly those files.
  requested.length = 0;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 30 });
  await page.goto('/coach');
  await page.waitForLoadState('networkidle');
  expect(requested.filter((file) => coachFiles.includes(file)), 'the dashboard’s files, fetched by /coach').not.toEqual([]);
  // Signed out, the dashboard's "who am I" is refused; Chromium logs that by itself.
  await expectApiRefusals(consoleErrors, [401]);
});

test('the embed script coaches load on their sites is one small self-contained script', async ({ request }) => {
  const built = readFileSync(join(readBuild().clientDir, 'embed.js'), 'utf8');
  // As served: the build with the coach's popup look (here the default) written over its placeholder.
  const expected = embedScriptWith(built, embedScriptLook(defaultEmbedLook));
  const served = await request.get('/embed.js');
  expect(served.ok()).toBe(true);
  const body = await served.body();
  expect(body.toString('utf8')).toBe(expected);
  test.info().annotations.push({ type: 'embed.js', description: `${sizesOf(body).gzip} B gzip (${body.length} raw), as served` });
  expect(embedScriptBreaches(body), 'budget breaches of embed.js').toEqual([]);
});
