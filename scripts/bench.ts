/**
 * The benchmark (issue 6): `npm run bench` builds the production app, starts it on 127.0.0.1 with a
 * fresh DATA_DIR and prints one table, each figure the median of several runs:
 *   - per route (/, /quiz, /results): first-load JS and CSS bytes, raw and gzip, and requests;
 *   - Lighthouse 12 (mobile, devtools throttling) for / and /quiz: four scores, FCP, LCP, TBT, CLS;
 *   - answering a quiz question: click to next paint with the CPU slowed 4× (every answer of each run);
 *   - POST /api/leads under autocannon beside a bare Fastify endpoint, and their ratio;
 *   - every dashboard API at 1,000,000 leads and two years of funnel counts: p50 and p95;
 *   - POST /api/leads on Postgres with one and two instances beside SQLite and bare, and
 *     migrate-to-postgres on 100,000 people (scripts/bench/postgres.ts);
 *   - a static asset and POST /api/leads while 25 wrong sign-ins are checked (scripts/bench/sign-in-flood.ts).
 *   - POST /api/leads with mail off and on, and e-mails/s to a local SMTP sink (scripts/bench/mail.ts).
 * All figures (and every sample) go to bench-results/bench-<timestamp>.json.
 * Options (scripts/bench/args.ts): --quick (one run), --smoke (every part once at the smallest size:
 * that it runs whole is tested by e2e/bench-smoke.spec.ts), --runs=N, --no-build, --connections=N,
 * --only=pages,lighthouse,interaction,api,dashboard,postgres,migrate,flood,mail.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import { chromiumArgs, findChromium } from '../e2e/browser';
import { measureAnswerPaints } from './bench/answer-paint';
import { type ApiFigures, loadLeads, probeLeads, WARM_UP_LEADS, warmUp } from './bench/api-load';
import { type BenchPart, parseBenchArgs } from './bench/args';
import { measureDashboard, p50, p95 } from './bench/dashboard';
import { seedDashboard, seedSizes } from './bench/dashboard-seed';
import { readBuild } from './bench/build-info';
import { type FirstLoad, measureFirstLoad } from './bench/first-load';
import { type LighthouseFigures, runLighthouse } from './bench/lighthouse';
import { measureMail } from './bench/mail';
import { measureMigration, measurePostgresApi } from './bench/postgres';
import { freePort, type Running, startNodeScript } from './bench/processes';
import { formatTable, medianOf } from './bench/report';
import { floodSignIns, measureSignInFlood } from './bench/sign-in-flood';
import { type ApiResult, apiPath, benchRows, type DashboardResult, lighthouseRoutes, routes } from './bench/rows';

/**
 * The server's per-client rate limit is raised through this variable for the load test, so one
 * loopback client can send thousands of leads a second. Validation and durability stay on.
 */
const rateLimitVariable = 'RATE_LIMIT_MAX';
const rateLimitForBench = '1000000';

const root = fileURLToPath(new URL('../', import.meta.url));
const options = parseBenchArgs(process.argv.slice(2));
const { runs, smoke } = options;
const apiConnections = options.connections;

/** Each load test runs this long, after a warm-up that is not counted (./bench/api-load.ts, WARM_UP_LEADS). */
const apiSeconds = smoke ? 1 : 5;
const apiWarmUpRequests = smoke ? 0 : WARM_UP_LEADS;
/** The dashboard's database and the migration's (a smoke run: small ones of the same shape), and the sign-in flood. */
const dashboardPeople = smoke ? 2_000 : seedSizes.people;
const migrationPeople = smoke ? 1_000 : 100_000;
const seedDays = smoke ? 30 : seedSizes.days;
const signInFlood = smoke ? 4 : floodSignIns;

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
    for (const route of smoke ? lighthouseRoutes.slice(0, 1) : lighthouseRoutes) {
      log(`Lighthouse on ${route} (run ${run}/${runs})`);
      (samples[route] ??= []).push(await runLighthouse(`${baseUrl}${route}`, findChromium()));
    }
  }
  return samples;
}

async function measureInteraction(baseUrl: string): Promise<number[]> {
  const browser = await chromium.launch({ executablePath: findChromium(), args: chromiumArgs });
  const samples: number[] = [];
  try {
    for (let run = 1; run <= runs; run += 1) {
      log(`answering the nine questions with the CPU slowed 4x (run ${run}/${runs})`);
      samples.push(...(await measureAnswerPaints(browser, `${baseUrl}/quiz`)));
    }
  } finally {
    await browser.close();
  }
  return samples;
}

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
    for (const server of [bare, app]) await warmUp(`${server.url}${apiPath}`, apiWarmUpRequests, apiConnections);
    for (let run = 1; run <= runs; run += 1) {
      // Alternate the two so a busy moment of the machine does not fall on one side only.
      for (const [name, server] of [['leads', app], ['bare', bare]] as const) {
        log(`${apiSeconds} s of load on ${name === 'leads' ? `POST ${apiPath}` : 'the bare endpoint'} (run ${run}/${runs})`);
        result[name].push(
          await loadLeads(`${server.url}${apiPath}`, { durationSeconds: apiSeconds, connections: apiConnections, cpuMicros: server.cpuMicros }),
        );
      }
    }
    return result;
  } finally {
    await bare.stop();
  }
}

/** Seeds 1,000,000 leads in a fresh folder, serves them, measures, and removes the folder again. */
async function measureDashboardPart(): Promise<DashboardResult> {
  const seedDir = mkdtempSync(join(tmpdir(), 'core-drivers-bench-dashboard-'));
  try {
    log(`seeding ${dashboardPeople.toLocaleString('en')} leads and two years of funnel counts (DATA_DIR ${seedDir})${smoke ? '' : '; about a minute'}`);
    const seed = await seedDashboard(seedDir, Date.now(), dashboardPeople, seedDays);
    // A webhook nobody answers: the deliveries view and "retry now" have an outbox to work with.
    const deadPort = await freePort();
    const server = await startNodeScript(join(root, 'server/main.ts'), {
      DATA_DIR: seedDir,
      LOG_LEVEL: 'silent',
      LEAD_WEBHOOK_URL: `http://127.0.0.1:${deadPort}/hook`,
      LEAD_WEBHOOK_SECRET: 'bench-secret-of-at-least-24-characters',
    }, '/', 120_000);
    try {
      const { calls, signInMs } = await measureDashboard(server.url, { runs, requests: smoke ? 1 : undefined }, log);
      return {
        submissions: seed.submissions,
        seedSeconds: seed.seedSeconds,
        aggregateSeconds: seed.aggregateSeconds,
        signInMs,
        calls: calls.flatMap((call) => [
          ...(call.firstByteSamples
            ? [{ name: `${call.name}, answer starts (headers)`, p50Ms: p50(call.firstByteSamples), p95Ms: p95(call.firstByteSamples) }]
            : []),
          { name: call.firstByteSamples ? `${call.name}, whole file` : call.name, p50Ms: p50(call.samples), p95Ms: p95(call.samples) },
        ]),
      };
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(seedDir, { recursive: true, force: true });
  }
}

/** SQLite, bare Fastify and Postgres (one and two instances) in one run (scripts/bench/postgres.ts). */
async function measurePostgresPart(app: Running) {
  const bare = await startNodeScript(join(root, 'scripts/bench/bare-server.ts'), {});
  try {
    return await measurePostgresApi(
      app,
      bare,
      { LOG_LEVEL: 'silent', [rateLimitVariable]: rateLimitForBench },
      { root, runs, seconds: apiSeconds, warmUpRequests: apiWarmUpRequests, connections: apiConnections, log },
    );
  } finally {
    await bare.stop();
  }
}

function gitCommit(): string {
  try {
    return execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

const startedAt = new Date();
if (options.build) build();
const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-bench-'));
log(`starting the app on 127.0.0.1 (DATA_DIR ${dataDir})`);
const app = await startNodeScript(join(root, 'server/main.ts'), {
  DATA_DIR: dataDir,
  LOG_LEVEL: 'silent',
  [rateLimitVariable]: rateLimitForBench,
});
try {
  const measures = (part: BenchPart) => options.parts.includes(part);
  const firstLoadSamples = measures('pages') ? await measureFirstLoads(app.url) : {};
  const lighthouseSamples = measures('lighthouse') ? await measureLighthouse(app.url) : {};
  const answerPaints = measures('interaction') ? await measureInteraction(app.url) : [];
  const api = measures('api') ? await measureApi(app) : undefined;
  const dashboard = measures('dashboard') ? await measureDashboardPart() : undefined;
  const postgres = measures('postgres') ? await measurePostgresPart(app) : undefined;
  const migration = measures('migrate') ? await measureMigration(root, migrationPeople, log, seedDays) : undefined;
  const flood = measures('flood') ? await measureSignInFlood(root, runs, log, signInFlood) : undefined;
  const mail = measures('mail')
    ? await measureMail(
        { LOG_LEVEL: 'silent', [rateLimitVariable]: rateLimitForBench },
        { root, runs, seconds: apiSeconds, warmUpRequests: apiWarmUpRequests, connections: apiConnections, log },
      )
    : undefined;

  const firstLoads = Object.fromEntries(
    Object.entries(firstLoadSamples).map(([route, samples]) => [
      route,
      medianOf(
        samples.map(({ js, css, requests }) => ({
          jsRaw: js.raw,
          jsGzip: js.gzip,
          cssRaw: css.raw,
          cssGzip: css.gzip,
          requests,
        })),
      ),
    ]),
  );
  const lighthouse = Object.fromEntries(
    Object.entries(lighthouseSamples).map(([route, samples]) => [route, medianOf(samples)]),
  );
  const rows = benchRows(firstLoads, lighthouse, api, answerPaints, dashboard, postgres, migration, flood, mail);

  const runsText = `${runs} run${runs === 1 ? '' : 's'}`;
  console.log(
    `\nCore Drivers benchmark, ${startedAt.toISOString()}, commit ${gitCommit()}, median of ${runsText}, API load ${apiConnections} connections\n`,
  );
  console.log(formatTable(rows));
  if (smoke) {
    console.log('\nA smoke run: every part ran once at the smallest size; its figures mean nothing and are not saved.');
  } else {
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
      answerClickToPaintMs: { cpuSlowdown: 4, samples: answerPaints },
      api: api?.available
        ? { available: true, medians: { leads: medianOf(api.leads), bare: medianOf(api.bare) }, samples: api }
        : (api ?? 'not measured'),
      dashboard: dashboard ?? 'not measured',
      postgres: postgres ?? 'not measured',
      migration: migration ?? 'not measured',
      signInFlood: flood ?? 'not measured',
      mail: mail ?? 'not measured',
      table: rows,
    };
    writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nAll figures and samples: ${file}`);
  }
} finally {
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
