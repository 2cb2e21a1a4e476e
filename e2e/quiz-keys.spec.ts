/**
 * Answering by keyboard (issue 24): keys 1, 2 and 3 choose, Enter goes on, with the spec's timings
 * and Got it! exactly as for clicks (SPEC sections 4 and 9), on Playwright's fake clock. Not while
 * typing in a text field, not with a modifier key, not with focus outside the question. The hint
 * shows only where there is a keyboard, and screen readers hear the same three choices everywhere.
 */
import type { Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { quizCopy } from '../src/content/quiz';
import type { Rating } from '../src/shared/constants';
import { answerButton } from './answers';
import { openQuizOnFakeClock } from './quiz-clock';
import { expect, test } from './fixtures';


const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const message = (page: Page) => page.locator('[aria-live="polite"]');
const hint = (page: Page) => page.getByText(quizCopy.keyHint);

test('keys 1, 2, 3 and Enter take the whole quiz to the results, with Got it!, the encouragements and every timing of a click', async ({
  page,
}) => {
  await openQuizOnFakeClock(page);
  const ratings: Rating[] = [3, 1, 2, 2, 3, 1, 2, 3, 1];
  for (const [index, rating] of ratings.entries()) {
    const question = index + 1;
    await expect(heading(page)).toHaveText(coreDrivers[index]?.name ?? '');
    await expect(page.getByText(`Question ${question} of 9`)).toBeVisible();
    if (question === 5) await expect(message(page)).toHaveText('Halfway there!');
    if (question === 8) await expect(message(page)).toHaveText('Almost done!');
    // Enter before an answer does nothing, like the disabled Next.
    await page.keyboard.press('Enter');
    await page.clock.runFor(150);
    await expect(heading(page)).toHaveText(coreDrivers[index]?.name ?? '');

    await page.keyboard.press(String(rating));
    await expect(answerButton(page, rating)).toHaveAttribute('aria-pressed', 'true');
    await expect(message(page)).toHaveText('Got it!');
    if (question === 1) {
      // Got it! for 0.8 s, as after a click; a second key shows it afresh and changes the answer.
      await page.clock.runFor(500);
      await page.keyboard.press('1');
      await expect(answerButton(page, 1)).toHaveAttribute('aria-pressed', 'true');
      await expect(answerButton(page, rating)).toHaveAttribute('aria-pressed', 'false');
      await page.clock.runFor(799);
      await expect(message(page)).toHaveText('Got it!');
      await page.clock.runFor(1);
      await expect(message(page)).toHaveText('');
      await page.keyboard.press(String(rating));
    }
    await page.keyboard.press('Enter');
    if (question < 9) {
      // The fade: 150 ms, a second Enter inside it does not skip a question.
      await page.keyboard.press('Enter');
      await page.clock.runFor(149);
      await expect(heading(page)).toHaveText(coreDrivers[index]?.name ?? '');
      await page.clock.runFor(1);
      await expect(heading(page)).toHaveText(coreDrivers[index + 1]?.name ?? '');
      await expect(heading(page)).toBeFocused();
    }
  }
  // See My Results: complete at once, confetti, and the push to /results 500 ms later.
  await expect(page.getByRole('heading', { name: 'Quiz Complete!' })).toBeFocused();
  await expect(page.locator('body > canvas')).toHaveCount(1);
  await page.clock.runFor(499);
  await expect(page).toHaveURL(/\/quiz$/);
  await page.clock.runFor(1);
  await expect(page).toHaveURL(/\/results$/);
  const handOver = await page.evaluate(() => (window.history.state as { usr?: { coreDrivers?: { rating: number }[] } } | null)?.usr);
  expect(handOver?.coreDrivers?.map((driver) => driver.rating)).toEqual(ratings);
});

test('Enter on a focused answer chooses it, and on the answer already chosen goes on; on Previous it goes back', async ({
  page,
}) => {
  await openQuizOnFakeClock(page);
  // A click leaves focus on the answer: Enter then goes on, as a visitor of Typeform would expect.
  await answerButton(page, 2).click();
  await expect(answerButton(page, 2)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.clock.runFor(150);
  await expect(heading(page)).toHaveText(coreDrivers[1]?.name ?? '');

  // Tabbed to, an answer not chosen yet is chosen by Enter, and nothing moves on.
  await page.keyboard.press('Tab');
  await expect(answerButton(page, 1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answerButton(page, 1)).toHaveAttribute('aria-pressed', 'true');
  await page.clock.runFor(150);
  await expect(heading(page)).toHaveText(coreDrivers[1]?.name ?? '');

  // Previous keeps its own Enter.
  await page.getByRole('button', { name: 'Previous' }).focus();
  await page.keyboard.press('Enter');
  await page.clock.runFor(150);
  await expect(heading(page)).toHaveText(coreDrivers[0]?.name ?? '');
});

test('the keys act only while the question has focus, which it has from the first screen on (WCAG 2.1.4)', async ({ page }) => {
  await openQuizOnFakeClock(page);
  await expect(heading(page)).toBeFocused();
  // Focus elsewhere (a click on the page's background leaves it on <body>): a key typed or spoken there does nothing.
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press('2');
  await page.keyboard.press('Enter');
  for (const rating of [1, 2, 3] as const) await expect(answerButton(page, rating)).toHaveAttribute('aria-pressed', 'false');
  await answerButton(page, 1).focus();
  await page.keyboard.press('2');
  await expect(answerButton(page, 2)).toHaveAttribute('aria-pressed', 'true');
});

test('no shortcut while typing in a text field or with a modifier key held', async ({ page }) => {
  await openQuizOnFakeClock(page);
  // A text field on the page (a coach's embed, a browser extension, a future note field).
  await page.evaluate(() => {
    const field = document.createElement('input');
    field.type = 'text';
    field.setAttribute('aria-label', 'A note');
    document.querySelector('main')?.append(field);
    const editable = document.createElement('div');
    editable.contentEditable = 'true';
    editable.setAttribute('aria-label', 'Notes');
    editable.setAttribute('role', 'textbox');
    document.querySelector('main')?.append(editable);
  });
  const field = page.getByRole('textbox', { name: 'A note' });
  await field.focus();
  await page.keyboard.type('123');
  await page.keyboard.press('Enter');
  await expect(field).toHaveValue('123');
  const editable = page.getByRole('textbox', { name: 'Notes' });
  await editable.focus();
  await page.keyboard.type('2');
  await expect(editable).toHaveText('2');
  for (const rating of [1, 2, 3] as const) await expect(answerButton(page, rating)).toHaveAttribute('aria-pressed', 'false');

  await heading(page).focus();
  for (const chord of ['Control+1', 'Alt+2', 'Meta+3', 'Shift+1']) await page.keyboard.press(chord);
  for (const rating of [1, 2, 3] as const) await expect(answerButton(page, rating)).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('2');
  await expect(answerButton(page, 2)).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Control+Enter');
  await page.clock.runFor(150);
  await expect(heading(page)).toHaveText(coreDrivers[0]?.name ?? '');
});

const choices = `
  - group "How well does this describe you?":
    - heading "How well does this describe you?" [level=2]
    - button "This is me I struggle with this" [pressed=false]
    - button "Sometimes Inconsistent/depends on the day" [pressed=false]
    - button "I'm good at this This is a strength" [pressed=false]
`;

test('with a mouse and keyboard the hint and each answer’s key show; screen readers hear the same choices as on a phone', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/quiz');
  await expect(hint(page)).toBeVisible();
  for (const rating of [1, 2, 3] as const) await expect(answerButton(page, rating).getByText(String(rating), { exact: true })).toBeVisible();
  await expect(page.getByRole('group')).toMatchAriaSnapshot(choices);
  for (const rating of [1, 2, 3] as const) {
    const { label, hint: meaning } = quizCopy.answers[rating - 1] ?? { label: '', hint: '' };
    await expect(answerButton(page, rating)).toHaveAccessibleName(`${label} ${meaning}`);
  }
});

test('on a touch phone there is no hint and no key on the answers, and the same choices for screen readers', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await page.goto('/quiz');
  await expect(heading(page)).toHaveText(coreDrivers[0]?.name ?? '');
  await expect(hint(page)).toBeHidden();
  for (const rating of [1, 2, 3] as const) await expect(answerButton(page, rating).getByText(String(rating), { exact: true })).toBeHidden();
  await expect(page.getByRole('group')).toMatchAriaSnapshot(choices);
  await context.close();
});
