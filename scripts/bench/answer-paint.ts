/**
 * How long answering a question takes on a slow phone: from the click on an answer to the next paint,
 * with the CPU slowed 4× (Chromium's DevTools throttling, CDP Emulation.setCPUThrottlingRate). Each
 * run walks all nine questions at 360×740 and times each answer click.
 *
 * The time runs from the click event's timeStamp (when the input arrived) to a message posted from
 * the next animation frame, which is delivered once that frame has painted: input delay, React's
 * work and the frame's style, layout and paint, the same span Event Timing (INP) measures.
 */
import type { Browser } from '@playwright/test';
import { answerButton } from '../../e2e/answers';
import { RATINGS } from '../../src/shared/constants';

export const cpuSlowdown = 4;

/** Installed before the page's own scripts; collects one duration per answer click. */
const recorder = `
  window.__answerPaintMs = [];
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('button[aria-pressed]') : null;
    if (!target || !target.closest('[role="group"]')) return;
    const start = event.timeStamp;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => window.__answerPaintMs.push(performance.now() - start);
      channel.port2.postMessage(null);
    });
  }, true);
`;


interface PaintRecorder {
  __answerPaintMs: number[];
}

/** One walk through the quiz; returns the nine click-to-paint times in ms. */
export async function measureAnswerPaints(browser: Browser, quizUrl: string): Promise<number[]> {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(recorder);
    await page.goto(quizUrl);
    await page.getByText('Question 1 of 9').waitFor();
    await page.waitForLoadState('networkidle');
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    for (let question = 1; question <= 9; question += 1) {
      await answerButton(page, RATINGS[question % 3] ?? 2).click();
      // A function, not a string: the page's CSP forbids eval, which a string predicate needs
      // whenever the first check is false and Playwright polls again (it failed CI at load 10).
      await page.waitForFunction(
        (count) => (globalThis as unknown as PaintRecorder).__answerPaintMs.length >= count,
        question,
      );
      if (question === 9) break;
      await page.getByRole('button', { name: 'Next', exact: true }).click();
      await page.getByText(`Question ${question + 1} of 9`).waitFor();
      // Let the new question's fade-in finish, as a visitor reading it would.
      await page.waitForTimeout(300);
    }
    // Strings, not functions: this file is type-checked without the DOM library.
    return (await page.evaluate('window.__answerPaintMs')) as number[];
  } finally {
    await context.close();
  }
}
