/**
 * The real lead funnel, end to end: a visitor answers the quiz in the browser, unlocks the insights,
 * and the coach finds the lead in `npm run leads -- export`, read from the server's own database.
 */
import { coreDrivers } from '../src/content/drivers';
import { ANSWER_LIMIT_MS } from '../src/lib/fetch-within';
import { expect, test } from './fixtures';
import { answerButton } from './answers';
import { exportLeads } from './lead-export';
import { coreDriversState, openResultsOnFakeClock, openResultsWithState } from './results-state';

test('a lead submitted through the quiz and the gate appears in the coach’s export', async ({ page }) => {
  const email = `flow-${Date.now()}@example.com`;
  const ratings = [1, 2, 3, 1, 1, 2, 3, 3, 2] as const;

  await page.goto('/quiz');
  for (const [index, rating] of ratings.entries()) {
    await expect(page.getByRole('heading', { name: coreDrivers[index]?.name })).toBeVisible();
    await answerButton(page, rating).click();
    await page.getByRole('button', { name: index === ratings.length - 1 ? 'See My Results' : /^Next/ }).click();
  }
  await expect(page).toHaveURL(/\/results$/);

  const requests: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/leads')) requests.push(request.postData() ?? '');
  });
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Flow');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();

  expect(requests).toHaveLength(1);
  const lead = exportLeads().find((row) => row.email === email);
  expect(lead, 'the lead is in the export').toBeDefined();
  expect(lead?.first_name).toBe('Flow');
  expect(coreDrivers.map((driver) => lead?.[driver.shortName])).toEqual(ratings.map(String));
});

test('when the server cannot store the lead the visitor is told, keeps what they typed, and can try again', async ({
  page,
  consoleErrors,
}) => {
  const email = `retry-${Date.now()}@example.com`;
  await page.route('**/api/leads', (route) => route.fulfill({ status: 503, body: '' }));
  await openResultsWithState(page, coreDriversState('123123123'));

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Retry');
  // Pressed by keyboard: the button, disabled while it works, drops focus to the page's <body>.
  await page.getByRole('button', { name: 'Show Me My Insights' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByText('Please try again later.')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Retry');
  await expect(page.getByRole('button', { name: 'Show Me My Insights' })).toBeEnabled();
  // Focus is back on it, so Enter tries again where the visitor was.
  await expect(page.getByRole('button', { name: 'Show Me My Insights' })).toBeFocused();
  // The browser itself reports the failed request; nothing else, and nothing personal, is logged.
  expect(consoleErrors).toEqual([expect.stringContaining('503')]);
  consoleErrors.length = 0;

  await page.unroute('**/api/leads');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
  expect(exportLeads().map((row) => row.email)).toContain(email);
});

test('when no answer ever comes (a phone in a dead zone) the visitor is told after the answer limit, keeps what they typed, and can try again', async ({
  page,
  consoleErrors,
}) => {
  const email = `stall-${Date.now()}@example.com`;
  // The request leaves and is never answered.
  await page.route('**/api/leads', () => undefined);
  await openResultsOnFakeClock(page, coreDriversState('123123123'));
  await page.clock.runFor(2800);

  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Stall');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await page.clock.runFor(ANSWER_LIMIT_MS - 100);
  await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
  await page.clock.runFor(200);
  await expect(page.getByText('Something went wrong')).toBeVisible();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await expect(page.getByLabel('First name')).toHaveValue('Stall');
  consoleErrors.length = 0;

  await page.unroute('**/api/leads');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await page.clock.runFor(1500);
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
  expect(exportLeads().filter((row) => row.email === email)).toHaveLength(1);
});

test('a bot that fills the hidden field is answered as usual but not stored', async ({ page }) => {
  const email = `bot-${Date.now()}@example.com`;
  await openResultsWithState(page, coreDriversState('222222222'));
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('First name').fill('Bot');
  await page.locator('input[name="website"]').fill('https://spam.example', { force: true });
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
  expect(exportLeads().map((row) => row.email)).not.toContain(email);
});
