import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, test } from './fixtures';

test('the landing page content is in the HTML before any script runs', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: baseURL ?? '' });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Discover Your Core Drivers' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Why This Matters' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start Your Discovery' })).toBeVisible();
  await context.close();
});

test('Start Your Discovery opens the quiz', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Start Your Discovery' }).click();
  await expect(page).toHaveURL(/\/quiz$/);
});

test('the footer shows the visitor’s year, even when the build is older', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2035-06-01T12:00:00Z'));
  await page.goto('/');
  await expect(page.getByRole('contentinfo')).toContainText('2035');
  await expect(page.getByRole('contentinfo')).toContainText('Empowering you to understand your unique mind.');
});

for (const width of [360, 1280]) {
  test(`the landing page has no serious accessibility violation and no sideways scroll at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await expectNoHorizontalScroll(page);
  });
}
