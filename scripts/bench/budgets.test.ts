import { expect, test } from 'vitest';
import type { BuildInfo } from './build-info';
import { dashboardLeaks, embedScriptBreaches, landingBudgetBreaches, landingBudgets } from './budgets';

const build: BuildInfo = {
  clientDir: '/nowhere',
  manifest: {
    'index.html': {
      file: 'assets/index-a.js',
      isEntry: true,
      imports: ['_vendor-b.js'],
      dynamicImports: ['src/features/results/results-page.tsx'],
      css: ['assets/index-a.css'],
    },
    '_vendor-b.js': { file: 'assets/vendor-b.js' },
    'src/features/results/results-page.tsx': {
      file: 'assets/results-page-c.js',
      src: 'src/features/results/results-page.tsx',
      isDynamicEntry: true,
      imports: ['index.html'],
    },
  },
  chunkModules: {
    'assets/index-a.js': ['src/main.tsx', 'node_modules/react-dom/index.js'],
    'assets/vendor-b.js': ['node_modules/react/index.js'],
    'assets/results-page-c.js': ['src/features/results/results-page.tsx', 'node_modules/sonner/dist/index.mjs'],
  },
};

const withinBudget = {
  js: { raw: 250_000, gzip: landingBudgets.jsGzip },
  css: { raw: 12_000, gzip: landingBudgets.cssGzip },
  scripts: ['assets/index-a.js', 'assets/vendor-b.js'],
};

test('a first load at exactly the limits, with only the entry and its imports, breaks nothing', () => {
  expect(landingBudgetBreaches(withinBudget, build)).toEqual([]);
});

test.each([
  [
    'one byte too much JS',
    { ...withinBudget, js: { raw: 1, gzip: landingBudgets.jsGzip + 1 } },
    'first-load JS is 85,001 bytes gzip, over the limit of 85,000 bytes',
  ],
  [
    'one byte too much CSS',
    { ...withinBudget, css: { raw: 1, gzip: landingBudgets.cssGzip + 1 } },
    'first-load CSS is 8,001 bytes gzip, over the limit of 8,000 bytes',
  ],
  [
    'the results chunk loaded at once',
    { ...withinBudget, scripts: [...withinBudget.scripts, 'assets/results-page-c.js'] },
    'assets/results-page-c.js brings the results page into the first load (src/features/results/results-page.tsx)',
  ],
  [
    'the results chunk (with sonner) loaded at once',
    { ...withinBudget, scripts: [...withinBudget.scripts, 'assets/results-page-c.js'] },
    'assets/results-page-c.js brings toasts (sonner) into the first load (node_modules/sonner/dist/index.mjs)',
  ],
  [
    'a lazy chunk outside the entry’s imports',
    { ...withinBudget, scripts: [...withinBudget.scripts, 'assets/results-page-c.js'] },
    'assets/results-page-c.js is in the first load but is not the entry chunk or one it imports',
  ],
  [
    'a script the build does not know',
    { ...withinBudget, scripts: ['assets/stray.js'] },
    "assets/stray.js is in the first load but not in the build's chunk map",
  ],
])('%s is a breach that names the figure and the limit', (_case, firstLoad, breach) => {
  expect(landingBudgetBreaches(firstLoad, build)).toContain(breach);
});

test('confetti bundled into the entry chunk is a breach', () => {
  const bundled: BuildInfo = {
    ...build,
    chunkModules: { ...build.chunkModules, 'assets/index-a.js': ['src/main.tsx', 'node_modules/canvas-confetti/dist/confetti.module.mjs'] },
  };
  expect(landingBudgetBreaches(withinBudget, bundled)).toEqual([
    'assets/index-a.js brings confetti (canvas-confetti) into the first load (node_modules/canvas-confetti/dist/confetti.module.mjs)',
  ]);
});

const coachFiles = ['assets/coach/coach-d.js', 'assets/coach/coach-d.css'];
const cleanPage = { path: '/', requested: ['assets/index-a.js', 'assets/results-page-c.js'], html: '<script src="/assets/index-a.js"></script>' };

test('visitor pages that load and name only the visitor’s files leak nothing of the dashboard', () => {
  expect(dashboardLeaks(build, coachFiles, [cleanPage])).toEqual([]);
});

test.each([
  [
    'a visitor chunk bundling a dashboard module',
    { ...build, chunkModules: { ...build.chunkModules, 'assets/vendor-b.js': ['node_modules/react/index.js', 'src/coach/leads.tsx'] } },
    [cleanPage],
    "the visitor's chunk assets/vendor-b.js bundles the coach's dashboard (src/coach/leads.tsx)",
  ],
  [
    'a visitor page fetching a dashboard file',
    build,
    [{ ...cleanPage, requested: [...cleanPage.requested, 'assets/coach/coach-d.js'] }],
    "/ loads assets/coach/coach-d.js, a file of the coach's dashboard",
  ],
  [
    'a visitor page preloading a dashboard file',
    build,
    [{ ...cleanPage, path: '/quiz', html: '<link rel="modulepreload" href="/assets/coach/coach-d.js">' }],
    "/quiz names assets/coach/coach-d.js, a file of the coach's dashboard, in its HTML",
  ],
])('%s is a leak that names the file', (_case, buildInfo, pages, leak) => {
  expect(dashboardLeaks(buildInfo, coachFiles, pages)).toContain(leak);
});

test.each([
  ['a small classic script', '(function(){document.querySelectorAll("[data-core-drivers]")})();', []],
  ['a module that imports', 'import{a as b}from"./x.js";b();', ['embed.js imports or exports modules: it must be one classic script with no dependencies']],
  ['a module that exports', 'var a=1;export{a};', ['embed.js imports or exports modules: it must be one classic script with no dependencies']],
])('the embed script budget: %s', (_what, script, breaches) => {
  expect(embedScriptBreaches(script)).toEqual(breaches);
});

test('an embed script over 3 KB gzip breaks its budget, naming its size and the limit', () => {
  const noise = Array.from({ length: 6000 }, (_, index) => ((index * 7919) % 65_521).toString(36)).join('');
  expect(embedScriptBreaches(`(function(){var a="${noise}"})();`)).toEqual([
    expect.stringMatching(/^embed\.js is [\d,]+ bytes gzip, over the limit of 3,000 bytes$/),
  ]);
});
