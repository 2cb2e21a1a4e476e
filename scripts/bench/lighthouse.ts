/**
 * One Lighthouse 12 run (mobile, devtools throttling) on Debian's Chromium, in a fresh browser so
 * runs do not share a cache.
 */
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromiumArgs } from '../../e2e/browser';

/** The end-to-end tests' flags (quiet, no sandbox, no GPU, no background traffic), headless. */
const chromeFlags = ['--headless=new', ...chromiumArgs];

export type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Audits that cost points, for a reader who wants to know why a score is below 100. */
  failing: string[];
};

const score = (value: number | null | undefined) => Math.round((value ?? 0) * 100);

/**
 * Lighthouse's own words for a trace it failed to record ("Something went wrong with recording the
 * trace over your page load. Please run Lighthouse again."): on a busy machine the headless browser
 * sometimes loses the navigation's start. Such a run measured nothing, so it is run again, at most
 * twice more; any other runtime error fails at once.
 */
const runAgainCodes = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED', 'PROTOCOL_TIMEOUT']);
const attempts = 3;

class LighthouseRuntimeError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export async function runLighthouse(url: string, chromePath: string): Promise<LighthouseFigures> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runOnce(url, chromePath);
    } catch (error) {
      if (!(error instanceof LighthouseRuntimeError) || !runAgainCodes.has(error.code) || attempt === attempts) {
        throw error;
      }
      console.error(`[bench] Lighthouse on ${url}: ${error.code}, running it again (${attempt + 1}/${attempts})`);
    }
  }
}

async function runOnce(url: string, chromePath: string): Promise<LighthouseFigures> {
  const chrome = await launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      formFactor: 'mobile',
      throttlingMethod: 'devtools',
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}.`);
    const { categories, audits, runtimeError } = result.lhr;
    if (runtimeError) {
      throw new LighthouseRuntimeError(
        runtimeError.code,
        `Lighthouse failed on ${url}: ${runtimeError.code} ${runtimeError.message}`,
      );
    }
    const numeric = (id: string) => {
      const value = audits[id]?.numericValue;
      if (value === undefined) throw new Error(`Lighthouse measured no ${id} on ${url}.`);
      return value;
    };
    const failing = Object.values(categories).flatMap((category) =>
      category.auditRefs
        .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category.id}: ${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`),
    );
    return {
      performance: score(categories.performance?.score),
      accessibility: score(categories.accessibility?.score),
      bestPractices: score(categories['best-practices']?.score),
      seo: score(categories.seo?.score),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      tbtMs: numeric('total-blocking-time'),
      cls: numeric('cumulative-layout-shift'),
      failing,
    };
  } finally {
    chrome.kill();
  }
}
