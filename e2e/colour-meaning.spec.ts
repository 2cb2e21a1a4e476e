/**
 * One meaning per colour on the results (issue 24): a card's colour says its rating and nothing
 * else, the flipped card keeps its driver, cards in a row line up, and the drivers' own assigned
 * colours stay in the quiz, where they cannot be read as a rating. How colours are read and what
 * counts as saturated: e2e/painted-colours.ts.
 */
import type { Page } from '@playwright/test';
import { coreDrivers } from '../src/content/drivers';
import { ratingColors, type Rating } from '../src/shared/constants';
import { answerButton } from './answers';
import { expect, settleAnimations, test } from './fixtures';
import { openQuizOnFakeClock } from './quiz-clock';
import {
  channelsOf,
  chroma,
  hue,
  isSaturated,
  paintedColours,
  sameHue,
  SATURATION_THRESHOLD,
  type Painted,
} from './painted-colours';
import { coreDriversState, openResultsOnFakeClock } from './results-state';

/**
 * Every driver whose assigned colour reads as another rating gets that other rating: Impulse Control
 * and Time Management (strong red) are Strong, Emotional Regulation and Self-Monitoring (green) need
 * support, and each rating appears three times.
 */
const ratings = '321213312';
const ratingOf = (index: number) => Number(ratings[index]) as Rating;

const cardItems = (page: Page) => page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('listitem');
const cardButtons = (page: Page) => page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('button');

async function openProfile(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await openResultsOnFakeClock(page, coreDriversState(ratings));
  await page.clock.runFor(2800);
  await expect(cardButtons(page)).toHaveCount(9);
}

const show = ({ where, property, css }: Painted) => `${where} ${property} ${css}`;

test('the threshold and hues the colour rule uses, on the site’s own colours', () => {
  const neutrals = ['#ffffff', '#fbfaf6', '#e4e0d4', '#1d2a2f', '#4a5a60', '#fef7dc', '#f5d7d9', '#e5f2e5', '#fff1d6'];
  for (const neutral of neutrals) expect(chroma(channelsOf(neutral)), neutral).toBeLessThan(SATURATION_THRESHOLD);
  const colours = ['#BF0811', '#FFA500', '#5EAD5A', '#0e4d55', '#C8102E', '#A4432E', '#3F8F4F', '#8CC4E8', '#F5E08A'];
  for (const colour of colours) expect(isSaturated(channelsOf(colour)), colour).toBe(true);
  expect([1, 2, 3].map((rating) => Math.round(hue(channelsOf(ratingColors[rating as Rating]))))).toEqual([357, 39, 117]);
  // The drivers' strong red is the legend's red hue; their green is not the legend's green; teal is no rating's.
  expect(sameHue(channelsOf('#C8102E'), channelsOf(ratingColors[1]))).toBe(true);
  expect(sameHue(channelsOf('#3F8F4F'), channelsOf(ratingColors[3]))).toBe(true);
  for (const rating of [1, 2, 3] as const) expect(sameHue(channelsOf('#0e4d55'), channelsOf(ratingColors[rating]))).toBe(false);
});

for (const width of [360, 1280]) {
  test(`at ${width} px every saturated colour inside a card, front and back, has its rating’s hue, and no card is outlined in colour`, async ({
    page,
  }) => {
    await openProfile(page, width);
    // Both faces are in the page whichever shows; flip every other card all the same.
    for (let index = 0; index < 9; index += 2) await cardButtons(page).nth(index).click();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());

    for (let index = 0; index < 9; index += 1) {
      const rating = ratingOf(index);
      const legend = channelsOf(ratingColors[rating]);
      const painted = await paintedColours(cardItems(page).nth(index));
      const card = `card ${index + 1} (${coreDrivers[index]?.shortName}, rating ${rating})`;
      expect(painted.filter(({ rgb }) => rgb === null).map(show), `${card}: colours the canvas could not read`).toEqual([]);
      const offHue = painted.filter(({ rgb }) => rgb && isSaturated(rgb) && !sameHue(rgb, legend));
      expect(offHue.map(show), `${card}: saturated colours of another hue`).toEqual([]);
      // The rating's own colour is there (the band), so the rule is not met by painting nothing.
      expect(painted.some(({ rgb }) => rgb?.join() === legend.join()), `${card}: the legend colour`).toBe(true);
      // A Needs Support card outlined in red reads as an error: every border is neutral.
      const colouredBorders = painted.filter(({ property, rgb }) => property.startsWith('border') && rgb && isSaturated(rgb));
      expect(colouredBorders.map(show), `${card}: coloured borders`).toEqual([]);
    }
  });
}

test('a flipped card names its driver above the scenario, and still says Tap to flip back', async ({ page }) => {
  await openProfile(page, 360);
  for (let index = 0; index < 9; index += 1) {
    const driver = coreDrivers[index];
    const card = cardButtons(page).nth(index);
    await card.click();
    await expect(card).toHaveAttribute('aria-pressed', 'true');
    // The turn runs in real time; measure the back once it faces the visitor.
    await settleAnimations(page);
    const back = await card.evaluate((button, text) => {
      const scenario = [...button.querySelectorAll('span')].find((span) => span.textContent === text);
      const face = scenario?.parentElement;
      const title = face?.firstElementChild;
      if (!scenario || !face || !title || title === scenario) return null;
      return {
        title: title.textContent ?? '',
        titleBottom: title.getBoundingClientRect().bottom,
        scenarioTop: scenario.getBoundingClientRect().top,
        face: face.textContent ?? '',
      };
    }, driver?.scenario ?? '');
    expect(back, `card ${index + 1}: its back`).not.toBeNull();
    expect(back?.title).toContain(driver?.shortName ?? '');
    expect(back?.title).toContain('Tap to flip back');
    expect(back?.titleBottom ?? Infinity).toBeLessThanOrEqual((back?.scenarioTop ?? 0) + 1);
    expect(back?.face).toContain(driver?.scenario ?? '');
  }
});

for (const width of [800, 1280]) {
  test(`at ${width} px the cards in each row have one height, front or back`, async ({ page }) => {
    await openProfile(page, width);
    const rows = async () => {
      const boxes = await cardItems(page).evaluateAll((items) =>
        items.map((item) => {
          const { top, height } = item.getBoundingClientRect();
          const face = item.querySelector('button')?.getBoundingClientRect().height ?? 0;
          return { top: Math.round(top), height, face };
        }),
      );
      const byRow = new Map<number, number[]>();
      for (const { top, height, face } of boxes) byRow.set(top, [...(byRow.get(top) ?? []), height, face]);
      return [...byRow.values()];
    };
    const expectEven = async (state: string) => {
      const found = await rows();
      expect(found.length, `${state}: rows`).toBeGreaterThan(2);
      for (const heights of found) {
        expect(Math.max(...heights) - Math.min(...heights), `${state}: heights in a row ${heights.join(', ')}`).toBeLessThan(1);
      }
    };
    await expectEven('all fronts');
    await cardButtons(page).nth(0).click();
    await cardButtons(page).nth(4).click();
    await expectEven('some flipped');
  });
}

test('the drivers’ own colours live in the quiz, and nowhere on the results', async ({ page }) => {
  await openQuizOnFakeClock(page);
  for (const [index, driver] of coreDrivers.entries()) {
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(driver.name);
    const disc = await page.locator('main [aria-hidden="true"]:has(> svg)').first().evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(disc, `${driver.name}: its icon's disc`).toBe(`rgb(${channelsOf(driver.assignedColor).join(', ')})`);
    await answerButton(page, ratingOf(index)).click();
    await page.getByRole('button', { name: index === 8 ? 'See My Results' : 'Next', exact: true }).click();
    await page.clock.runFor(index === 8 ? 500 : 150);
  }
  await expect(page).toHaveURL(/\/results$/);
  await page.clock.runFor(2800);
  await page.getByLabel('Email').fill(`colours-${Date.now()}@example.com`);
  await page.getByLabel('First name').fill('Sam');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await page.clock.runFor(1500);
  await expect(page.getByRole('heading', { name: 'Your Biggest Challenges' })).toBeVisible();

  const assigned = new Set(coreDrivers.map((driver) => channelsOf(driver.assignedColor).join()));
  const painted = await paintedColours(page.locator('main'));
  const found = painted.filter(({ rgb }) => rgb && assigned.has(rgb.join()));
  expect(found.map(show), 'assigned colours on the results').toEqual([]);
});
