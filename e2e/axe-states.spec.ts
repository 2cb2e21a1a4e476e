/**
 * The current axe-core with every WCAG 2.0, 2.1 and 2.2 A and AA tag plus best practice, on every
 * screen and state of the flow: it must find no violation of any impact.
 *
 * Real time throughout (axe-core runs its own timers). Where a state passes by itself (Quiz
 * Complete!, the results loading, results without data), the app's long timers are held while axe
 * looks, so the state stays on screen. Every state at a phone's 360 px and a desktop's 1280 px (where
 * the quiz's keyboard hint shows: the tests' browser has a mouse).
 */
import type { Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { expectNoAxeViolations } from './axe';
import { expect, holdAnimationsHalfway, test } from './fixtures';
import { installTimerHold, setHeld } from './page-probes';
import { coreDriversState, openResultsWithState } from './results-state';

const submit = (page: Page) => page.getByRole('button', { name: 'Show Me My Insights' });

for (const width of [360, 1280]) {
  test(`at ${width} px: landing, every question unanswered and answered, and quiz complete`, async ({ page }) => {
    test.slow(); // nineteen axe runs in real time
    await page.setViewportSize({ width, height: 800 });
    await installTimerHold(page, 500);
    await page.goto('/');
    await expectNoAxeViolations(page, 'landing');

    await page.getByRole('link', { name: 'Start Your Discovery' }).click();
    for (const [index, driver] of coreDrivers.entries()) {
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(driver.name);
      await expectNoAxeViolations(page, `question ${index + 1}, unanswered`);
      await page.getByRole('button', { name: /^This is me / }).click();
      await expectNoAxeViolations(page, `question ${index + 1}, answered`);
      // Hold the hand-over to the results, so Quiz Complete! stays on screen.
      if (index === coreDrivers.length - 1) await setHeld(page, true);
      await page.getByRole('button', { name: index === coreDrivers.length - 1 ? 'See My Results' : /^Next/ }).click();
    }
    await expect(page.getByRole('heading', { name: 'Quiz Complete!' })).toBeVisible();
    await expectNoAxeViolations(page, 'quiz complete');
  });

  test(`at ${width} px: results loading, after the timeline, with a flipped card, then the two error toasts and the unlocked insights`, async ({
    page,
    consoleErrors,
  }) => {
    test.slow();
    await page.setViewportSize({ width, height: 800 });
    await installTimerHold(page, 500);
    await page.goto('/');
    await setHeld(page, true);
    await page.evaluate((usr) => {
      window.history.pushState({ usr, key: 'e2e-axe', idx: 1 }, '', '/results');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    }, coreDriversState('111113322'));
    await expect(page.getByText('Analyzing your pattern...')).toBeVisible();
    // The loading text pulses: its contrast must hold at the dimmest frame too.
    await holdAnimationsHalfway(page);
    await expectNoAxeViolations(page, 'results loading');

    await openResultsWithState(page, coreDriversState('111113322'));
    await expect(submit(page)).toBeVisible();
    await expectNoAxeViolations(page, 'results after the timeline');

    await page.getByRole('button', { name: 'Working Memory, Needs Support', exact: true }).click();
    await expectNoAxeViolations(page, 'a flipped card');

    await page.getByLabel('Email').fill('not-an-email');
    await page.getByLabel('First name').fill('Axel');
    await submit(page).click();
    await expect(page.getByText('Invalid email', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page, 'Invalid email');

    // The address fixed: its message and the toast go.
    await page.getByLabel('Email').fill(`axe-${width}-${Date.now()}@example.com`);
    await expect(page.getByText('Invalid email', { exact: true })).toHaveCount(0);
    await expectNoAxeViolations(page, 'the address fixed');

    await page.route('**/api/leads', (route) => route.fulfill({ status: 503, body: '' }));
    await submit(page).click();
    await expect(page.getByText('Something went wrong')).toBeVisible();
    await expect(submit(page)).toBeEnabled();
    await expectNoAxeViolations(page, 'Something went wrong');
    expect(consoleErrors).toEqual([expect.stringContaining('503')]);
    consoleErrors.length = 0;

    await page.unroute('**/api/leads');
    await submit(page).click();
    await expect(page.getByRole('heading', { name: /Got it! Here's what your Core Driver profile reveals/ })).toBeVisible();
    await expectNoAxeViolations(page, 'unlocked insights, with the care line');
  });

  test(`at ${width} px: 404, and results without data`, async ({ page, consoleErrors }) => {
    await page.setViewportSize({ width, height: 800 });
    await installTimerHold(page, 1000);
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '404' })).toBeVisible();
    await expectNoAxeViolations(page, '404');

    await page.goto('/');
    await setHeld(page, true);
    await page.evaluate(() => {
      window.history.pushState({ usr: null, key: 'e2e-axe-missing', idx: 1 }, '', '/results');
      window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
    });
    await expect(page.getByText('Please take the quiz first. Redirecting...')).toBeVisible();
    await expectNoAxeViolations(page, 'results without data');
    consoleErrors.length = 0;
  });
}
