/**
 * Every limit and target of issue 6 in one place: the byte budgets `npm test` enforces
 * (e2e/budgets.spec.ts) and the figures the benchmark (scripts/bench.ts) compares against.
 * 1 KB = 1,000 bytes, as Vite prints sizes.
 */
import type { BuildInfo } from './build-info';
import { entryClosure, sizesOf } from './build-info';

export const KB = 1000;

/** Byte budgets of the landing page's first load, gzip level 9. */
export const landingBudgets = {
  /**
   * Within 5% of the floor of our stack (React 19 + React Router 7 declarative: 81 KB): issue 29's
   * goal (React Router's production build, no preload helper, what the gate unlocks in a chunk of its own).
   */
  jsGzip: 85 * KB,
  cssGzip: 8 * KB,
};

/**
 * The results page's first load, opened straight (an address typed or reloaded without the quiz's
 * answers behind it), gzip level 9: the results themselves, the gate and what it unlocks (the
 * insights, the print view, the coach's offer) load later, or ahead of time from the quiz (issue 29).
 */
export const resultsBudgets = { jsGzip: 100 * KB };

/** Modules needed only after the landing page: none may be in its first load. */
export const laterOnlyModules: { what: string; pattern: RegExp }[] = [
  { what: 'the quiz page', pattern: /^src\/features\/quiz\// },
  { what: 'the results page', pattern: /^src\/features\/results\// },
  { what: 'toasts (sonner)', pattern: /(^|\/)node_modules\/sonner\// },
  { what: 'confetti (canvas-confetti)', pattern: /(^|\/)node_modules\/canvas-confetti\// },
  { what: 'the embed’s frame side (loaded only inside a frame)', pattern: /^src\/embed\/(frame|protocol|embed)\.ts$/ },
];

/** The coach's dashboard (its own build, vite.coach.config.ts): no visitor page may load any of it. */
export const dashboardModules = { what: "the coach's dashboard", pattern: /^src\/coach\// };

/** What one visitor page fetched (every script and stylesheet, the idle prefetch included) and its HTML. */
export type VisitorPageLoad = { path: string; requested: string[]; html: string };

/**
 * Every way dashboard code could reach a visitor, as sentences: a chunk of the visitor's build that
 * bundles a dashboard module, or a visitor page that fetches or names a file of the dashboard's build.
 */
export function dashboardLeaks(build: BuildInfo, coachFiles: string[], pages: VisitorPageLoad[]): string[] {
  const leaks: string[] = [];
  for (const [chunk, modules] of Object.entries(build.chunkModules)) {
    const found = modules.filter((module) => dashboardModules.pattern.test(module));
    if (found.length > 0) leaks.push(`the visitor's chunk ${chunk} bundles ${dashboardModules.what} (${found.join(', ')})`);
  }
  for (const { path, requested, html } of pages) {
    for (const file of coachFiles) {
      if (requested.includes(file)) leaks.push(`${path} loads ${file}, a file of ${dashboardModules.what}`);
      if (html.includes(`/${file}`)) leaks.push(`${path} names ${file}, a file of ${dashboardModules.what}, in its HTML`);
    }
  }
  return leaks;
}

/** The embed script coaches load on their own sites (dist/client/embed.js), gzip level 9. */
export const embedScriptBudget = { gzip: 3 * KB };

/** Every way the embed script breaks its budget: too big, or not one self-contained classic script. */
export function embedScriptBreaches(script: Buffer | string): string[] {
  const breaches: string[] = [];
  const { gzip } = sizesOf(script);
  if (gzip > embedScriptBudget.gzip) {
    breaches.push(`embed.js is ${bytes(gzip)} gzip, over the limit of ${bytes(embedScriptBudget.gzip)}`);
  }
  if (/(^|[;}\s])(import|export)\b[\s{*"'`(]/.test(script.toString())) {
    breaches.push('embed.js imports or exports modules: it must be one classic script with no dependencies');
  }
  return breaches;
}

/** Timing and throughput targets the benchmark reports against (never checked by `npm test`). */
export const targets = {
  landingLcpMs: 1300,
  landingCls: 0,
  /** Lighthouse category scores, 0-100. */
  landingScores: 100,
  quizPerformanceScore: 95,
  quizOtherScores: 100,
  apiLeadsPerSecond: 3000,
  apiP99Ms: 20,
  apiRatioToBare: 0.6,
  /** The server process's CPU time per stored lead under load, every thread (issue 29), µs. */
  apiCpuPerLeadUs: 40,
  /** Leads/s with the results e-mail on ÷ off, in the same run (issue 29). */
  mailOnToOffRatio: 0.9,
  /** Every dashboard API at 1,000,000 leads, one request at a time (issue 13). */
  dashboardP95Ms: 100,
  /** Click on an answer to the next paint, 4× CPU slowdown (issue 10), ms. */
  answerPaintMs: 50,
  /** A static asset while 25 wrong sign-ins are checked (issue 21), p99, ms. */
  assetDuringSignInFloodP99Ms: 100,
};

export type FirstLoadFigures = {
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
  /** Script files requested, by path inside dist/client ("assets/index-abc.js"). */
  scripts: string[];
};

const bytes = (value: number) => `${value.toLocaleString('en-US')} bytes`;

/** Every way the results page's first load breaks its budget, as sentences with the figure and the limit. */
export function resultsBudgetBreaches(firstLoad: Pick<FirstLoadFigures, 'js'>): string[] {
  return firstLoad.js.gzip > resultsBudgets.jsGzip
    ? [`/results first-load JS is ${bytes(firstLoad.js.gzip)} gzip, over the limit of ${bytes(resultsBudgets.jsGzip)}`]
    : [];
}

/** Every way the landing page's first load breaks its budgets, as sentences with the figure and the limit. */
export function landingBudgetBreaches(firstLoad: FirstLoadFigures, build: BuildInfo): string[] {
  const breaches: string[] = [];
  if (firstLoad.js.gzip > landingBudgets.jsGzip) {
    breaches.push(`first-load JS is ${bytes(firstLoad.js.gzip)} gzip, over the limit of ${bytes(landingBudgets.jsGzip)}`);
  }
  if (firstLoad.css.gzip > landingBudgets.cssGzip) {
    breaches.push(`first-load CSS is ${bytes(firstLoad.css.gzip)} gzip, over the limit of ${bytes(landingBudgets.cssGzip)}`);
  }
  const allowed = entryClosure(build.manifest);
  for (const script of firstLoad.scripts) {
    const modules = build.chunkModules[script];
    if (!modules) {
      breaches.push(`${script} is in the first load but not in the build's chunk map`);
      continue;
    }
    for (const { what, pattern } of laterOnlyModules) {
      const found = modules.filter((module) => pattern.test(module));
      if (found.length > 0) breaches.push(`${script} brings ${what} into the first load (${found.join(', ')})`);
    }
    if (!allowed.has(script)) breaches.push(`${script} is in the first load but is not the entry chunk or one it imports`);
  }
  return breaches;
}
