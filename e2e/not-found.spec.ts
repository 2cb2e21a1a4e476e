import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from './fixtures';

test('an unknown path gets status 404 and the not-found screen, and logs the path', async ({ page, consoleErrors }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  await expect.poll(() => consoleErrors.join('\n')).toContain('/no-such-page');
  consoleErrors.length = 0;

  await page.getByRole('link', { name: /home/i }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Discover Your Core Drivers' })).toBeVisible();
});

test('the known routes answer 200', async ({ request }) => {
  for (const path of ['/', '/quiz', '/results']) {
    expect((await request.get(path)).status(), path).toBe(200);
  }
});

test('the not-found screen has no serious accessibility violation and no sideways scroll', async ({ page, consoleErrors }) => {
  await page.goto('/missing/deeply/nested');
  await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expectNoHorizontalScroll(page);
  consoleErrors.length = 0;
});
