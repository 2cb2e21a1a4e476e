/**
 * Looking at a page the way assistive technology and the keyboard meet it: what each live region
 * said and when it was inserted, where focus is, and holding the app's long timers so a passing
 * state (Quiz Complete!, the results loading) stays on screen while axe-core looks at it.
 */
import type { Page } from '@playwright/test';

declare global {
  interface Window {
    /** Every status region added to the page: its text when inserted, then each text it took. */
    __liveRegions?: { insertedWith: string; texts: string[] }[];
    /** While true, timers of `__holdFromMs` or more never fire. */
    __holdTimers?: boolean;
    __holdFromMs?: number;
  }
}

/** Records every `role="status"` / `aria-live` region from the first moment of each page load. */
export async function recordLiveRegions(page: Page) {
  await page.addInitScript(() => {
    const regions = new Map<Element, { insertedWith: string; texts: string[] }>();
    window.__liveRegions = [];
    const isRegion = (node: Node): node is Element =>
      node instanceof Element && (node.getAttribute('role') === 'status' || node.hasAttribute('aria-live'));
    const track = (element: Element) => {
      if (regions.has(element)) return;
      const entry = { insertedWith: element.textContent ?? '', texts: [] as string[] };
      regions.set(element, entry);
      window.__liveRegions?.push(entry);
    };
    new MutationObserver((mutations) => {
      for (const mutation of mutations) {
        for (const node of mutation.addedNodes) {
          if (isRegion(node)) track(node);
          if (node instanceof Element) node.querySelectorAll('[role="status"], [aria-live]').forEach(track);
        }
      }
      // Then the text of every known region, once per change.
      for (const [element, entry] of regions) {
        const text = element.textContent ?? '';
        if (text !== (entry.texts.at(-1) ?? entry.insertedWith)) entry.texts.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

export function liveRegions(page: Page) {
  return page.evaluate(() => window.__liveRegions ?? []);
}

/** What has focus: its tag, its text (first 60 characters) and whether it can be seen. */
export function focused(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { tag: 'body', text: '', visible: true };
    const style = getComputedStyle(element);
    const box = element.getBoundingClientRect();
    const visible =
      element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
      box.width > 0 &&
      box.height > 0 &&
      Number(style.opacity) > 0;
    return { tag: element.tagName.toLowerCase(), text: (element.textContent ?? '').trim().slice(0, 60), visible };
  });
}

/** From the next page load on, lets timers of `fromMs` or more be held with `setHeld`. */
export async function installTimerHold(page: Page, fromMs: number) {
  await page.addInitScript((threshold) => {
    window.__holdFromMs = threshold;
    const original = window.setTimeout.bind(window);
    window.setTimeout = ((handler: TimerHandler, delay?: number, ...args: unknown[]) =>
      window.__holdTimers && (delay ?? 0) >= (window.__holdFromMs ?? Infinity)
        ? 0
        : original(handler, delay, ...args)) as typeof window.setTimeout;
  }, fromMs);
}

export async function setHeld(page: Page, held: boolean) {
  await page.evaluate((value) => {
    window.__holdTimers = value;
  }, held);
}
