/** axe on a dashboard screen: every rule of WCAG 2.0-2.2 A/AA and axe's best practices, no finding at all. */
import type { Locator, Page } from '@playwright/test';
import { analyzeWithAxe } from './axe-run';
import { expect, settleAnimations } from './fixtures';

export const dashboardAxeTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export async function expectNoA11yFindings(page: Page, screen: string) {
  await settleAnimations(page);
  const results = await analyzeWithAxe(page, dashboardAxeTags);
  const findings = results.violations.map(
    (violation) => `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} at ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
  expect(findings, `axe findings on ${screen}`).toEqual([]);
  expect(await unheardLiveRegions(page), `live regions on ${screen} a screen reader cannot hear`).toEqual([]);
}

/**
 * The live region of this role that has something to say. A screen's other regions of the role wait
 * in the page, empty, for their own news (so a screen reader hears it when it comes).
 */
export function said(scope: Page | Locator, role: 'alert' | 'status'): Locator {
  return scope.getByRole(role).filter({ hasText: /\S/ });
}

/**
 * Live regions hidden by their own style (display: none, as `empty:hidden` made the empty ones):
 * Chromium leaves such a region out of the accessibility tree, so what arrives in it later comes
 * with the region, and a screen reader often says nothing of a status region that appears with its
 * text already in it. A region inside a part that is itself hidden (a closed panel) is not counted.
 */
async function unheardLiveRegions(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>('[role="status"], [role="alert"], [role="log"], [aria-live]:not([aria-live="off"])')]
      .filter((region) => !region.checkVisibility() && region.parentElement?.checkVisibility() === true)
      .map((region) => `${region.tagName.toLowerCase()}[role=${region.getAttribute('role') ?? 'none'}]${region.id ? `#${region.id}` : ''} "${region.className}"`),
  );
}

const refusal = /^Failed to load resource: the server responded with a status of (\d{3}) /;

/**
 * Takes out of `consoleErrors` the lines Chromium logs by itself for refused API requests (a 401
 * before signing in, a wrong password, throttling) and returns their statuses, for the test to assert.
 */
export function takeApiRefusals(consoleErrors: string[]): number[] {
  const statuses = refusedStatuses(consoleErrors);
  const others = consoleErrors.filter((line) => !refusal.test(line));
  consoleErrors.splice(0, consoleErrors.length, ...others);
  return statuses;
}

/**
 * Asserts the refused API requests Chromium logged, and takes them out. Chromium logs a refusal on its
 * own time, after the answer, and a page can look settled (or be network-idle) before its script has
 * asked at all: this waits until the lines logged say exactly `statuses`.
 */
export async function expectApiRefusals(consoleErrors: string[], statuses: number[]): Promise<void> {
  await expect.poll(() => refusedStatuses(consoleErrors), { message: 'the refused API requests Chromium logged' }).toEqual(statuses);
  takeApiRefusals(consoleErrors);
}

function refusedStatuses(consoleErrors: readonly string[]): number[] {
  return consoleErrors.flatMap((line) => {
    const status = refusal.exec(line)?.[1];
    return status ? [Number(status)] : [];
  });
}

/** The smallest tap target on a phone, in CSS pixels (WCAG 2.5.5; Apple's and Material's guidance). */
export const TAP_TARGET_PX = 44;

/**
 * Every control a finger may tap on the screen is at least 44 × 44 px: buttons, links, fields,
 * summaries; a switch or a radio button with its label (the label taps it too), a visually hidden
 * one by its label. Links inside a sentence are exempt, as WCAG exempts inline targets.
 */
export async function expectTapTargets(page: Page, screen: string) {
  const small = await page.evaluate((minimum) => {
    const found: string[] = [];
    const visible = (rect: DOMRect) => rect.width > 1 && rect.height > 1;
    const union = (a: DOMRect, b: DOMRect) => {
      const left = Math.min(a.left, b.left);
      const top = Math.min(a.top, b.top);
      return { width: Math.max(a.right, b.right) - left, height: Math.max(a.bottom, b.bottom) - top };
    };
    for (const element of document.querySelectorAll<HTMLElement>('a[href], button, input:not([type="hidden"]), select, textarea, summary')) {
      if (element.closest('[inert], [aria-hidden="true"]') || getComputedStyle(element).visibility === 'hidden') continue;
      let rect: { width: number; height: number } = element.getBoundingClientRect();
      if (element instanceof HTMLInputElement && ['checkbox', 'radio', 'file'].includes(element.type)) {
        const label = element.labels?.[0];
        const own = element.getBoundingClientRect();
        if (!label) continue;
        rect = visible(own) ? union(own, label.getBoundingClientRect()) : label.getBoundingClientRect();
      } else if (!visible(element.getBoundingClientRect())) continue;
      const inSentence =
        element instanceof HTMLAnchorElement && (element.parentElement?.textContent ?? '').trim().length > (element.textContent ?? '').trim().length + 1;
      if (inSentence) continue;
      if (rect.width + 0.5 < minimum || rect.height + 0.5 < minimum) {
        found.push(`${element.tagName.toLowerCase()} "${(element.textContent ?? element.getAttribute('aria-label') ?? '').trim().slice(0, 40)}" ${Math.round(rect.width)}×${Math.round(rect.height)}`);
      }
    }
    return found;
  }, TAP_TARGET_PX);
  expect(small, `tap targets under ${TAP_TARGET_PX} px on ${screen}`).toEqual([]);
}
