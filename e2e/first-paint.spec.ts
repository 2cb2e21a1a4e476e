/**
 * The pages the browser renders, before their script arrives: the results e-mail's links (the
 * profile, the opt-in's confirm page) are often tapped on a slow phone, and /results is opened
 * straight or reloaded, where the page's script takes seconds; each says what it is doing from its
 * first paint, and that screen is gone once the app has rendered.
 */
import type { Browser } from '@playwright/test';
import { confirmCopy, profileCopy } from '../src/content/profile';
import { resultsCopy } from '../src/content/results';
import { site } from '../src/content/site';
import { expect, test } from './fixtures';

async function withoutScripts(browser: Browser, baseURL: string | undefined, path: string) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await page.goto(path);
  return { main: page.getByRole('main'), close: () => context.close() };
}

test('the profile page says it is opening before any script runs, and only until the app renders', async ({ browser, page, baseURL }) => {
  const before = await withoutScripts(browser, baseURL, `/profile#${'A'.repeat(43)}`);
  await expect(before.main).toContainText(profileCopy.loading);
  await before.close();

  // With its script: a link without a token is dead at once, and its message is all there is.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText(profileCopy.loading)).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
});

test('the confirm page shows its title before any script runs, and only until the app renders', async ({ browser, page, baseURL }) => {
  const before = await withoutScripts(browser, baseURL, `/confirm#${'A'.repeat(43)}`);
  await expect(before.main.getByRole('heading', { name: confirmCopy.title })).toBeVisible();
  await before.close();

  await page.goto('/confirm');
  await expect(page.getByRole('heading', { name: confirmCopy.dead.title })).toBeVisible();
  await expect(page.getByRole('heading', { name: confirmCopy.title })).toHaveCount(0);
  await expect(page.getByRole('main')).toHaveCount(1);
});

test('/results opened straight is not blank before any script runs, and its first paint goes once the app renders', async ({ browser, page, baseURL, consoleErrors }) => {
  const before = await withoutScripts(browser, baseURL, '/results');
  await expect(before.main).toContainText(site.productName);
  // Nothing it cannot know yet: whether the quiz comes first, or a reload's results show at once.
  await expect(before.main).not.toContainText(resultsCopy.missing.takeQuizFirst);
  await expect(before.main).not.toContainText(resultsCopy.loading);
  await before.close();

  // With its script and no quiz behind it: the spec's missing-data screen, alone.
  await page.goto('/results');
  await expect(page.getByText(resultsCopy.missing.takeQuizFirst)).toBeVisible();
  await expect(page.getByRole('main')).toHaveCount(1);
  await expect(page.getByText(site.productName, { exact: true })).toHaveCount(1);
  expect(consoleErrors).toEqual([resultsCopy.missing.logMessage]);
  consoleErrors.length = 0;
});
