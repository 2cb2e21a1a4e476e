/**
 * Takes full-page screenshots of a running server, for looking at a screen by eye:
 *   npx tsx scripts/screenshot.ts http://127.0.0.1:3000/ out-dir [widths...]
 * Writes out-dir/<path>-<width>.png for each width (default 360 and 1280).
 */
import { mkdirSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from '../e2e/browser';

const [url, outDir = 'screenshots', ...widthArgs] = process.argv.slice(2);
if (!url) throw new Error('usage: tsx scripts/screenshot.ts URL [OUT_DIR] [WIDTH...]');
const widths = widthArgs.length > 0 ? widthArgs.map(Number) : [360, 1280];

mkdirSync(outDir, { recursive: true });
const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
const name = new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home';
for (const width of widths) {
  const page = await browser.newPage({ viewport: { width, height: 800 } });
  await page.goto(url);
  await page.waitForLoadState('networkidle');
  const file = `${outDir}/${name}-${width}.png`;
  await page.screenshot({ path: file, fullPage: true });
  console.log(file);
  await page.close();
}
await browser.close();
