/**
 * The Postgres parts of the benchmark, on a throwaway Postgres server with durable commits (fsync
 * on, as in production; server/test/postgres-cluster.ts):
 *   - POST /api/leads on Postgres with one instance, and with two instances on the same database
 *     (the load generator splits its connections between them, as a load balancer would), measured
 *     in the same run as SQLite and the bare endpoint, so each has its ratio to bare;
 *   - `npm run coach -- migrate-to-postgres` on a SQLite database of 100,000 people.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createDatabase, startPostgresCluster } from '../../server/test/postgres-cluster';
import { type ApiFigures, loadLeads, warmUp } from './api-load';
import { seedDashboard } from './dashboard-seed';
import { type Running, startNodeScript } from './processes';

export type PostgresApiResult = { sqlite: ApiFigures[]; bare: ApiFigures[]; postgresOne: ApiFigures[]; postgresTwo: ApiFigures[] };

type Context = { root: string; runs: number; seconds: number; warmUpRequests: number; connections: number; log: (message: string) => void };

/** Two load generators at once, half the connections each: leads/s add up, the worse p99 counts. */
async function loadBoth(urls: [string, string], seconds: number, connections: number): Promise<ApiFigures> {
  const half = Math.max(1, Math.round(connections / 2));
  const [one, two] = await Promise.all(urls.map((url) => loadLeads(url, { durationSeconds: seconds, connections: half })));
  if (!one || !two) throw new Error('two loads');
  return {
    perSecond: one.perSecond + two.perSecond,
    p50Ms: Math.max(one.p50Ms, two.p50Ms),
    p99Ms: Math.max(one.p99Ms, two.p99Ms),
    requests: one.requests + two.requests,
    non2xx: one.non2xx + two.non2xx,
    errors: one.errors + two.errors,
    timeouts: one.timeouts + two.timeouts,
  };
}

/** SQLite (`sqliteApp`, already running), bare Fastify, Postgres with one and two instances, alternating. */
export async function measurePostgresApi(sqliteApp: Running, bare: Running, env: Record<string, string>, context: Context): Promise<PostgresApiResult> {
  const { root, runs, seconds, warmUpRequests, connections, log } = context;
  log('starting a throwaway Postgres server (fsync on) and two app instances on one database');
  const cluster = await startPostgresCluster({ durable: true });
  const instances: Running[] = [];
  const dataDirs: string[] = [];
  try {
    const databaseUrl = await createDatabase(cluster.url, 'bench');
    // Every instance on one database needs the same key for the settings' secrets (required with DATABASE_URL).
    const settingsKey = randomBytes(32).toString('base64');
    for (let index = 0; index < 2; index += 1) {
      dataDirs.push(mkdtempSync(join(tmpdir(), 'core-drivers-bench-pg-')));
      instances.push(await startNodeScript(join(root, 'server/main.ts'), { ...env, DATA_DIR: dataDirs[index] as string, DATABASE_URL: databaseUrl, SETTINGS_ENCRYPTION_KEY: settingsKey }));
    }
    const [first, second] = instances;
    if (!first || !second) throw new Error('two instances');
    const path = '/api/leads';
    for (const server of [bare, sqliteApp, first, second]) await warmUp(`${server.url}${path}`, warmUpRequests, connections);
    const result: PostgresApiResult = { sqlite: [], bare: [], postgresOne: [], postgresTwo: [] };
    for (let run = 1; run <= runs; run += 1) {
      log(`${seconds} s each: bare, SQLite, Postgres with 1 instance, with 2 instances (run ${run}/${runs})`);
      result.bare.push(await loadLeads(`${bare.url}${path}`, { durationSeconds: seconds, connections }));
      result.sqlite.push(await loadLeads(`${sqliteApp.url}${path}`, { durationSeconds: seconds, connections }));
      result.postgresOne.push(await loadLeads(`${first.url}${path}`, { durationSeconds: seconds, connections }));
      result.postgresTwo.push(await loadBoth([`${first.url}${path}`, `${second.url}${path}`], seconds, connections));
    }
    return result;
  } finally {
    for (const instance of instances) await instance.stop();
    cluster.stop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }
}

export type MigrationResult = { people: number; submissions: number; seconds: number; countsMatch: boolean; output: string };

/** Seeds a SQLite database of `people` people and copies it into an empty Postgres database with the command. */
export async function measureMigration(root: string, people: number, log: (message: string) => void, days?: number): Promise<MigrationResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-bench-migrate-'));
  const cluster = await startPostgresCluster({ durable: true });
  try {
    log(`seeding ${people.toLocaleString('en')} people into SQLite for migrate-to-postgres`);
    const seed = await seedDashboard(dataDir, Date.now(), people, days);
    const databaseUrl = await createDatabase(cluster.url, 'migrated');
    log('npm run coach -- migrate-to-postgres');
    const started = performance.now();
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'server/cli/main.ts'), 'migrate-to-postgres'], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
      timeout: 600_000,
    });
    const seconds = (performance.now() - started) / 1000;
    const output = `${run.stdout}${run.stderr}`;
    return { people, submissions: seed.submissions, seconds, countsMatch: run.status === 0 && output.includes('every count matches'), output };
  } finally {
    cluster.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
