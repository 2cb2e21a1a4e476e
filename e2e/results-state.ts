/**
 * Reaching /results with quiz data, without going through the quiz: the landing page is opened, then
 * the navigation state is pushed the way React Router stores it (`usr`) and a popstate event makes
 * the router render /results with it.
 */
import type { Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';

/** The `coreDrivers` state the quiz hands over, from nine ratings written as digits, e.g. '111223333'. */
export function coreDriversState(ratings: string) {
  if (!/^[123]{9}$/.test(ratings)) throw new Error(`Expected nine ratings 1-3, got ${ratings}`);
  return {
    coreDrivers: coreDrivers.map(({ id, name, scenario }, index) => ({
      id,
      name,
      rating: Number(ratings[index]),
      scenario,
    })),
  };
}

async function pushResults(page: Page, state: unknown) {
  await page.evaluate((usr) => {
    window.history.pushState({ usr, key: 'e2e', idx: 1 }, '', '/results');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  }, state);
}

/** Opens the landing page, then navigates (push) to /results with this navigation state. */
export async function openResultsWithState(page: Page, state: unknown) {
  await page.goto('/');
  await pushResults(page, state);
}

const clockStart = new Date('2026-03-02T09:00:00Z');

/**
 * Installs Playwright's fake clock and pauses it, then opens /results with the state and waits until
 * the results page shows: from then on `page.clock.runFor(ms)` moves its timeline exactly, counted
 * from the moment it mounted.
 */
export async function openResultsOnFakeClock(page: Page, state: unknown) {
  await page.clock.install({ time: clockStart });
  await page.goto('/');
  await page.clock.pauseAt(new Date(clockStart.getTime() + 60_000));
  await pushResults(page, state);
  await page.getByText('Analyzing your pattern...').waitFor();
}
