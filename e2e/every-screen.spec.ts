/**
 * Every screen looks like ours (issue 24): Quiz Complete!, the results without data and the 404 carry
 * the product's name, the site's type and its calm, with the spec's texts (SPEC sections 2 and 8).
 */
import type { Page } from '@playwright/test';
import { answerButton } from './answers';
import { expect, test } from './fixtures';
import { openQuizOnFakeClock } from './quiz-clock';
import { openResultsOnFakeClock } from './results-state';

/** The product name's line, and the h1's type, as the page shows them. */
async function look(page: Page) {
  const productName = page.getByText('Core Drivers', { exact: true }).first();
  await expect(productName).toBeVisible();
  const eyebrow = await productName.evaluate((element) => {
    const style = getComputedStyle(element);
    return { transform: style.textTransform, color: style.color, weight: style.fontWeight };
  });
  const h1 = await page.getByRole('heading', { level: 1 }).evaluate((element) => {
    const style = getComputedStyle(element);
    return { family: style.fontFamily, weight: style.fontWeight };
  });
  return { eyebrow, h1 };
}

test('the 404, Quiz Complete! and the results without data wear the landing page’s name line and type', async ({
  page,
  consoleErrors,
}) => {
  await page.goto('/');
  const landing = await look(page);

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
  expect(await look(page)).toEqual(landing);
  await expect(page.getByRole('contentinfo')).toContainText('Empowering you to understand your unique mind.');
  await expect(page.getByRole('link', { name: 'Return to Home' })).toBeVisible();

  await page.goto('/');
  await page.evaluate(() => {
    window.history.pushState({ usr: null, key: 'e2e-look', idx: 1 }, '', '/results');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await expect(page.getByRole('status')).toHaveText('Please take the quiz first. Redirecting...');
  const missing = await look(page);
  expect(missing.eyebrow).toEqual(landing.eyebrow);
  expect(missing.h1.family).toBe(landing.h1.family);
  consoleErrors.length = 0;
});

test('without data, the one thing that moves is the spinner beside "Please take the quiz first. Redirecting..."', async ({
  page,
  consoleErrors,
}) => {
  // On a paused fake clock, so the redirect (2 s) waits for runFor below however slow the machine is
  // (a running one redirected while the checks below ran, at load 29). Opened straight: results.spec.ts.
  await openResultsOnFakeClock(page, undefined);
  const status = page.getByRole('status');
  await expect(status).toHaveText('Please take the quiz first. Redirecting...');
  const heading = page.getByRole('heading', { level: 1, name: 'Analyzing your pattern...' });
  await expect(heading).toBeVisible();
  const moving = await page.evaluate(() =>
    document.getAnimations().map((animation) => {
      const target = (animation.effect as KeyframeEffect | null)?.target;
      return target instanceof Element ? target.className : '';
    }),
  );
  expect(moving).toEqual([expect.stringContaining('animate-spin')]);
  // The spinner sits on the status's line, not by the heading: it says "redirecting", not "analyzing".
  const [spinnerBox, statusBox, headingBox] = await Promise.all([
    page.locator('.animate-spin').boundingBox(),
    status.boundingBox(),
    heading.boundingBox(),
  ]);
  const middle = (box: { y: number; height: number } | null) => (box ? box.y + box.height / 2 : NaN);
  expect(Math.abs(middle(spinnerBox) - middle(statusBox))).toBeLessThan(4);
  expect(spinnerBox?.y ?? 0).toBeGreaterThan((headingBox?.y ?? 0) + (headingBox?.height ?? 0));
  // The heading is the quiet line above; the status is what the screen says.
  const sizes = await Promise.all([heading, status].map((locator) => locator.evaluate((element) => parseFloat(getComputedStyle(element).fontSize))));
  expect(sizes[1]).toBeGreaterThan(sizes[0] ?? Infinity);
  await page.clock.runFor(2000);
  await expect(page).toHaveURL(/\/$/);
  consoleErrors.length = 0;
});

test('Quiz Complete! keeps the quiz’s header, at the height it had on every question', async ({ page }) => {
  await openQuizOnFakeClock(page);
  const header = page.getByRole('banner');
  const questionHeight = (await header.boundingBox())?.height;
  for (let question = 1; question <= 9; question += 1) {
    await answerButton(page, 3).click();
    await page.getByRole('button', { name: question === 9 ? 'See My Results' : 'Next', exact: true }).click();
    if (question < 9) await page.clock.runFor(150);
  }
  await expect(page.getByRole('heading', { level: 1, name: 'Quiz Complete!' })).toBeVisible();
  await expect(page.getByText('Navigating to results...')).toBeVisible();
  await expect(header.getByText('Core Drivers', { exact: true })).toBeVisible();
  expect((await header.boundingBox())?.height).toBe(questionHeight);
  // The type of the results' title, which it hands over to.
  const size = await page.getByRole('heading', { level: 1 }).evaluate((element) => getComputedStyle(element).fontSize);
  expect(size).toBe('24px');
});
