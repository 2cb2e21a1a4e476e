/**
 * The `test` every spec uses: it fails a test on any unexpected console error or page error, and on
 * any request that leaves the site's own origin. A test that expects console errors takes them out of
 * `consoleErrors` after asserting them.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { analyzeWithAxe } from './axe-run';

type Fixtures = {
  consoleErrors: string[];
  foreignRequests: string[];
};

export const test = base.extend<Fixtures>({
  consoleErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      page.on('pageerror', (error) => errors.push(`page error: ${error.message}`));
      await use(errors);
      expect(errors, 'unexpected console errors').toEqual([]);
    },
    { auto: true },
  ],
  foreignRequests: [
    async ({ page, baseURL }, use) => {
      const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
      const foreign: string[] = [];
      page.on('request', (request) => {
        const url = new URL(request.url());
        if (url.protocol.startsWith('http') && url.origin !== origin) foreign.push(request.url());
      });
      await use(foreign);
      expect(foreign, 'requests to another origin').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/**
 * Headers for a test's own API request (`page.request`): a connection of its own, closed after the
 * answer. Playwright's request client keeps idle connections for reuse and does not heed the
 * server's `Keep-Alive: timeout=5`; a request sent after a longer pause of the test (a busy
 * machine makes any pause longer) can meet the server closing that connection: ECONNRESET.
 */
export const ownConnection = { connection: 'close' } as const;

/** axe-core finds no serious or critical violation of WCAG 2.1 A/AA on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  await settleAnimations(page);
  const results = await analyzeWithAxe(page, ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`);
  expect(serious).toEqual([]);
}

/** The page is no wider than the viewport: nothing scrolls sideways. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Every visible field's placeholder is shown whole (a cut placeholder loses its end, where the meaning
 * often is): a one-line field's measured in the field's own font against its inner width (the hidden
 * secrets' "Set and hidden", a link's "https://"); an empty box's (the consent wording's default)
 * within the box's height.
 */
export async function expectPlaceholdersFit(page: Page) {
  const cut = await page.evaluate(() => {
    const context = document.createElement('canvas').getContext('2d');
    if (!context) return ['no canvas'];
    const lines = [...document.querySelectorAll<HTMLInputElement>('input[placeholder]')].filter((field) => {
      const style = getComputedStyle(field);
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const inner = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return context.measureText(field.placeholder).width > inner;
    });
    const boxes = [...document.querySelectorAll<HTMLTextAreaElement>('textarea[placeholder]')].filter((box) => box.value === '' && box.scrollHeight > box.clientHeight + 1);
    return [...lines, ...boxes].filter((field) => field.placeholder !== '' && field.offsetWidth > 0).map((field) => `${field.id}: ${field.placeholder}`);
  });
  expect(cut).toEqual([]);
}

/**
 * Waits (at most 2 s) for running CSS transitions and finite animations to end, so axe sees colours
 * as they settle, not halfway through a fade; endless ones (a spinner) are left alone.
 */
export async function settleAnimations(page: Page) {
  // The time limit is kept here, in Node: the page's own timers may be on a paused fake clock.
  const settled = page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
  });
  await Promise.race([settled, new Promise((resolve) => setTimeout(resolve, 2000))]);
}

/**
 * Stops every running CSS animation halfway through, where a pulse is at its dimmest, so a check
 * of colour contrast sees the worst frame instead of whichever frame it happens to catch.
 */
export async function holdAnimationsHalfway(page: Page) {
  await page.evaluate(() => {
    for (const animation of document.getAnimations()) {
      const duration = animation.effect?.getComputedTiming().duration;
      animation.pause();
      if (typeof duration === 'number') animation.currentTime = duration / 2;
    }
  });
}
