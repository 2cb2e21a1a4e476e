/**
 * Every dashboard screen at a phone's and a desktop's width, against a stand-in for the coach API
 * (coach-fake-api.ts) so each screen shows rich data: axe finds nothing, nothing scrolls sideways,
 * and the screens do what the coach asks. With SHOTS_DIR set, each screen is also saved as a
 * full-page screenshot there (for looking at them by eye; not part of the check).
 */
import type { Page } from '@playwright/test';
import { expectNoA11yFindings, takeApiRefusals } from './coach-a11y';
import { fakeCoachApi, fakePassword } from './coach-fake-api';
import { expect, expectNoHorizontalScroll, test } from './fixtures';

async function look(page: Page, screen: string, width: number, { fullPage = true } = {}) {
  await expectNoA11yFindings(page, screen);
  await expectNoHorizontalScroll(page);
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${screen}-${width}.png`, fullPage });
}

async function signIn(page: Page) {
  await page.getByLabel('Password').fill(fakePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
}

for (const width of [360, 1280]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 900 } });

    test('every dashboard screen passes axe and fits the screen', async ({ page, consoleErrors }) => {
      // Eight axe runs of a few seconds each on a busy 2-core machine.
      test.setTimeout(120_000);
      await fakeCoachApi(page);
      await page.goto('/coach');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await look(page, 'sign-in', width);

      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(page.getByRole('alert')).toHaveText('That password is not right. Please try again.');
      await expect(page.getByLabel('Password')).toBeFocused();
      await look(page, 'sign-in-wrong-password', width);

      await signIn(page);
      await expect(page.getByRole('table', { name: /Each step of the funnel/ })).toBeVisible();
      await page.getByText('Show the numbers for each day').click();
      await look(page, 'funnel', width);

      await page.getByRole('link', { name: 'Profiles' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeFocused();
      await expect(page.getByRole('table', { name: /how many leads rated it/ })).toBeVisible();
      await look(page, 'profiles', width);

      await page.getByRole('link', { name: 'Leads' }).click();
      await expect(page.getByRole('button', { name: 'Ana', exact: true })).toBeVisible();
      await look(page, 'leads', width);

      await page.getByRole('button', { name: 'Ana', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Ana', exact: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Each driver and how the visitor rated it' })).toBeVisible();
      await look(page, 'lead-detail', width);

      await page.getByRole('button', { name: 'Erase this person' }).click();
      const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole('button', { name: 'Cancel' })).toBeFocused();
      await look(page, 'erase-confirmation', width, { fullPage: false });
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.getByRole('link', { name: 'Deliveries' }).click();
      await expect(page.getByRole('button', { name: /^Retry now: Webhook: new lead, queued / })).toBeVisible();
      await expect(page.getByRole('button', { name: /^Retry now: Results e-mail, queued / })).toBeVisible();
      // The list never shows an address: the coach opens the lead for that.
      await expect(page.getByText('ana.lopez@example.com')).toHaveCount(0);
      await look(page, 'deliveries', width);
      // Not signed in on arrival, then the wrong password.
      expect(takeApiRefusals(consoleErrors)).toEqual([401, 401]);
    });
  });
}

test('throttled sign-in says how long to wait and until when', async ({ page, consoleErrors }) => {
  await fakeCoachApi(page, { throttledFor: 300 });
  await page.goto('/coach');
  await page.getByLabel('Password').fill(fakePassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText(/^Too many attempts\. .*Try again in 5 minutes \(at \d\d:\d\d\)\.$/);
  await expectNoA11yFindings(page, 'sign-in-throttled');
  expect(takeApiRefusals(consoleErrors)).toEqual([401, 429]);
});

test('a period is chosen from presets or typed, and a bad range is explained, not sent', async ({ page, consoleErrors }) => {
  await fakeCoachApi(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/api/coach/funnel') asked.push(`${url.searchParams.get('from')}..${url.searchParams.get('to')}`);
  });
  await page.goto('/coach');
  await signIn(page);
  await page.getByText('Last 7 days').click();
  await expect.poll(() => asked.length).toBe(2);
  await page.getByText('Custom').click();
  await page.getByLabel('From', { exact: true }).fill('2026-02-10');
  await page.getByLabel('To', { exact: true }).fill('2026-02-01');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText('The start date must come before the end date.');
  await page.getByLabel('To', { exact: true }).fill('2026-02-20');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect.poll(() => asked.at(-1)).toBe('2026-02-10..2026-02-20');
  expect(asked).toHaveLength(3);
  await expect(page.getByText(/Tue, 10 Feb 2026 to Fri, 20 Feb 2026/)).toBeVisible();
  expect(takeApiRefusals(consoleErrors)).toEqual([401]);
});
