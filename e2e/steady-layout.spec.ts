/**
 * Nothing jumps (issue 24): the quiz header keeps one height, its message never covers the progress
 * bar or the question, the quiz's confetti is gone before the results' loading frame shows, the
 * landing page's meta line never starts a line with its separator, and nothing on the page shifts
 * through the whole flow. Timings run on Playwright's fake clock.
 */
import type { Locator, Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { resultsCopy } from '../src/content/results';
import type { Rating } from '../src/shared/constants';
import { answerButton } from './answers';
import { openQuizOnFakeClock } from './quiz-clock';
import { expect, test } from './fixtures';


const nextButton = (page: Page, question: number) =>
  page.getByRole('button', { name: question === 9 ? 'See My Results' : 'Next', exact: true });

type Box = { top: number; bottom: number; left: number; right: number; height: number };

function box(locator: Locator): Promise<Box> {
  return locator.evaluate((element) => {
    const { top, bottom, left, right, height } = element.getBoundingClientRect();
    return { top, bottom, left, right, height };
  });
}

const overlap = (a: Box, b: Box) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

test('at 360 px the quiz header keeps one height and the question one place, from question 1 to 9 and once complete', async ({
  page,
}) => {
  await openQuizOnFakeClock(page);
  const header = page.getByRole('banner');
  const heights: number[] = [];
  const questionTops: number[] = [];
  for (let question = 1; question <= 9; question += 1) {
    await expect(page.getByText(`Question ${question} of 9`)).toBeVisible();
    heights.push((await box(header)).height);
    questionTops.push((await box(page.getByRole('heading', { level: 1 }))).top);
    await answerButton(page, 2).click();
    heights.push((await box(header)).height);
    await nextButton(page, question).click();
    await page.clock.runFor(150);
  }
  await expect(page.getByRole('heading', { name: 'Quiz Complete!' })).toBeVisible();
  heights.push((await box(header)).height);
  expect(new Set(heights), `header heights ${heights.join(', ')}`).toEqual(new Set([heights[0]]));
  expect(new Set(questionTops), `question tops ${questionTops.join(', ')}`).toEqual(new Set([questionTops[0]]));
});

for (const width of [360, 1280]) {
  test(`at ${width} px Got it!, Halfway there! and Almost done! never cover the progress bar, its labels or the question`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });
    await openQuizOnFakeClock(page);
    const message = page.locator('[aria-live="polite"] p');
    const clear = async (what: string) => {
      await expect(message).toBeVisible();
      const pill = await box(message);
      const others: [string, Locator][] = [
        ['the progress bar', page.getByRole('progressbar')],
        ['the percent label', page.getByText(/^\d+% complete$/)],
        ['Question N of 9', page.getByText(/^Question \d of 9$/)],
        ['the question', page.getByRole('heading', { level: 1 })],
      ];
      for (const [name, locator] of others) {
        expect(overlap(pill, await box(locator)), `${what} over ${name}`).toBe(false);
      }
    };
    for (let question = 1; question <= 9; question += 1) {
      if (question === 5 || question === 8) await clear(`question ${question}'s encouragement`);
      await answerButton(page, 3).click();
      await expect(message).toHaveText('Got it!');
      await clear(`question ${question}'s Got it!`);
      if (question === 9) break;
      await nextButton(page, question).click();
      await page.clock.runFor(150);
    }
  });
}

/** How many pixels of the page's confetti canvases are painted (0 when there is none). */
function paintedConfettiPixels(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('body > canvas')].reduce((sum, element) => {
      const canvas = element as HTMLCanvasElement;
      const context = canvas.getContext('2d');
      if (!context || canvas.width === 0 || canvas.height === 0) return sum;
      const { data } = context.getImageData(0, 0, canvas.width, canvas.height);
      let painted = 0;
      for (let alpha = 3; alpha < data.length; alpha += 4) if ((data[alpha] ?? 0) > 0) painted += 1;
      return sum + painted;
    }, 0),
  );
}

test('the quiz’s confetti falls over Quiz Complete! and is gone when the results’ loading frame shows', async ({ page }) => {
  await openQuizOnFakeClock(page);
  for (let question = 1; question <= 9; question += 1) {
    await answerButton(page, 2).click();
    await nextButton(page, question).click();
    if (question < 9) await page.clock.runFor(150);
  }
  await expect(page.getByRole('heading', { name: 'Quiz Complete!' })).toBeVisible();
  // The confetti's code arrives in real time; its frames then run on the fake clock.
  await expect(page.locator('body > canvas')).toHaveCount(1);
  await page.clock.runFor(250);
  expect(await paintedConfettiPixels(page), 'the burst over Quiz Complete!').toBeGreaterThan(0);
  await page.clock.runFor(250);
  await expect(page).toHaveURL(/\/results$/);
  await expect(page.getByRole('status')).toHaveText('Analyzing your pattern...');
  expect(await paintedConfettiPixels(page), 'confetti over the loading frame').toBe(0);
  // And it stays gone while the frame shows; the results' own burst comes at 2.3 s.
  await page.clock.runFor(400);
  expect(await paintedConfettiPixels(page)).toBe(0);
});

for (const width of [320, 360, 390]) {
  test(`at ${width} px no line of the landing page’s meta line starts with its separator dot`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/');
    const list = page.getByRole('list', { name: 'What to expect' });
    await expect(list.getByRole('listitem')).toHaveCount(3);
    const lines = await list.evaluate((ul) => {
      const clip = (ul.parentElement ?? ul).getBoundingClientRect();
      return [...ul.children].map((item) => {
        const dot = item.querySelector('[aria-hidden="true"]')?.getBoundingClientRect();
        const text = item.getBoundingClientRect();
        return {
          top: Math.round(text.top),
          // A dot counts as seen when any of it lies inside the box that clips the line.
          dotSeen: dot ? dot.right > clip.left + 0.5 && dot.width > 0 : false,
          left: text.left,
        };
      });
    });
    const tops = [...new Set(lines.map((line) => line.top))];
    for (const top of tops) {
      const onLine = lines.filter((line) => line.top === top).sort((a, b) => a.left - b.left);
      expect(onLine[0]?.dotSeen, `the line at ${top} px starts with a dot`).toBe(false);
      // Every other item on the line is parted from the one before by a dot that shows.
      for (const item of onLine.slice(1)) expect(item.dotSeen).toBe(true);
    }
    // The screen reader hears the three items, no dots.
    await expect(list).toMatchAriaSnapshot(`
      - list "What to expect":
        - listitem: 9 questions
        - listitem: about 2 minutes
        - listitem: see your profile for free
    `);
  });
}

test('nothing on the page shifts through the whole quiz, the results timeline, a flip and the unlock (layout shift 0)', async ({
  page,
}) => {
  // Only shifts inside the viewport count: a phone's width, tall enough to hold the whole results page.
  await page.setViewportSize({ width: 360, height: 3000 });
  await page.addInitScript(() => {
    const shifts: { value: number; sources: string[] }[] = [];
    Object.assign(window, { layoutShifts: shifts });
    new PerformanceObserver((list) => {
      // Every shift, even one right after a click or key: the quiz's own steps follow input by 150 ms.
      for (const entry of list.getEntries() as (PerformanceEntry & {
        value: number;
        sources?: { node?: Node | null }[];
      })[]) {
        const sources = (entry.sources ?? []).map((source) => {
          const node = source.node;
          const element = node instanceof Element ? node : node?.parentElement;
          return element ? `${element.tagName.toLowerCase()} "${(node?.textContent ?? '').slice(0, 40)}"` : String(node?.nodeName);
        });
        shifts.push({ value: entry.value, sources });
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await openQuizOnFakeClock(page);
  const ratings: Rating[] = [1, 3, 2, 1, 1, 2, 3, 3, 2];
  for (const [index, rating] of ratings.entries()) {
    const question = index + 1;
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(coreDrivers[index]?.name ?? '');
    await answerButton(page, rating).click();
    await page.clock.runFor(900); // Got it! comes and goes
    await nextButton(page, question).click();
    await page.clock.runFor(question === 9 ? 500 : 150);
  }
  await expect(page).toHaveURL(/\/results$/);
  await page.clock.runFor(3000);
  await page.getByRole('button', { name: /^Working Memory,/ }).click();
  await page.getByLabel('Email').fill(`steady-${Date.now()}@example.com`);
  await page.getByLabel('First name').fill('Sam');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await page.clock.runFor(1500);
  await expect(page.getByRole('heading', { name: resultsCopy.insights.title })).toBeVisible();
  await page.clock.runFor(1000);
  const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: { value: number; sources: string[] }[] }).layoutShifts);
  expect(shifts, 'layout shifts').toEqual([]);
});
