/**
 * Every dashboard screen at a phone's and a desktop's width, against a stand-in for the coach API
 * (coach-fake-api.ts) so each screen shows rich data: axe finds nothing, nothing scrolls sideways,
 * every tap target on a phone is at least 44 px, and the screens do what the coach asks. With SHOTS_DIR set, each screen is also saved as a
 * full-page screenshot there (for looking at them by eye; not part of the check).
 */
import type { Page } from '@playwright/test';
import { expectApiRefusals, expectNoA11yFindings, expectTapTargets, said } from './coach-a11y';
import { fakeAuditDay, fakeAuditTime, fakeCoachApi, fakePassword, signInToFakeApi } from './coach-fake-api';
import { liveRegionTexts } from './chromium-ax';
import { expect, expectNoHorizontalScroll, test } from './fixtures';

async function look(page: Page, screen: string, width: number, { fullPage = true } = {}) {
  await expectNoA11yFindings(page, screen);
  await expectNoHorizontalScroll(page);
  if (width <= 400) await expectTapTargets(page, screen);
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
      // Nine axe runs of a few seconds each on a busy 2-core machine.
      test.setTimeout(150_000);
      await fakeCoachApi(page);
      await page.goto('/coach');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await look(page, 'sign-in', width);

      await page.getByLabel('Password').fill('not the password');
      await page.getByRole('button', { name: 'Sign in' }).click();
      await expect(said(page, 'alert')).toHaveText('That password is not right. Please try again.');
      await expect(page.getByLabel('Password')).toBeFocused();
      await look(page, 'sign-in-wrong-password', width);

      await signIn(page);
      await expect(page.getByRole('table', { name: /Each step of the funnel/ })).toBeVisible();
      // The biggest drop in the stand-in's funnel is after the insights, then at the gate (issue 22).
      await expect(page.getByText(/^The biggest drop is at the course button: [\d,]+ of [\d,]+ visitors \(6\d\.\d%\) unlocked the insights but did not open the course\.$/)).toBeVisible();
      await expect(page.getByText(/^Next biggest: the gate \(5\d\.\d%\)\.$/)).toBeVisible();
      await page.getByText('Show the numbers for each day').click();
      await look(page, 'funnel', width);

      await page.getByRole('link', { name: 'Profiles' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Profiles' })).toBeFocused();
      await expect(page.getByRole('table', { name: /how many submissions rated it/ })).toBeVisible();
      await look(page, 'profiles', width);

      await page.getByRole('link', { name: 'Leads', exact: true }).click();
      const ana = page.getByRole('link', { name: /^Ana ana/ });
      await expect(ana).toBeVisible();
      await look(page, 'leads', width);

      await ana.click();
      await expect(page).toHaveURL(/\/coach\/leads\/[^/]+$/);
      // The lead's own address: a reload shows the same lead.
      const leadAddress = page.url();
      await page.reload();
      await expect(page.getByRole('heading', { name: 'Ana', exact: true })).toBeVisible();
      expect(page.url()).toBe(leadAddress);
      await expect(page.getByRole('heading', { name: 'Ana', exact: true })).toBeVisible();
      await expect(page.getByRole('table', { name: 'Each driver and how the visitor rated it' }).first()).toBeVisible();
      // The lead's own deliveries say why one failed, the receiver's words one click away.
      await expect(page.getByText('The receiver had a problem of its own (503); it is tried again.').first()).toBeVisible();
      await page.getByText('Technical answer').first().click();
      await expect(page.getByText('Service Unavailable: upstream busy, try again later', { exact: true }).first()).toBeVisible();
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
      // An erase told to the e-mail tool, failing for now: the person is gone, so their address masked and no link; Retry.
      const failingErase = page.getByRole('listitem').filter({ hasText: 'Erase in Kit' });
      await expect(failingErase).toContainText('For an erased person (j…@example.org)');
      await expect(failingErase).toContainText('Your e-mail tool had a problem of its own (502); it is tried again.');
      await expect(failingErase.getByRole('link')).toHaveCount(0);
      await expect(failingErase.getByRole('button', { name: /^Retry now: Erase in Kit, queued / })).toBeVisible();
      // The list never shows a whole address: each delivery names its lead by first name and a masked address.
      await expect(page.getByText('ana.lopez@example.com')).toHaveCount(0);
      await expect(page.getByText('Leads go to https://hooks.zapier.com/hooks/catch/123456/abcdef/.')).toBeVisible();
      // Why each failed, in words, with the technical answer one click away.
      await expect(page.getByText('The receiver had a problem of its own (503); it is tried again.')).toBeVisible();
      await expect(page.getByText('The mail server did not answer in time, or could not be reached.')).toBeVisible();
      await page.getByText('Technical answer').first().click();
      await expect(page.getByText('HTTP 503', { exact: true })).toBeVisible();
      // What the receiver said, as the server kept it.
      await expect(page.getByText('{"error":"upstream busy","retry":true}', { exact: true })).toBeVisible();
      await expect(page.getByText('Connection timeout (ETIMEDOUT)', { exact: true })).toBeHidden();
      await page.getByText('Technical answer').nth(1).click();
      await expect(page.getByText('Connection timeout (ETIMEDOUT)', { exact: true })).toBeVisible();
      await look(page, 'deliveries', width);
      // A delivery links to its lead, at the lead's own address; back returns to the deliveries.
      await page.getByRole('link', { name: 'Ana (a…@example.com)' }).click();
      await expect(page).toHaveURL(/\/coach\/leads\/[^/]+$/);
      await expect(page.getByRole('heading', { name: 'Ana', exact: true })).toBeVisible();
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: 'Deliveries' })).toBeVisible();
      await page.getByText('Delivered', { exact: true }).click();
      const delivered = page.getByRole('list', { name: 'Deliveries: Delivered, newest first' });
      await expect(delivered.getByRole('listitem')).toHaveCount(7);
      await expect(delivered.getByRole('listitem').first()).toContainText('Delivered');
      // Erases done: what each tool did, in words.
      await expect(delivered.getByText('Erase in Kit: unsubscribed (Kit’s API cannot delete)', { exact: true })).toBeVisible();
      await expect(delivered.getByText('Delete them in your e-mail tool by hand if you want them gone there too.')).toBeVisible();
      await expect(delivered.getByText('Erase in MailerLite: deleted', { exact: true })).toBeVisible();
      await expect(delivered.getByText('For an erased person (r…@example.com)')).toBeVisible();
      await expect(delivered.getByRole('button', { name: /Retry now/ })).toHaveCount(0);
      await look(page, 'deliveries-delivered', width);

      await page.getByRole('link', { name: 'Audit log' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeFocused();
      const table = page.getByRole('table', { name: 'Audit log entries, newest first' });
      // 25 entries two hours apart (the API's page) under their days' headings, times in the coach's time zone (UTC here).
      const entries = table.getByRole('row').filter({ has: page.getByRole('cell') });
      await expect(entries).toHaveCount(25);
      await expect(entries.first()).toHaveText(new RegExp(`^${fakeAuditTime(0)}Signed inChrome on macOS, signed in 3 Nov$`));
      await expect(table.getByRole('rowheader').first()).toHaveText(fakeAuditDay(0));
      // A settings change says what changed, old → new; a secret only that it changed.
      await expect(entries.nth(7)).toHaveText(
        new RegExp(`^${fakeAuditTime(7)}Settings changedYour name: Sam Rivera → Dana ReyesWebhook signing secret: changedChrome on macOS, signed in 3 Nov$`),
      );
      // A long course link in a change wraps in its cell: the table fits, its last column in view.
      await expect(entries.nth(15)).toContainText('Course link: not set → https://coach.example/courses/core-drivers-for-busy-founders-2027');
      expect(await page.getByRole('region', { name: 'Audit log entries, newest first' }).evaluate((frame) => frame.scrollWidth - frame.clientWidth)).toBe(0);
      await look(page, 'audit-log', width);
      await page.getByRole('button', { name: 'Older' }).click();
      await expect(page.getByText('Page 2')).toBeVisible();
      // An entry from before browsers were kept in words says so.
      await expect(entries.first()).toHaveText(new RegExp(`^${fakeAuditTime(25)}Leads downloaded \\(CSV\\)Dashboard \\(which browser was not recorded then\\)$`));
      await page.getByRole('button', { name: 'Older' }).click();
      await expect(entries).toHaveCount(10);
      await page.getByRole('button', { name: 'Newer' }).click();
      await page.getByRole('button', { name: 'Newer' }).click();
      await expect(entries).toHaveCount(25);
      // Not signed in on arrival, then the wrong password.
      await expectApiRefusals(consoleErrors, [401, 401]);
    });
  });
}

test('throttled sign-in says how long to wait and until when', async ({ page, consoleErrors }) => {
  await signInToFakeApi(page, '', { throttledFor: 300 });
  await expect(said(page, 'alert')).toHaveText(/^Too many attempts\. .*Try again in 5 minutes \(at \d\d:\d\d\)\.$/);
  await expectNoA11yFindings(page, 'sign-in-throttled');
  await expectApiRefusals(consoleErrors, [401, 429]);
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
  await expect(said(page, 'alert')).toHaveText('The start date must come before the end date.');
  await page.getByLabel('To', { exact: true }).fill('2026-02-20');
  await page.getByRole('button', { name: 'Show', exact: true }).click();
  await expect.poll(() => asked.at(-1)).toBe('2026-02-10..2026-02-20');
  expect(asked).toHaveLength(3);
  await expect(page.getByText(/Tue, 10 Feb 2026 to Fri, 20 Feb 2026/)).toBeVisible();
  await expectApiRefusals(consoleErrors, [401]);
});

test('by keyboard, focus follows the coach: a lead opened lands on its name, back and an erase on the leads; the erase is said', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInToFakeApi(page, '#leads');
  const leadsHeading = page.getByRole('heading', { level: 1, name: 'Leads' });
  const ana = page.getByRole('link', { name: /^Ana ana/ });

  await ana.focus();
  await page.keyboard.press('Enter');
  // A screen reader hears whose page this is, not nothing (focus left on a link that is gone).
  await expect(page.getByRole('heading', { level: 2, name: 'Ana', exact: true })).toBeFocused();

  await page.getByRole('button', { name: 'Back to leads' }).press('Enter');
  await expect(leadsHeading).toBeFocused();

  await ana.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Ana', exact: true })).toBeFocused();
  // The live regions there before the erase: "erased" must be said by one of them, not by one born with it.
  const regionsBefore = await page.locator('[role="status"], [role="alert"], [aria-live]').elementHandles();
  await page.getByRole('button', { name: 'Erase this person' }).press('Enter');
  await page.getByRole('dialog', { name: 'Erase this person?' }).getByRole('button', { name: 'Erase for good' }).press('Enter');
  await expect(page.getByText('The lead was erased.')).toBeVisible();
  await expect(leadsHeading).toBeFocused();
  const said = await Promise.all(regionsBefore.map((region) => region.evaluate((element) => (element.isConnected ? element.textContent : null))));
  expect(said).toContain('The lead was erased.');
  await expectApiRefusals(consoleErrors, [401]);
});

test('a list read a page at a time: each page is said, and at either end focus moves to the button that is left', async ({ page, consoleErrors }) => {
  await signInToFakeApi(page, '#audit');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const newer = page.getByRole('button', { name: 'Newer' });
  const older = page.getByRole('button', { name: 'Older' });
  const pageSaid = page.getByRole('status').filter({ hasText: /^Page \d+$/ });

  await older.press('Enter');
  await expect(pageSaid).toHaveText('Page 2');
  await expect(older).toBeFocused();
  // The last page (10 entries): "Older" goes away, and focus with it to "Newer", not to the page's start.
  await older.press('Enter');
  await expect(pageSaid).toHaveText('Page 3');
  await expect(page.getByRole('table', { name: 'Audit log entries, newest first' }).getByRole('row').filter({ has: page.getByRole('cell') })).toHaveCount(10);
  await expect(older).toBeHidden();
  await expect(newer).toBeFocused();
  expect(await liveRegionTexts(page)).toContain('Page 3');

  await newer.press('Enter');
  await expect(pageSaid).toHaveText('Page 2');
  await newer.press('Enter');
  await expect(pageSaid).toHaveText('Page 1');
  await expect(newer).toBeHidden();
  await expect(older).toBeFocused();
  await expectApiRefusals(consoleErrors, [401]);
});

test('deliveries a page at a time: older ones, then back to the newer ones, by keyboard, focus kept', async ({ page, consoleErrors }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  // 60 delivered: pages of 25, 25 and 10.
  await signInToFakeApi(page, '#deliveries', { deliveredCount: 60 });
  await page.getByRole('radio', { name: 'Delivered' }).press('Space');
  const list = page.getByRole('list', { name: 'Deliveries: Delivered, newest first' }).getByRole('listitem');
  await expect(list).toHaveCount(25);
  const newest = await list.first().getByText(/^Queued /).innerText();
  const newer = page.getByRole('button', { name: 'Newer' });
  const older = page.getByRole('button', { name: 'Older' });

  await older.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Page \d+$/ })).toHaveText('Page 2');
  await expect(older).toBeFocused();
  await older.press('Enter');
  await expect(list).toHaveCount(10);
  await expect(newer).toBeFocused();
  // The newer ones are a key press away, not lost until another filter is chosen.
  await newer.press('Enter');
  await newer.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Page \d+$/ })).toHaveText('Page 1');
  await expect(list).toHaveCount(25);
  await expect(list.first()).toContainText(newest);
  await expect(older).toBeFocused();
  // Another filter starts again at its first page.
  await older.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^Page \d+$/ })).toHaveText('Page 2');
  await page.getByRole('radio', { name: 'Failing' }).press('Space');
  await expect(page.getByRole('button', { name: /^Retry now: Webhook: new lead/ })).toBeVisible();
  await expect(newer).toHaveCount(0);
  await expectApiRefusals(consoleErrors, [401]);
});

test('erasing a person erased already (another tab, or an answer lost on the way) says so and goes back to the leads, not "try again"', async ({ page, consoleErrors }) => {
  await signInToFakeApi(page, '#leads', { erasedAlready: true });
  await page.getByRole('link', { name: /^Ana ana/ }).click();
  await page.getByRole('button', { name: 'Erase this person' }).click();
  await page.getByRole('dialog', { name: 'Erase this person?' }).getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'This person had already been erased: nothing of theirs is kept.' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Leads' })).toBeFocused();
  await expect(page.getByText('The lead could not be erased. Please try again.')).toHaveCount(0);
  await expectApiRefusals(consoleErrors, [401, 404]);
});

for (const [refused, status, words] of [
  ['delivered', 400, 'Nothing to retry: it was delivered meanwhile. Choose “Delivered” to see it.'],
  ['gone', 404, 'Nothing to retry: this person was erased meanwhile, and their deliveries with them.'],
] as const) {
  test(`"Retry now" on a delivery ${refused} meanwhile says so, not "please try again"`, async ({ page, consoleErrors }) => {
    await signInToFakeApi(page, '#deliveries', { retryRefused: refused });
    const item = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: /^Retry now: Webhook: new lead/ }) });
    await item.getByRole('button', { name: /^Retry now/ }).click();
    await expect(said(item, 'status')).toHaveText(words);
    await expect(page.getByText('The retry could not be scheduled. Please try again.')).toHaveCount(0);
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await look(page, `deliveries-retry-${refused}`, width);
    }
    await expectApiRefusals(consoleErrors, [401, status]);
  });
}

test('the offers’ figures under the funnel are written as the funnel’s are (12,480, not 12480)', async ({ page, consoleErrors }) => {
  await fakeCoachApi(page, {
    offerRows: [
      { offer: 'default', pattern: 'strongAndWeak', seen: 12_480, leads: 2_310, clicks: 1_045 },
      { offer: 'default', pattern: 'mostWeak', seen: 3_020, leads: 640, clicks: 212 },
    ],
  });
  await page.goto('/coach');
  await signIn(page);
  const offers = page.getByRole('table', { name: 'Offers' });
  await expect(offers.getByRole('row', { name: /^All patterns/ })).toHaveText(/^All patterns\s*15,500\s*2,950\s*1,257$/);
  await expect(offers.getByRole('row', { name: /^Some strong, some need support/ })).toHaveText(/^Some strong, some need support\s*12,480\s*2,310\s*1,045$/);
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await page.getByRole('heading', { name: 'Offers' }).scrollIntoViewIfNeeded();
    const dir = process.env.SHOTS_DIR;
    if (dir) await page.screenshot({ path: `${dir}/funnel-offers-${width}.png` });
  }
  await expectApiRefusals(consoleErrors, [401]);
});

test('a search of the leads says what it found while focus stays in the search box', async ({ page, consoleErrors }) => {
  await signInToFakeApi(page, '#leads');
  const search = page.getByRole('searchbox', { name: 'Search by e-mail or first name' });
  await expect(page.getByRole('link', { name: /^Ana ana/ })).toBeVisible();

  await search.fill('ana');
  await search.press('Enter');
  await expect(page.getByRole('list', { name: 'Leads, newest first' }).getByRole('link')).toHaveCount(1);
  await expect.poll(() => liveRegionTexts(page)).toContain('1 lead matches.');
  await expect(search).toBeFocused();

  await search.fill('nobody-here');
  await search.press('Enter');
  await expect(page.getByText('No lead matches that search in this period.').first()).toBeVisible();
  await expect.poll(() => liveRegionTexts(page)).toContain('No lead matches that search in this period.');
  await expect(search).toBeFocused();
  await expectApiRefusals(consoleErrors, [401]);
});
