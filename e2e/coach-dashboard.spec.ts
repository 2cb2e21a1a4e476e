/**
 * The coach's dashboard against the real server, end to end: the password set with the command
 * line, three quiz runs through the real pages (two finish, one of them unlocks, one clicks the
 * course), then the dashboard shows exactly those runs, the lead with its profile, erases it,
 * downloads the CSV and signs out; and a stranger's wrong passwords are refused and slowed down,
 * never locked, while the browser that signed in before is never slowed.
 *
 * The server is shared with every other spec, whose visits count too: the runs here come from a
 * UTM source of their own, and the dashboard's funnel is read for that source alone.
 * Serial: sign-in is throttled per client address, and every test here signs in from 127.0.0.1.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { summarizePattern } from '../src/shared/insights';
import { expectApiRefusals, expectNoA11yFindings, said, takeApiRefusals } from './coach-a11y';
import { waitForFunnel } from './coach-counts';
import { expect, ownConnection, test } from './fixtures';
import type { Rating } from '../src/shared/constants';
import { answerButton } from './answers';

test.describe.configure({ mode: 'serial' });

const password = `e2e coach password ${Date.now()}`;

/** `npm run coach -- set-password`, the password piped on stdin, for the data folder of the server the tests started. */
function setPassword(value: string) {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set: run the tests through playwright.config.ts.');
  execFileSync('npm', ['run', '--silent', 'coach', '--', 'set-password'], {
    input: value,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: ['pipe', 'ignore', 'pipe'],
  });
}

test.beforeAll(() => setPassword(password));

/** One quiz run from the landing page, answering `ratings` (fewer than nine: the visitor leaves). */
async function quizRun(page: Page, source: string, ratings: Rating[]) {
  await page.goto(`/?utm_source=${source}&utm_medium=e2e`);
  await page.getByRole('link', { name: 'Start Your Discovery' }).click();
  for (const [index, rating] of ratings.entries()) {
    await expect(page.getByRole('heading', { name: coreDrivers[index]?.name })).toBeVisible();
    await answerButton(page, rating).click();
    await page.getByRole('button', { name: index === 8 ? 'See My Results' : /^Next/ }).click();
  }
  // Wait for the screen the run ends on, so its step has been reported before the visitor leaves.
  const last = ratings.length === 9 ? 'Your Core Driver Profile' : coreDrivers[ratings.length]?.name;
  await expect(page.getByRole('heading', { name: last })).toBeVisible();
}

async function signIn(page: Page, value = password) {
  await page.getByLabel('Password').fill(value);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('the coach sees exactly the quiz runs in the funnel, finds the lead with its profile, erases it, downloads the CSV and signs out', async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(180_000);
  const source = `e2e-dashboard-${Date.now()}`;
  const email = `dashboard-${Date.now()}@example.com`;
  const ratings: Rating[] = [1, 1, 3, 1, 2, 1, 3, 2, 2];
  // The course opens in a new tab at the coach's course address: answered here, so it never leaves the machine.
  await page.context().route(/^https?:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Course</title>' }));

  // Run 1 finishes, unlocks the insights and clicks through to the course.
  await quizRun(page, source, ratings);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Dashy');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  const course = page.getByRole('link', { name: /Show Me the Course/ });
  await expect(course).toBeVisible();
  const [courseTab] = await Promise.all([page.waitForEvent('popup'), course.click()]);
  await courseTab.close();
  // Run 2 finishes and leaves at the gate; run 3 answers four questions, reaches question 5 and leaves there.
  await quizRun(page, source, [2, 2, 2, 2, 2, 2, 2, 2, 2]);
  await quizRun(page, source, [3, 3, 3, 3]);

  await page.goto('/coach');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectNoA11yFindings(page, 'sign-in');
  await signIn(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();

  // The beacons of the last run may still be on their way: the screen is read once they are in.
  await waitForFunnel(
    page,
    (funnel) => {
      const counts = funnel.sources.find((entry) => entry.utmSource === source && entry.utmMedium === 'e2e')?.counts;
      return counts?.question_5 === 3 && counts.lead === 1 && counts.course_click === 1;
    },
    'the last run at question 5, the lead and the course click',
  );
  await page.reload();
  await page.getByLabel('Visitors from').selectOption(`${source} · e2e`);
  const expected = [
    ['Landing page', '3'],
    ['Quiz started', '3'],
    ...[1, 2, 3, 4, 5].map((n) => [`Question ${n}`, '3']),
    ...[6, 7, 8, 9].map((n) => [`Question ${n}`, '2']),
    ['Results shown', '2'],
    ['Lead', '1'],
    ['Course click', '1'],
  ];
  const funnelTable = page.getByRole('table', { name: /Each step of the funnel/ });
  await expect
    .poll(() =>
      funnelTable
        .locator('tbody tr')
        .evaluateAll((trs) => trs.map((tr) => [tr.querySelector('th')?.textContent ?? '', tr.querySelector('td')?.textContent ?? ''])),
    )
    .toEqual(expected);
  // One of the three who reached question 5 left there: a drop-off of 33.3%, a conversion to question 6 of 66.7%.
  await expect(funnelTable.getByRole('row', { name: /^Question 5/ })).toContainText('33.3%');
  await expect(funnelTable.getByRole('row', { name: /^Question 6/ })).toContainText('66.7%');
  await expectNoA11yFindings(page, 'funnel');

  await page.getByRole('link', { name: 'Profiles' }).click();
  await expect(page.getByRole('table', { name: /how many submissions rated it/ })).toBeVisible();
  // It counts submissions, retakes too, and says so (it read "How the 2 submitted in this period…", with "leads" in its tables).
  await expect(page.getByText(/^How the ([\d,]+ submissions|one submission) in this period rated each driver\. Someone who took the quiz again counts once for each time\.$/)).toBeVisible();
  await expectNoA11yFindings(page, 'profiles');

  await page.getByRole('link', { name: 'Leads' }).click();
  await page.getByLabel('Search by e-mail or first name').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: /^Dashy / }).click();
  await expect(page.getByRole('heading', { name: 'Dashy' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const profile = page.getByRole('table', { name: 'Each driver and how the visitor rated it' });
  const ratingWords = { 1: 'Needs Support', 2: 'Neutral', 3: 'Strong' } as const;
  for (const [index, rating] of ratings.entries()) {
    await expect(profile.getByRole('row', { name: coreDrivers[index]?.shortName, exact: false }).first()).toContainText(ratingWords[rating]);
  }
  // The "Your Unique Pattern" message the visitor read.
  const summary = summarizePattern(coreDrivers.map(({ id }, index) => ({ id, rating: ratings[index] ?? 2 }))).text;
  await expect(page.getByText(summary)).toBeVisible();
  await expectNoA11yFindings(page, 'lead detail');

  await page.getByRole('button', { name: 'Erase this person' }).click();
  const dialog = page.getByRole('dialog', { name: 'Erase this person?' });
  await expect(dialog).toContainText(email);
  await expectNoA11yFindings(page, 'erase confirmation');
  await dialog.getByRole('button', { name: 'Erase for good' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The lead was erased.' })).toBeVisible();
  await page.getByLabel('Search by e-mail or first name').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  // Shown in the list, and said by the search's status (read by screen readers only).
  await expect(page.locator('p:not([role=status])', { hasText: 'No lead matches that search in this period.' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No lead matches that search in this period.' })).toHaveClass(/sr-only/);
  await expectNoA11yFindings(page, 'leads');

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.split(/\r?\n/)[0]).toMatch(/e-?mail/i);
  expect(csv).not.toContain(email);

  await page.getByRole('link', { name: 'Deliveries' }).click();
  await expect(page.getByText(/^Nothing is sent: no e-mail tool, webhook or mail server is set\. Leads are stored, but not sent/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Set them up in Settings' })).toHaveAttribute('href', '#settings');
  await expectNoA11yFindings(page, 'deliveries');

  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByText('You are signed out.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  // Not signed in: on arrival, and again after signing out.
  await expectApiRefusals(consoleErrors, [401, 401]);
});

test('a stranger is refused, then slowed down, never locked; the browser that signed in before is never slowed', async ({
  page,
  browser,
  baseURL,
  consoleErrors,
}) => {
  const alert = said(page, 'alert');
  /** One sign-in attempt; answers the API's status and, for a 429, its Retry-After in seconds. */
  async function attempt(value: string) {
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/coach/session') && r.request().method() === 'POST'),
      signIn(page, value),
    ]);
    return { status: response.status(), retryAfter: Number(response.headers()['retry-after'] ?? 0) };
  }
  const wait = (seconds: number) => page.waitForTimeout(seconds * 1000 + 200);

  // The coach's own browser signed in before: it holds the device cookie.
  const coachBrowser = await browser.newContext({ baseURL });
  const coachPage = await coachBrowser.newPage();
  await coachPage.goto('/coach');
  await signIn(coachPage);
  await expect(coachPage.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  const fromCoachBrowser = (value: string) =>
    coachBrowser.request.post('/api/coach/session', { headers: { origin: new URL(baseURL ?? '').origin, ...ownConnection }, data: { password: value } });

  // A stranger, on the same address: three free failures, each refused with a clear message.
  await page.goto('/coach');
  for (let count = 1; count <= 3; count += 1) {
    expect(await attempt(`wrong password ${count}`)).toEqual({ status: 401, retryAfter: 0 });
    await expect(alert).toHaveText('That password is not right. Please try again.');
  }
  // Each further failure makes the next attempt wait longer (1 s, 2 s, ...); one tried too early is
  // refused with when to retry. (On a busy machine a wait may pass before the next try: tried again.)
  const waits: number[] = [];
  let wrongAnswers = 3;
  for (let count = 4; count <= 12 && waits.length < 2; count += 1) {
    const { status, retryAfter } = await attempt(`wrong password ${count}`);
    if (status === 401) {
      wrongAnswers += 1;
      continue;
    }
    expect(status).toBe(429);
    await expect(alert).toHaveText(new RegExp(`^Too many attempts\\. .*Try again in ${retryAfter} seconds? \\(at \\d\\d:\\d\\d\\)\\.$`));
    waits.push(retryAfter);
    // Meanwhile the coach's browser is not slowed at all, by the stranger or by its own typo.
    expect((await fromCoachBrowser('a typo of the coach')).status()).toBe(401);
    expect((await fromCoachBrowser(password)).status()).toBe(200);
    await wait(retryAfter);
  }
  expect(waits, 'slowed down twice').toHaveLength(2);
  expect(Math.max(...waits)).toBeLessThanOrEqual(30);
  // Never a lock: once the wait is over, the right password works.
  expect((await attempt(password)).status).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'Funnel' })).toBeVisible();
  await coachBrowser.close();
  const refusals = takeApiRefusals(consoleErrors);
  expect(refusals[0], 'not signed in on arrival').toBe(401);
  expect(refusals.filter((status) => status === 401)).toHaveLength(1 + wrongAnswers);
  expect(refusals.filter((status) => status === 429)).toHaveLength(waits.length);
});
