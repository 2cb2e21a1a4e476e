/** The save bar every dashboard screen that edits settings has (src/coach/save-bar.tsx). */
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const saveBar = (page: Page) => page.getByRole('region', { name: 'Unsaved changes' });

export const clickSave = (page: Page) => saveBar(page).getByRole('button', { name: 'Save changes' }).click();

/** Saves every change of the screen, and waits until it says so and the bar is gone. */
export async function saveAll(page: Page) {
  await clickSave(page);
  await expect(page.getByRole('status').filter({ hasText: 'All changes saved.' })).toBeVisible();
  await expect(saveBar(page)).toHaveCount(0);
}
