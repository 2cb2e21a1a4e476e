/**
 * Text at 200 % on a 360 px phone (WCAG 1.4.4 Resize Text), as a browser's text-only zoom or a
 * larger default font size gives it: every rem-sized text and box doubles, the screen stays 360 px
 * wide. Nothing a visitor reads may be cut off by the screen's edge or by a box that clips it.
 */
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { answerButton } from './answers';
import { openQuizOnFakeClock } from './quiz-clock';
import { coreDriversState, openResultsOnFakeClock } from './results-state';

test.use({ viewport: { width: 360, height: 740 } });

test.beforeEach(async ({ page }) => {
  // Before any of the page's own CSS or script: the root size every rem is counted from.
  await page.addInitScript(() => {
    const enlarge = () => document.documentElement.style.setProperty('font-size', '200%');
    if (document.documentElement) return enlarge();
    const watch = new MutationObserver(() => {
      if (!document.documentElement) return;
      enlarge();
      watch.disconnect();
    });
    watch.observe(document, { childList: true });
  });
});

/**
 * Every piece of visible text whose lines reach past the screen's left or right edge, or past the
 * edge of a box around it that clips what overflows (overflow other than visible): the text and by
 * how many pixels. Text hidden from sight (the screen-reader-only kind, clipped to 1 px on purpose)
 * is left out.
 */
async function cutText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const cut: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement;
      if (!text || !parent || parent.closest('.sr-only, [hidden], script, style, template')) continue;
      if (!parent.checkVisibility({ opacityProperty: false, visibilityProperty: true })) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        // Put off the screen's left on purpose (the form's honeypot, which people never see).
        if (line.width === 0 || line.right <= 0) continue;
        let left = 0;
        let right = width;
        for (let box = parent.parentElement; box && box !== document.documentElement; box = box.parentElement) {
          const style = getComputedStyle(box);
          if (style.overflowX === 'visible') continue;
          const edges = box.getBoundingClientRect();
          left = Math.max(left, edges.left);
          right = Math.min(right, edges.right);
        }
        const over = Math.max(left - line.left, line.right - right);
        if (over > 1) cut.push(`"${text.slice(0, 40)}" by ${Math.round(over)} px`);
      }
    }
    return [...new Set(cut)];
  });
}

/** The words of each button on screen that lie outside the button's own box, where a tap on them misses it. */
async function wordsOutsideTheirButtons(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll('main button')].flatMap((button) => {
      const edges = button.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(button);
      const outside = [...range.getClientRects()].some(
        (line) =>
          line.width > 0 &&
          (line.left < edges.left - 1 || line.right > edges.right + 1 || line.top < edges.top - 1 || line.bottom > edges.bottom + 1),
      );
      return outside ? [button.textContent?.trim() ?? ''] : [];
    }),
  );
}

test('at 200 % text every question shows its count, name, answers and buttons whole', async ({ page }) => {
  await openQuizOnFakeClock(page);
  for (let question = 1; question <= 9; question += 1) {
    await expect(page.getByText(`Question ${question} of 9`)).toBeVisible();
    await answerButton(page, 2).click();
    expect(await cutText(page), `question ${question}`).toEqual([]);
    expect(await wordsOutsideTheirButtons(page), `question ${question}`).toEqual([]);
    if (question === 9) break;
    await page.getByRole('button', { name: 'Next' }).click();
    await page.clock.runFor(150);
  }
});

/** Pairs of texts on the same card front whose lines overlap, each pair once: "a" over "b". */
async function overlapsOnCardFronts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const overlaps: string[] = [];
    // Each card's front: the first of the two faces sharing the flip's grid cell.
    for (const front of document.querySelectorAll('li > button > span[aria-hidden="true"] > span:first-child')) {
      const lines: { text: string; box: DOMRect }[] = [];
      const walker = document.createTreeWalker(front, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const box of range.getClientRects()) if (box.width > 0) lines.push({ text, box });
      }
      lines.forEach((a, index) => {
        for (const b of lines.slice(index + 1)) {
          const apart = a.box.right <= b.box.left || b.box.right <= a.box.left || a.box.bottom <= b.box.top || b.box.bottom <= a.box.top;
          if (!apart && a.text !== b.text) overlaps.push(`"${a.text}" over "${b.text}"`);
        }
      });
    }
    return [...new Set(overlaps)];
  });
}

test('at 200 % text the results show every count, card, legend and the gate whole, each card front and back', async ({ page }) => {
  await openResultsOnFakeClock(page, coreDriversState('123123123'));
  await page.clock.runFor(2800);
  await expect(page.getByRole('button', { name: 'Show Me My Insights' })).toBeVisible();
  expect(await cutText(page), 'the results and the gate').toEqual([]);
  expect(await overlapsOnCardFronts(page), 'the cards').toEqual([]);
  const cards = page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('button');
  for (const card of await cards.all()) {
    await card.click();
    await page.clock.runFor(600);
    expect(await cutText(page), `${await card.textContent()} flipped`).toEqual([]);
    await card.click();
  }
});
