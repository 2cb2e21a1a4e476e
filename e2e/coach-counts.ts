/**
 * Waiting for the dashboard's figures. Beacons and leads reach them once a second
 * (server/analytics/counter.ts), so a test that has just counted something waits until the coach API
 * answers with it, then loads the screen once. It asks the API, not the screen: a busy machine's slow
 * render can take longer than any short try, and reloading the screen until it shows the figures
 * failed that way.
 */
import type { Page } from '@playwright/test';
import type { FunnelResponse } from '../src/shared/coach-api/funnel';
import type { OffersReport } from '../src/shared/coach-api/offers';
import { coachApi } from '../src/shared/coach-api/routes';
import { expect, ownConnection } from './fixtures';

/** How long counts may take on a busy machine: written once a second, so far more than enough. */
const COUNTED_WITHIN_MS = 30_000;

async function waitForAnswer<T>(page: Page, path: string, counted: (answer: T) => boolean, what: string): Promise<void> {
  await expect
    .poll(
      async () => {
        // Signed in in this page's browser: its request context sends the session cookie.
        const response = await page.request.get(path, { headers: ownConnection });
        expect(response.status(), `GET ${path}`).toBe(200);
        return counted((await response.json()) as T);
      },
      { message: `the coach API counts ${what}`, timeout: COUNTED_WITHIN_MS },
    )
    .toBe(true);
}

/** Waits until the funnel of the last 30 days (the screen's default period) has what `counted` looks for. */
export function waitForFunnel(page: Page, counted: (funnel: FunnelResponse) => boolean, what: string): Promise<void> {
  return waitForAnswer(page, coachApi.funnel, counted, what);
}

/** Waits until the offers' figures of the last 30 days have what `counted` looks for. */
export function waitForOffers(page: Page, counted: (report: OffersReport) => boolean, what: string): Promise<void> {
  return waitForAnswer(page, coachApi.offers, counted, what);
}
