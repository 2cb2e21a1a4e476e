/**
 * Guiding every visitor (issue 11): focus lands on the new screen's heading after each navigation,
 * each screen names itself in the tab, live regions are announced (present before their text
 * changes), nothing invisible can take focus, and the toasts are readable, reachable and never stale.
 */
import type { Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { careMessage, resultsCopy } from '../src/content/results';
import { expect, settleAnimations, test } from './fixtures';
import { answerButton } from './answers';
import { focused, liveRegions, recordLiveRegions } from './page-probes';
import { coreDriversState, openResultsOnFakeClock, openResultsWithState } from './results-state';

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function expectFocusOnHeading(page: Page, name: string | RegExp) {
  await expect(h1(page)).toHaveText(name);
  await expect(h1(page)).toBeFocused();
}

test('focus moves to each new screen’s heading and every screen has its own title, by keyboard through the whole flow', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Discover Your Core Drivers · Core Drivers');
  // The first screen of a page load keeps the browser's own focus.
  expect((await focused(page)).tag).toBe('body');

  await page.getByRole('link', { name: 'Start Your Discovery' }).focus();
  await page.keyboard.press('Enter');
  await expectFocusOnHeading(page, coreDrivers[0]?.name ?? '');
  await expect(page).toHaveTitle('Question 1 of 9 · Core Drivers');

  const ratings = [1, 1, 1, 1, 1, 2, 3, 3, 2] as const;
  for (const [index, rating] of ratings.entries()) {
    await answerButton(page, rating).press('Enter');
    const last = index === ratings.length - 1;
    await page.getByRole('button', { name: last ? 'See My Results' : /^Next/ }).press('Enter');
    if (!last) {
      await expectFocusOnHeading(page, coreDrivers[index + 1]?.name ?? '');
      await expect(page).toHaveTitle(`Question ${index + 2} of 9 · Core Drivers`);
    }
  }
  await expect(page).toHaveTitle(/^(Quiz Complete! · Core Drivers|Your Core Driver Profile · Core Drivers)$/);

  await expect(page).toHaveURL(/\/results$/);
  await expectFocusOnHeading(page, 'Your Core Driver Profile');
  await expect(page).toHaveTitle('Your Core Driver Profile · Core Drivers');

  // Back: the quiz (starting over), then the landing page, each focused at its heading.
  await page.goBack();
  await expectFocusOnHeading(page, coreDrivers[0]?.name ?? '');
  await expect(page).toHaveTitle('Question 1 of 9 · Core Drivers');
  await page.goBack();
  await expectFocusOnHeading(page, 'Discover Your Core Drivers');
  await expect(page).toHaveTitle('Discover Your Core Drivers · Core Drivers');
});

test('the quiz-complete heading takes focus and names the tab before the results open', async ({ page }) => {
  const start = new Date('2026-03-02T09:00:00Z');
  await page.clock.install({ time: start });
  await page.goto('/');
  await page.clock.pauseAt(new Date(start.getTime() + 60_000));
  await page.getByRole('link', { name: 'Start Your Discovery' }).click();
  for (let question = 1; question <= 9; question += 1) {
    await page.getByRole('button', { name: /^Sometimes / }).click();
    await page.getByRole('button', { name: question === 9 ? 'See My Results' : /^Next/ }).click();
    await page.clock.runFor(150);
  }
  // The results open 500 ms later; the clock stands still until then.
  await expectFocusOnHeading(page, 'Quiz Complete!');
  await expect(page).toHaveTitle('Quiz Complete! · Core Drivers');
});

test('the not-found screen has its title, and its home link focuses the landing heading', async ({ page, consoleErrors }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveTitle('Page not found · Core Drivers');
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expectFocusOnHeading(page, 'Discover Your Core Drivers');
  consoleErrors.length = 0;
});

test('the results announce "Analyzing..." and then, once, that the profile is ready, through a live region present from the start', async ({
  page,
}) => {
  await recordLiveRegions(page);
  await openResultsOnFakeClock(page, coreDriversState('131223312'));
  await page.clock.runFor(3000);
  await expect(page.getByRole('heading', { name: 'Want to Know What This Means?' })).toBeVisible();

  const regions = await liveRegions(page);
  const arrival = regions.find((region) => region.texts.includes(resultsCopy.profileReady));
  expect(arrival, 'a live region says the profile is ready').toBeDefined();
  // Inserted empty, so its first text is a change screen readers announce; the ready message comes once.
  expect(arrival?.insertedWith).toBe('');
  expect(arrival?.texts).toEqual([resultsCopy.loading, resultsCopy.profileReady]);
});

test('results without data announce the missing-data status through a live region present before its text', async ({
  page,
  consoleErrors,
}) => {
  await recordLiveRegions(page);
  await page.goto('/');
  await page.evaluate(() => {
    window.history.pushState({ usr: null, key: 'e2e-missing', idx: 1 }, '', '/results');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expectFocusOnHeading(page, 'Analyzing your pattern...');
  await expect(page).toHaveTitle('Take the quiz first · Core Drivers');
  await expect(page.getByRole('status')).toHaveText(resultsCopy.missing.takeQuizFirst);
  const status = (await liveRegions(page)).find((region) => region.texts.includes(resultsCopy.missing.takeQuizFirst));
  expect(status?.insertedWith).toBe('');
  consoleErrors.length = 0;
});

test('a flipped card keeps its name, and its scenario is read out through a live region', async ({ page }) => {
  await recordLiveRegions(page);
  await openResultsWithState(page, coreDriversState('131223312'));
  const card = page.getByRole('button', { name: 'Impulse Control, Needs Support', exact: true });
  await card.click();
  await expect(card).toHaveAccessibleName('Impulse Control, Needs Support');
  await expect(card).toHaveAttribute('aria-pressed', 'true');
  const scenario = coreDrivers[0]?.scenario ?? '';
  await expect.poll(async () => (await liveRegions(page)).some((region) => region.texts.includes(scenario))).toBe(true);
});

test('before the gate appears, nothing hidden can take focus', async ({ page }) => {
  await openResultsOnFakeClock(page, coreDriversState('131223312'));
  await page.clock.runFor(2500);
  // The cards' fade-in runs on real time: a card still fading in is appearing, not hidden.
  await settleAnimations(page);
  const stops: Awaited<ReturnType<typeof focused>>[] = [];
  for (let press = 0; press < 16; press += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  expect(stops.filter((stop) => !stop.visible)).toEqual([]);
  expect(stops.map((stop) => stop.tag)).not.toContain('input');
  // At 2.8 s the gate appears and its fields can be reached.
  await page.clock.runFor(300);
  await page.getByLabel('Email').focus();
  await expect(page.getByLabel('Email')).toBeFocused();
});

/** The contrast ratio of two `rgb()` colours (WCAG relative luminance). */
function contrast(first: string, second: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/\d+(\.\d+)?/g) ?? []).map(Number).map((channel) => {
      const value = channel / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
  return (Number(light) + 0.05) / (Number(dark) + 0.05);
}

test('toasts: brand sizes, a visible focus ring, destructive errors, and no stale error behind a success', async ({ page }) => {
  await openResultsWithState(page, coreDriversState('111112222'));
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('First name').fill('Sam');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();

  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-type', 'error');
  await expect(toast.getByText('Invalid email', { exact: true })).toBeVisible();
  await expect(toast.getByText('Please enter a valid email address.')).toBeVisible();
  const look = await toast.evaluate((element) => {
    const style = getComputedStyle(element);
    return { fontSize: parseFloat(style.fontSize), border: style.borderTopColor, background: style.backgroundColor };
  });
  expect(look.fontSize).toBeGreaterThanOrEqual(16);
  expect(look.border).toBe('rgb(191, 8, 17)');

  const close = toast.getByRole('button', { name: /close/i });
  const box = await close.boundingBox();
  expect(box?.width).toBeGreaterThanOrEqual(24);
  expect(box?.height).toBeGreaterThanOrEqual(24);
  await close.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  const ring = await close.evaluate((element) => {
    const style = getComputedStyle(element);
    return { width: parseFloat(style.outlineWidth), color: style.outlineColor, style: style.outlineStyle };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, look.background)).toBeGreaterThanOrEqual(3);

  // Fixed, then sent: the error goes, only the success stays, and every Tab stop can be seen.
  await page.getByLabel('Email').fill('sam@example.com');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page.getByText('Invalid email', { exact: true })).toHaveCount(0);
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-type', 'success');

  await page.getByRole('link', { name: /Show Me the Course/ }).focus();
  const stops: Awaited<ReturnType<typeof focused>>[] = [];
  for (let press = 0; press < 6; press += 1) {
    await page.keyboard.press('Tab');
    stops.push(await focused(page));
  }
  expect(stops.filter((stop) => !stop.visible)).toEqual([]);
});

test('Something went wrong is a destructive toast, and a second failure replaces the first', async ({ page, consoleErrors }) => {
  await page.route('**/api/leads', (route) => route.fulfill({ status: 503, body: '' }));
  await openResultsWithState(page, coreDriversState('123123123'));
  await page.getByLabel('Email').fill('fail@example.com');
  await page.getByLabel('First name').fill('Fay');
  for (let attempt = 0; attempt < 2; attempt += 1) {
    await page.getByRole('button', { name: 'Show Me My Insights' }).click();
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Show Me My Insights' })).toBeEnabled();
  }
  const toast = page.locator('[data-sonner-toast]');
  await expect(toast).toHaveCount(1);
  await expect(toast).toHaveAttribute('data-type', 'error');
  await expect(toast.getByText('Please try again later.')).toBeVisible();
  consoleErrors.length = 0;
});

for (const [ratings, shown] of [
  ['111112222', true],
  ['111122222', false],
] as const) {
  test(`the gentle line about help ${shown ? 'shows' : 'does not show'} for ratings ${ratings}`, async ({ page }) => {
    await openResultsWithState(page, coreDriversState(ratings));
    await page.getByLabel('Email').fill(`care-${ratings}-${Date.now()}@example.com`);
    await page.getByLabel('First name').fill('Cam');
    await page.getByRole('button', { name: 'Show Me My Insights' }).click();
    await expect(page.getByRole('heading', { name: 'Your Unique Pattern' })).toBeVisible();
    await expect(page.getByText(careMessage)).toHaveCount(shown ? 1 : 0);
  });
}
