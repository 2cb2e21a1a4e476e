/**
 * One axe-core analysis of the page as it is now, for the checks in e2e/axe.ts, e2e/coach-a11y.ts
 * and e2e/fixtures.ts. A page without frames is analysed in place (`axe.run`, the wrapper's legacy
 * mode): the same rules on the same document, without the blank page the wrapper otherwise opens
 * to merge each frame's part, which is half the CPU of an analysis. A page with frames, which may be
 * of another origin, gets the wrapper's default, frames and all.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

export async function analyzeWithAxe(page: Page, tags: string[]) {
  const withoutFrames = page.frames().length === 1;
  return new AxeBuilder({ page }).withTags(tags).setLegacyMode(withoutFrames).analyze();
}
