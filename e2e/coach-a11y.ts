/** axe on a dashboard screen: every rule of WCAG 2.0-2.2 A/AA and axe's best practices, no finding at all. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, settleAnimations } from './fixtures';

export const dashboardAxeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function expectNoA11yFindings(page: Page, screen: string) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(dashboardAxeTags).analyze();
  const findings = results.violations.map(
    (violation) => `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(findings, `axe findings on ${screen}`).toEqual([]);
}

const refusal = /^Failed to load resource: the server responded with a status of (\d{3}) /;

/**
 * Takes out of `consoleErrors` the lines Chromium logs by itself for refused API requests (a 401
 * before signing in, a wrong password, throttling) and returns their statuses, for the test to assert.
 */
export function takeApiRefusals(consoleErrors: string[]): number[] {
  const statuses = consoleErrors.flatMap((line) => {
    const status = refusal.exec(line)?.[1];
    return status ? [Number(status)] : [];
  });
  const others = consoleErrors.filter((line) => !refusal.test(line));
  consoleErrors.splice(0, consoleErrors.length, ...others);
  return statuses;
}
