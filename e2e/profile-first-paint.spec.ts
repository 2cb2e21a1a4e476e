/**
 * The private profile page before its script arrives: the results e-mail's link is often tapped on a
 * slow phone, where the page's script takes seconds, so the page says it is opening from its first
 * paint, and that screen is gone once the app has rendered.
 */
import { profileCopy } from '../src/content/profile';
import { expect, test } from './fixtures';

test('the profile page says it is opening before any script runs, and only until the app renders', async ({ browser, page, baseURL }) => {
  const withoutScripts = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const before = await withoutScripts.newPage();
  await before.goto(`/profile#${'A'.repeat(43)}`);
  await expect(before.getByRole('main')).toContainText(profileCopy.loading);
  await withoutScripts.close();

  // With its script: a link without a token is dead at once, and its message is all there is.
  await page.goto('/profile');
  await expect(page.getByRole('heading', { name: 'This link no longer works' })).toBeVisible();
  await expect(page.getByText(profileCopy.loading)).toBeHidden();
  await expect(page.getByRole('main')).toHaveCount(1);
});
