/**
 * Every limit and target of issue 6 in one place: the byte budgets `npm test` enforces
 * (e2e/budgets.spec.ts) and the figures the benchmark (scripts/bench.ts) compares against.
 * 1 KB = 1,000 bytes, as Vite prints sizes.
 */
import type { BuildInfo } from './build-info';
import { entryClosure } from './build-info';

export const KB = 1000;

/** Byte budgets of the landing page's first load, gzip level 9. */
export const landingBudgets = {
  /** Within 10% of the floor of our stack (React 19 + React Router 7 declarative: 81 KB). */
  jsGzip: 88 * KB,
  cssGzip: 8 * KB,
};

/** Modules needed only after the landing page: none may be in its first load. */
export const laterOnlyModules: { what: string; pattern: RegExp }[] = [
  { what: 'the quiz page', pattern: /^src\/features\/quiz\// },
  { what: 'the results page', pattern: /^src\/features\/results\// },
  { what: 'toasts (sonner)', pattern: /(^|\/)node_modules\/sonner\// },
  { what: 'confetti (canvas-confetti)', pattern: /(^|\/)node_modules\/canvas-confetti\// },
];

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
  /** Click on an answer to the next paint, 4× CPU slowdown (issue 10), ms. */
  answerPaintMs: 50,
};

export type FirstLoadFigures = {
  js: { raw: number; gzip: number };
  css: { raw: number; gzip: number };
  /** Script files requested, by path inside dist/client ("assets/index-abc.js"). */
  scripts: string[];
};

const bytes = (value: number) => `${value.toLocaleString('en-US')} bytes`;

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
