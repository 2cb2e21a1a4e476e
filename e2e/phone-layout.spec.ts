/**
 * The visitor's phone (issue 10): every question fits one screen, the actions stay in reach on short
 * screens, nothing scrolls sideways, and the results read at a glance before the gate.
 */
import type { Locator, Page } from '@playwright/test';
import { openQuizOnFakeClock } from './quiz-clock';
import { expect, expectNoHorizontalScroll, test } from './fixtures';
import { answerButton, answerLabel } from './answers';
import { RATINGS } from '../src/shared/constants';
import { coreDriversState, openResultsOnFakeClock } from './results-state';


const nextOrResults = (page: Page) => page.getByRole('button', { name: /^(Next|See My Results)$/ });

/** Where a locator lies, relative to the viewport, without scrolling anything. */
async function box(locator: Locator) {
  return locator.evaluate((element) => {
    const { top, bottom, left, right } = element.getBoundingClientRect();
    return { top, bottom, left, right };
  });
}

async function expectInsideViewport(page: Page, locator: Locator, what: string) {
  const viewport = page.viewportSize();
  if (!viewport) throw new Error('no viewport');
  const { top, bottom, left, right } = await box(locator);
  expect(top, `${what}: top`).toBeGreaterThanOrEqual(0);
  expect(bottom, `${what}: bottom`).toBeLessThanOrEqual(viewport.height);
  expect(left, `${what}: left`).toBeGreaterThanOrEqual(0);
  expect(right, `${what}: right`).toBeLessThanOrEqual(viewport.width);
}

/** Name, scenario, the three answers and Previous/Next all lie on the first screen, unscrolled. */
async function expectWholeQuestionOnScreen(page: Page, question: number) {
  expect(await page.evaluate(() => window.scrollY), `question ${question}: scrolled`).toBe(0);
  const where = `question ${question}`;
  await expectInsideViewport(page, page.getByRole('heading', { level: 1 }), `${where} name`);
  await expectInsideViewport(page, page.locator('main p strong').locator('..'), `${where} scenario`);
  for (const rating of RATINGS) await expectInsideViewport(page, answerButton(page, rating), `${where} ${answerLabel(rating)}`);
  await expectInsideViewport(page, nextOrResults(page), `${where} Next`);
  if (question > 1) await expectInsideViewport(page, page.getByRole('button', { name: 'Previous' }), `${where} Previous`);
}

for (const [width, height] of [
  [360, 740],
  [375, 667],
  [390, 844],
] as const) {
  test(`at ${width}×${height} every question fits the screen with its answers and Next, before and after answering`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await openQuizOnFakeClock(page);
    for (let question = 1; question <= 9; question += 1) {
      await expect(page.getByText(`Question ${question} of 9`)).toBeVisible();
      await expectWholeQuestionOnScreen(page, question);
      // The longest hint makes the answered state no taller: "Got it!" floats and the answers keep their size.
      await answerButton(page, RATINGS[question % 3] ?? 2).click();
      await expect(page.getByText('Got it!')).toBeVisible();
      await expectWholeQuestionOnScreen(page, question);
      await expectNoHorizontalScroll(page);
      if (question === 9) break;
      await nextOrResults(page).click();
      await page.clock.runFor(150);
      // Focus moves to the new question's heading; the screen must not scroll for it.
      await expect(page.getByRole('heading', { level: 1 })).toBeFocused();
    }
    await expect(page.getByRole('button', { name: 'See My Results' })).toBeEnabled();
  });
}

test('at 320 px nothing scrolls sideways on any question, and See My Results wraps instead of widening the page', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await openQuizOnFakeClock(page);
  for (let question = 1; question <= 9; question += 1) {
    await answerButton(page, 2).click();
    await expectNoHorizontalScroll(page);
    if (question < 9) {
      await nextOrResults(page).click();
      await page.clock.runFor(150);
    }
  }
  const results = page.getByRole('button', { name: 'See My Results' });
  await expectInsideViewport(page, results, 'See My Results');
  await expectNoHorizontalScroll(page);
});

test('held sideways (740×360) the focused answer is never covered by the header or the action bar, and Next stays on screen', async ({
  page,
}) => {
  await page.setViewportSize({ width: 740, height: 360 });
  await openQuizOnFakeClock(page);
  await answerButton(page, 1).click();
  await nextOrResults(page).click();
  await page.clock.runFor(150);
  await expect(page.getByText('Question 2 of 9')).toBeVisible();

  const header = page.getByRole('banner');
  const actions = nextOrResults(page);
  // Tab from the heading through the three answers, then back up with Shift+Tab.
  const order = [...RATINGS, ...[...RATINGS].reverse().slice(1)];
  for (const [step, rating] of order.entries()) {
    const label = answerLabel(rating);
    await page.keyboard.press(step < RATINGS.length ? 'Tab' : 'Shift+Tab');
    const focused = answerButton(page, rating);
    await expect(focused).toBeFocused();
    const target = await box(focused);
    const headerBox = await box(header);
    const actionsBox = await box(actions.locator('..'));
    expect(target.top, `${label} hidden under the header`).toBeGreaterThanOrEqual(Math.max(0, headerBox.bottom));
    expect(target.bottom, `${label} hidden under the action bar`).toBeLessThanOrEqual(actionsBox.top);
    await expectInsideViewport(page, actions, 'Next');
  }
});

test('at 390×844 the results summary is on the first screen and the gate heading starts within 1,500 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openResultsOnFakeClock(page, coreDriversState('131223312'));
  await page.clock.runFor(2800);
  const summary = page.getByRole('list', { name: 'Your profile at a glance' });
  await expect(summary).toHaveText(/3\s*need support.*3\s*neutral.*3\s*strong/i);
  await expectInsideViewport(page, summary, 'summary');
  const gate = page.getByRole('heading', { name: 'Want to Know What This Means?' });
  await expect(gate).toBeVisible();
  const offset = await gate.evaluate((element) => element.getBoundingClientRect().top + window.scrollY);
  expect(offset).toBeLessThanOrEqual(1500);
});

test('flipping a card never changes its size, and no Needs Support card carries a warning sign', async ({ page }) => {
  await openResultsOnFakeClock(page, coreDriversState('111111111'));
  await page.clock.runFor(2800);
  const cards = page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('button');
  await expect(cards).toHaveCount(9);
  await expect(page.getByText(/[⚠!]/).filter({ visible: true })).toHaveCount(0);
  for (let index = 0; index < 9; index += 1) {
    const card = cards.nth(index);
    // Needs Support is an open ring (two discs), not a triangle with an exclamation mark.
    // (The back carries the same badge since issue 34: the front's is checked.)
    await expect(card.getByText('Needs Support').first().locator('svg > *')).toHaveCount(2);
    await expect(card.getByText('Needs Support').first().locator('svg > circle')).toHaveCount(2);
    const size = async () => card.evaluate((element) => [(element as HTMLElement).offsetWidth, (element as HTMLElement).offsetHeight]);
    const before = await size();
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    expect(await size()).toEqual(before);
  }
});

test('each driver’s icon is the same in the quiz and on its results card', async ({ page }) => {
  await openQuizOnFakeClock(page);
  const quizIcons: string[] = [];
  for (let question = 1; question <= 9; question += 1) {
    quizIcons.push(await page.locator('main svg path').first().getAttribute('d').then(String));
    await answerButton(page, 2).click();
    if (question < 9) {
      await nextOrResults(page).click();
      await page.clock.runFor(150);
    }
  }
  expect(new Set(quizIcons).size).toBe(9);
  await nextOrResults(page).click();
  await page.clock.runFor(500);
  await expect(page.getByText('Analyzing your pattern...')).toBeVisible();
  await page.clock.runFor(2800);
  const cards = page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('listitem');
  const cardIcons = await cards.evaluateAll((items) => items.map((item) => item.querySelector('svg path')?.getAttribute('d') ?? ''));
  expect(cardIcons).toEqual(quizIcons);
});

test('while the profile loads the page shows its frame, not a spinner over an empty screen', async ({ page }) => {
  await openResultsOnFakeClock(page, coreDriversState('123123123'));
  await expect(page.getByRole('status')).toHaveText('Analyzing your pattern...');
  // The frame: nine card placeholders already in their places on the first screen.
  const placeholders = page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('listitem');
  await expect(placeholders).toHaveCount(9);
  await expectInsideViewport(page, placeholders.first(), 'first card placeholder');
  const firstBox = await placeholders.first().boundingBox();
  expect(firstBox?.height ?? 0).toBeGreaterThan(48);
  await expect(page.locator('.animate-spin')).toHaveCount(0);
});

test('the unlocked insights read at 45 or more characters a line at 360 px, each tip naming its driver', async ({ page }) => {
  await openResultsOnFakeClock(page, coreDriversState('131223312'));
  await page.clock.runFor(2800);
  await page.getByLabel('Email').fill('sam@example.com');
  await page.getByLabel('First name').fill('Sam');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await page.clock.runFor(1500);
  const insights = page.getByRole('region', { name: "Got it! Here's what your Core Driver profile reveals..." });
  await expect(insights).toBeVisible();
  const headings = await insights.getByRole('heading', { level: 3 }).allTextContents();
  expect(headings).toEqual(['Your Biggest Challenges', 'Your Hidden Strengths', 'Your Unique Pattern']);
  // Ratings 131223312: three rated 1 (Impulse Control, Emotional Regulation, Cognitive Flexibility) and three rated 3.
  // One tip to start with; the other two one tap away (issue 34).
  await insights.getByRole('button', { name: 'Show 2 more tips' }).click();
  const tips = insights.getByRole('heading', { level: 4 });
  await expect(tips).toHaveCount(6);
  for (const tip of await tips.all()) {
    await expect(tip.locator('svg')).toHaveCount(1);
    await expect(tip).toHaveText(/\w/);
  }
  // Characters a line: the paragraph's width over the mean width of its own characters in its own font.
  const measures = await insights.locator('p').evaluateAll((paragraphs) =>
    paragraphs
      .filter((paragraph) => (paragraph.textContent ?? '').length > 80)
      .map((paragraph) => {
        const context = document.createElement('canvas').getContext('2d');
        if (!context) throw new Error('no canvas');
        const style = getComputedStyle(paragraph);
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = paragraph.textContent ?? '';
        const width = paragraph.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return Math.floor(width / (context.measureText(text).width / text.length));
      }),
  );
  expect(measures.length).toBeGreaterThan(6);
  for (const measure of measures) expect(measure).toBeGreaterThanOrEqual(45);
});
