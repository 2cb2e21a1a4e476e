/**
 * Screenshots of every screen and state of the visitor's flow, for looking at them by eye:
 *   npx tsx scripts/screenshot-flow.ts http://127.0.0.1:3000 out-dir [widths...]
 * Drives landing -> quiz (first, answered, halfway, question 9) -> results (loading, after the
 * timeline, a flipped card, the gate, unlocked insights), then the 404 and missing-data screens, on
 * Playwright's fake clock so each timed state is caught exactly. Writes out-dir/<nn-state>-<width>.png
 * (default widths 360 and 1280). The server must accept leads (the unlock posts one).
 */
import { mkdirSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { answerButton } from '../e2e/answers';
import { chromiumArgs, findChromium } from '../e2e/browser';

const [origin, outDir = 'screenshots', ...widthArgs] = process.argv.slice(2);
if (!origin) throw new Error('usage: tsx scripts/screenshot-flow.ts ORIGIN [OUT_DIR] [WIDTH...]');
const widths = widthArgs.length > 0 ? widthArgs.map(Number) : [360, 1280];
/** The ratings answered, question by question. */
const answers = [1, 3, 2, 1, 1, 2, 1, 3, 2] as const;

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });

async function shot(page: Page, state: string, width: number, fullPage = true) {
  // Let CSS transitions finish; the fake clock does not drive them.
  await page.waitForTimeout(400);
  const file = `${outDir}/${state}-${width}.png`;
  await page.screenshot({ path: file, fullPage });
  console.log(file);
}

for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: width < 768 ? 740 : 800 } });
  await page.clock.install({ time: new Date('2026-03-02T09:00:00Z') });
  await page.goto(`${origin}/`);
  await page.waitForLoadState('networkidle');
  // From here the page's clock moves only when told, so each timed state is caught exactly.
  await page.clock.pauseAt(new Date('2026-03-02T09:01:00Z'));
  await shot(page, '01-landing', width);

  await page.getByRole('link', { name: 'Start Your Discovery' }).click();
  await page.getByText('Question 1 of 9').waitFor();
  await shot(page, '02-quiz-q1', width, false);
  for (const [index, answer] of answers.entries()) {
    const question = index + 1;
    await answerButton(page, answer).click();
    if (question === 1) await shot(page, '03-quiz-q1-answered', width, false);
    if (question === 9) await shot(page, '05-quiz-q9-answered', width, false);
    if (question === 9) break;
    await page.getByRole('button', { name: 'Next' }).click();
    await page.clock.runFor(200);
    await page.getByText(`Question ${question + 1} of 9`).waitFor();
    if (question + 1 === 5) await shot(page, '04-quiz-q5-halfway', width, false);
  }
  await page.getByRole('button', { name: 'See My Results' }).click();
  await page.clock.runFor(100);
  await shot(page, '06-quiz-complete', width, false);
  await page.clock.runFor(400);
  await page.getByText('Analyzing your pattern...').first().waitFor();
  await page.clock.runFor(100);
  await shot(page, '07-results-loading', width);
  await page.clock.runFor(3000);
  await shot(page, '08-results-after-timeline', width);
  await shot(page, '08b-results-first-screen', width, false);
  await page.getByRole('list', { name: 'Your Core Driver Profile' }).getByRole('button').first().click();
  await shot(page, '09-results-card-flipped', width);
  const gate = page.getByRole('heading', { name: 'Want to Know What This Means?' });
  await gate.scrollIntoViewIfNeeded();
  await shot(page, '10-results-gate', width, false);
  await page.getByLabel('Email').fill('sam@example.com');
  await page.getByLabel('First name').fill('Sam');
  await page.getByRole('button', { name: 'Show Me My Insights' }).click();
  await page.clock.runFor(1600);
  await page.getByRole('heading', { name: /Here's what your Core Driver profile reveals/ }).waitFor();
  await page.clock.runFor(7000);
  await shot(page, '11-results-insights', width);

  await page.close();

  // A fresh page on the real clock: the missing-data screen is caught before its 2 s redirect.
  const plain = await browser.newPage({ viewport: { width, height: width < 768 ? 740 : 800 } });
  await plain.goto(`${origin}/no-such-page`);
  await shot(plain, '12-not-found', width);
  await plain.goto(`${origin}/results`);
  await plain.getByText('Please take the quiz first. Redirecting...').waitFor();
  await shot(plain, '13-missing-data', width);
  await plain.close();
}
await browser.close();
