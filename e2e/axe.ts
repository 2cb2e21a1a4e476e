/** axe-core, current release, with every WCAG 2.0, 2.1 and 2.2 A and AA tag plus best practice. */
import type { Page } from '@playwright/test';
import { createRequire } from 'node:module';
import { analyzeWithAxe } from './axe-run';
import { expect, settleAnimations } from './fixtures';

const { version: axeVersion } = createRequire(import.meta.url)('axe-core/package.json') as { version: string };

export const axeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/** axe-core finds no violation at all, of any impact, on the page as it is now. */
export async function expectNoAxeViolations(page: Page, state: string) {
  await settleAnimations(page);
  const results = await analyzeWithAxe(page, axeTags);
  // The wrapper (4.13, the last for Node 20) injects the axe-core the project pins (package.json overrides).
  expect(results.testEngine.version, 'axe-core version').toBe(axeVersion);
  const found = results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(found, `axe-core findings in state: ${state}`).toEqual([]);
}
