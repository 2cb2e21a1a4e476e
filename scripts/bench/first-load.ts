/**
 * Measures what a page needs on its first load, in a real browser: every request it makes except
 * the scripts the idle prefetch fetches (from the `prefetchMark` User Timing mark on), plus styles
 * inlined into the HTML. Sizes come from the built files (build-info.ts), not from the wire.
 */
import type { Page } from '@playwright/test';
import { prefetchMark } from '../../src/app/prefetch-mark';
import { type BuildInfo, fileSizes, type Sizes, sizesOf } from './build-info';

export type FirstLoad = {
  path: string;
  /** The document plus every resource it fetched, the prefetch aside (the favicon counts). */
  requests: number;
  js: Sizes;
  css: Sizes;
  /** Script and stylesheet files requested, by path inside dist/client. */
  scripts: string[];
  stylesheets: string[];
  /** Style elements inlined into the HTML. */
  inlineStyles: number;
};

/** How long to wait for the idle prefetch to start; a page whose scripts failed never marks it. */
const prefetchTimeoutMs = 10_000;

const sum = (sizes: Sizes[]): Sizes =>
  sizes.reduce((total, size) => ({ raw: total.raw + size.raw, gzip: total.gzip + size.gzip }), { raw: 0, gzip: 0 });

export function inlineStylesOf(html: string): string[] {
  return [...html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)].map((match) => match[1] ?? '');
}

/** Loads `url` in `page` (a fresh context, so nothing is cached) and measures its first load. */
export async function measureFirstLoad(page: Page, url: string, build: BuildInfo): Promise<FirstLoad> {
  const origin = new URL(url).origin;
  const response = await page.goto(url, { waitUntil: 'load' });
  if (!response?.ok()) throw new Error(`${url} answered ${response?.status() ?? 'nothing'}.`);
  const html = await response.text();

  await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, prefetchMark, {
    timeout: prefetchTimeoutMs,
  });
  // The favicon is requested around the load event, before or after the mark: wait for it.
  await page.waitForLoadState('networkidle');
  const resources = await page.evaluate((mark) => {
    const start = performance.getEntriesByName(mark)[0]?.startTime ?? Number.POSITIVE_INFINITY;
    // The prefetch fetches scripts (and the links that preload them) only; anything else is the page's own.
    const prefetchKinds = ['script', 'link'];
    return performance
      .getEntriesByType('resource')
      .filter(
        (entry) =>
          entry.startTime < start ||
          !('initiatorType' in entry && prefetchKinds.includes(String(entry.initiatorType))),
      )
      .map((entry) => entry.name);
  }, prefetchMark);

  const ownFiles = (extension: string) =>
    resources
      .map((resource) => new URL(resource))
      .filter((resource) => resource.origin === origin && resource.pathname.endsWith(extension))
      .map((resource) => decodeURIComponent(resource.pathname.slice(1)));
  const scripts = [...new Set(ownFiles('.js'))];
  const stylesheets = [...new Set(ownFiles('.css'))];
  const inlineStyles = inlineStylesOf(html);

  return {
    path: new URL(url).pathname,
    requests: 1 + resources.length,
    js: sum(scripts.map((file) => fileSizes(build, file))),
    css: sum([...stylesheets.map((file) => fileSizes(build, file)), ...inlineStyles.map((css) => sizesOf(css))]),
    scripts,
    stylesheets,
    inlineStyles: inlineStyles.length,
  };
}
