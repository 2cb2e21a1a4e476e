/**
 * The benchmark (issue 6): `npm run bench` builds the production app, starts it on 127.0.0.1 with a
 * fresh DATA_DIR and prints one table, each figure the median of several runs:
 *   - per route (/, /quiz, /results): first-load JS and CSS bytes, raw and gzip, and requests;
 *   - Lighthouse 12 (mobile, devtools throttling) for / and /quiz: four scores, FCP, LCP, TBT, CLS;
 *   - POST /api/leads under autocannon beside a bare Fastify endpoint, and their ratio.
 * All figures (and every sample) go to bench-results/bench-<timestamp>.json.
 *   npm run bench                  three runs of everything
 *   npm run bench -- --quick       one run, for a quick look
 *   npm run bench -- --runs=5      more runs
 *   npm run bench -- --no-build    reuse the current dist/
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from '../e2e/browser';
import { type ApiFigures, loadLeads, probeLeads } from './bench/api-load';
import { readBuild } from './bench/build-info';
import { landingBudgets, targets } from './bench/budgets';
import { type FirstLoad, measureFirstLoad } from './bench/first-load';
import { type LighthouseFigures, runLighthouse } from './bench/lighthouse';
import { type Running, startNodeScript } from './bench/processes';
import { formatNumber, formatTable, medianOf, type Row } from './bench/report';

/**
 * The server's per-client rate limit is raised through this variable for the load test, so one
 * loopback client can send thousands of leads a second. Validation and durability stay on.
 */
const rateLimitVariable = 'RATE_LIMIT_MAX';
const rateLimitForBench = '1000000';

const routes = ['/', '/quiz', '/results'] as const;
const lighthouseRoutes = ['/', '/quiz'] as const;
const apiPath = '/api/leads';
/** Each load test runs this long, after a short warm-up that is not counted. */
const apiSeconds = 5;
const apiWarmUpSeconds = 1;
const apiConnections = 10;

const root = fileURLToPath(new URL('../', import.meta.url));
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const runsArgument = args.find((arg) => arg.startsWith('--runs='));
const runs = quick ? 1 : runsArgument ? Number(runsArgument.slice('--runs='.length)) : 3;
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a whole number of at least 1.');

function log(message: string) {
  process.stderr.write(`[bench] ${message}\n`);
}

function build() {
  log('building the production app (npm run build)');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (result.status !== 0) throw new Error('npm run build failed.');
}

async function measureFirstLoads(baseUrl: string): Promise<Record<string, FirstLoad[]>> {
  const buildInfo = readBuild();
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const samples: Record<string, FirstLoad[]> = {};
  try {
    for (let run = 1; run <= runs; run += 1) {
      for (const route of routes) {
        log(`first load of ${route} (run ${run}/${runs})`);
        // A new context per load: an empty cache, like a first visit.
        const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
        const page = await context.newPage();
        (samples[route] ??= []).push(await measureFirstLoad(page, `${baseUrl}${route}`, buildInfo));
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return samples;
}

async function measureLighthouse(baseUrl: string): Promise<Record<string, LighthouseFigures[]>> {
  const samples: Record<string, LighthouseFigures[]> = {};
  for (let run = 1; run <= runs; run += 1) {
    for (const route of lighthouseRoutes) {
      log(`Lighthouse on ${route} (run ${run}/${runs})`);
      (samples[route] ??= []).push(await runLighthouse(`${baseUrl}${route}`, findChromium()));
    }
  }
  return samples;
}

type ApiResult =
  | { available: false; status: number }
  | { available: true; leads: ApiFigures[]; bare: ApiFigures[] };

async function measureApi(app: Running): Promise<ApiResult> {
  const probe = await probeLeads(`${app.url}${apiPath}`);
  if (probe.missing) {
    log(`POST ${apiPath} answered 404: API not available`);
    return { available: false, status: probe.status };
  }
  if (probe.status !== 201) log(`warning: a valid lead got ${probe.status}, not 201`);
  const bare = await startNodeScript(join(root, 'scripts/bench/bare-server.ts'), {});
  try {
    const result = { available: true as const, leads: [] as ApiFigures[], bare: [] as ApiFigures[] };
    for (const server of [bare, app]) {
      await loadLeads(`${server.url}${apiPath}`, { durationSeconds: apiWarmUpSeconds, connections: apiConnections });
    }
    for (let run = 1; run <= runs; run += 1) {
      // Alternate the two so a busy moment of the machine does not fall on one side only.
      for (const [name, server] of [['leads', app], ['bare', bare]] as const) {
        log(`${apiSeconds} s of load on ${name === 'leads' ? `POST ${apiPath}` : 'the bare endpoint'} (run ${run}/${runs})`);
        result[name].push(
          await loadLeads(`${server.url}${apiPath}`, { durationSeconds: apiSeconds, connections: apiConnections }),
        );
      }
    }
    return result;
  } finally {
    await bare.stop();
  }
}

function tableRows(
  firstLoads: Record<string, Record<string, number>>,
  lighthouse: Record<string, Record<string, number>>,
  api: ApiResult,
): Row[] {
  const rows: Row[] = [];
  const bytes = (value: number | undefined) => formatNumber(value ?? Number.NaN);
  for (const route of routes) {
    const load = firstLoads[route] ?? {};
    const landing = route === '/';
    rows.push(
      { figure: `${route} first-load JS raw / gzip (B)`, value: `${bytes(load.jsRaw)} / ${bytes(load.jsGzip)}`,
        ...(landing && { target: `gzip <= ${bytes(landingBudgets.jsGzip)}`, met: (load.jsGzip ?? Infinity) <= landingBudgets.jsGzip }) },
      { figure: `${route} first-load CSS raw / gzip (B)`, value: `${bytes(load.cssRaw)} / ${bytes(load.cssGzip)}`,
        ...(landing && { target: `gzip <= ${bytes(landingBudgets.cssGzip)}`, met: (load.cssGzip ?? Infinity) <= landingBudgets.cssGzip }) },
      { figure: `${route} first-load requests`, value: bytes(load.requests) },
    );
  }
  for (const route of lighthouseRoutes) {
    const figures = lighthouse[route] ?? {};
    const landing = route === '/';
    const scores = [figures.performance, figures.accessibility, figures.bestPractices, figures.seo];
    const scoresMet = landing
      ? scores.every((value) => value === targets.landingScores)
      : figures.performance !== undefined && figures.performance >= targets.quizPerformanceScore &&
        scores.slice(1).every((value) => value === targets.quizOtherScores);
    rows.push(
      {
        figure: `${route} Lighthouse perf / a11y / best practices / SEO`,
        value: scores.map((value) => bytes(value)).join(' / '),
        target: landing ? 'all 100' : `perf >= ${targets.quizPerformanceScore}, others 100`,
        met: scoresMet,
      },
      { figure: `${route} FCP (ms)`, value: bytes(figures.fcpMs) },
      { figure: `${route} LCP (ms)`, value: bytes(figures.lcpMs),
        ...(landing && { target: `<= ${bytes(targets.landingLcpMs)}`, met: (figures.lcpMs ?? Infinity) <= targets.landingLcpMs }) },
      { figure: `${route} TBT (ms)`, value: bytes(figures.tbtMs) },
      { figure: `${route} CLS`, value: formatNumber(figures.cls ?? Number.NaN, 3),
        ...(landing && { target: `${targets.landingCls}`, met: figures.cls === targets.landingCls }) },
    );
  }
  if (!api.available) {
    rows.push({ figure: `POST ${apiPath}`, value: `API not available (${api.status})` });
    return rows;
  }
  const leads = medianOf(api.leads);
  const bare = medianOf(api.bare);
  const ratio = (leads.perSecond ?? 0) / (bare.perSecond ?? Number.NaN);
  rows.push(
    { figure: `POST ${apiPath} stored leads/s`, value: bytes(leads.perSecond),
      target: `>= ${bytes(targets.apiLeadsPerSecond)}`, met: (leads.perSecond ?? 0) >= targets.apiLeadsPerSecond },
    { figure: `POST ${apiPath} latency p50 / p99 (ms)`, value: `${formatNumber(leads.p50Ms ?? Number.NaN, 1)} / ${formatNumber(leads.p99Ms ?? Number.NaN, 1)}`,
      target: `p99 <= ${targets.apiP99Ms}`, met: (leads.p99Ms ?? Infinity) <= targets.apiP99Ms },
    { figure: `POST ${apiPath} non-2xx answers`, value: bytes(leads.non2xx), target: '0', met: leads.non2xx === 0 },
    { figure: 'bare Fastify POST answers/s', value: bytes(bare.perSecond) },
    { figure: 'bare Fastify latency p50 / p99 (ms)', value: `${formatNumber(bare.p50Ms ?? Number.NaN, 1)} / ${formatNumber(bare.p99Ms ?? Number.NaN, 1)}` },
    { figure: 'leads/s ÷ bare answers/s', value: formatNumber(ratio, 2),
      target: `>= ${targets.apiRatioToBare}`, met: ratio >= targets.apiRatioToBare },
  );
  return rows;
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const startedAt = new Date();
if (!args.includes('--no-build')) build();
const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-bench-'));
log(`starting the app on 127.0.0.1 (DATA_DIR ${dataDir})`);
const app = await startNodeScript(join(root, 'server/main.ts'), {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  [rateLimitVariable]: rateLimitForBench,
});
try {
  const firstLoadSamples = await measureFirstLoads(app.url);
  const lighthouseSamples = await measureLighthouse(app.url);
  const api = await measureApi(app);

  const firstLoads = Object.fromEntries(
    Object.entries(firstLoadSamples).map(([route, samples]) => [
      route,
      medianOf(samples.map((sample) => ({
        jsRaw: sample.js.raw, jsGzip: sample.js.gzip, cssRaw: sample.css.raw, cssGzip: sample.css.gzip, requests: sample.requests,
      }))),
    ]),
  );
  const lighthouse = Object.fromEntries(
    Object.entries(lighthouseSamples).map(([route, samples]) => [route, medianOf(samples)]),
  );
  const rows = tableRows(firstLoads, lighthouse, api);

  console.log(`\nCore Drivers benchmark, ${startedAt.toISOString()}, commit ${gitCommit()}, median of ${runs} run${runs === 1 ? '' : 's'}\n`);
  console.log(formatTable(rows));

  const resultsDir = join(root, 'bench-results');
  mkdirSync(resultsDir, { recursive: true });
  const file = join(resultsDir, `bench-${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
  const report = {
    startedAt: startedAt.toISOString(),
    commit: gitCommit(),
    node: process.version,
    cpus: cpus().length,
    runs,
    settings: { lighthouse: 'mobile, devtools throttling', apiSeconds, apiConnections, rateLimitVariable },
    firstLoad: { medians: firstLoads, samples: firstLoadSamples },
    lighthouse: { medians: lighthouse, samples: lighthouseSamples },
    api: api.available
      ? { available: true, medians: { leads: medianOf(api.leads), bare: medianOf(api.bare) }, samples: api }
      : api,
    table: rows,
  };
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  console.log(`\nAll figures and samples: ${file}`);
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
