/** A visitor of a test's own server (e2e/own-server.ts), in a browser context of their own. */
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';
import type { OwnServer } from './own-server';
import { coreDriversState, openResultsWithState } from './results-state';

export async function visitorPage(browser: Browser, server: OwnServer, width: number): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: width === 360 ? 740 : 900 } });
  return context.newPage();
}

/** A visitor reaches the course call to action: results, the gate filled in, the insights unlocked. */
export async function unlockInsights(visitor: Page, ratings: string, email = 'visitor@example.com') {
  await openResultsWithState(visitor, coreDriversState(ratings));
  await visitor.getByLabel('Email', { exact: true }).fill(email);
  await visitor.getByLabel('First name').fill('Vi');
  await visitor.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(visitor.getByRole('heading', { name: 'Now what?' })).toBeVisible({ timeout: 15_000 });
}
