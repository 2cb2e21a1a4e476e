/** The save bar every dashboard screen that edits settings has (src/coach/save-bar.tsx). */
import type { Locator, Page } from '@playwright/test';
import { expect } from './fixtures';

export const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

export const clickSave = (page: Page) => saveBar(page).getByRole('button', { name: 'Save changes' }).click();

/** Saves every change of the screen, and waits until it says so and the bar is gone. */
export async function saveAll(page: Page) {
  await clickSave(page);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
  await expect(saveBar(page)).toHaveCount(0);
}

/**
 * Tab from `from` to `to`, the next control, with the window scrolled so that `to` ends just below
 * the top edge of the open save bar, where a browser that took the bar for page would leave it
 * hidden; expects `to` focused and wholly above the bar (WCAG 2.4.11).
 */
export async function expectTabClearsBar(page: Page, from: Locator, to: Locator) {
  await from.evaluate((element: HTMLElement) => element.focus({ preventScroll: true }));
  const under = () => to.evaluate((element) => element.getBoundingClientRect().bottom - (document.querySelector('[data-save-bar]')?.getBoundingClientRect().top ?? Infinity));
  await to.evaluate((element) => {
    const barTop = document.querySelector('[data-save-bar]')?.getBoundingClientRect().top ?? 0;
    window.scrollBy({ top: element.getBoundingClientRect().bottom - (barTop + 4), behavior: 'instant' });
  });
  expect(await under(), 'the next control ends under the bar').toBeGreaterThan(0);
  await page.keyboard.press('Tab');
  await expect(to).toBeFocused();
  await expect.poll(under, { message: 'the focused control is under the save bar' }).toBeLessThanOrEqual(0);
}
