/** DATABASE_URL: chooses Postgres; a bad or unreachable one stops start-up, naming the variable, never the password. */
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { buildApp } from '../app';
import { makeFakeDist } from '../test/fake-dist';
import { signedIn, setTestPassword } from '../test/coach-session';
import { captureLog, fixtureEmail, tempDir, testConfig, validLead } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { entryArgs } from '../test/server-entry';
import type { PostgresStorage } from './postgres/storage';

const root = new URL('../..', import.meta.url).pathname;

/** The server as the tests start it, bundled (../test/server-entry.ts). */
const server = await entryArgs('server/main.ts');

test('without DATABASE_URL the SQLite file under DATA_DIR is used, as before', () => {
  expect(loadConfig({}).database).toBeNull();
});

test('a postgres:// URL selects Postgres; the pool size has a default and a bound', () => {
  expect(loadConfig({ DATABASE_URL: 'postgres://app:s3cret@db.internal:5432/leads' }).database).toEqual({
    url: 'postgres://app:s3cret@db.internal:5432/leads',
    safeUrl: 'postgres://app:***@db.internal:5432/leads',
    poolSize: 10,
  });
  expect(loadConfig({ DATABASE_URL: 'postgresql://app@db/leads', DATABASE_POOL_SIZE: '4' }).database?.poolSize).toBe(4);
  expect(loadConfig({ DATABASE_URL: 'postgres://app@db/leads?password=s3cret&sslmode=require' }).database?.safeUrl).toBe(
    'postgres://app@db/leads?password=***&sslmode=require',
  );
  expect(() => loadConfig({ DATABASE_URL: 'postgres://app@db/leads', DATABASE_POOL_SIZE: '1' })).toThrow(/DATABASE_POOL_SIZE/);
});

test.each([
  ['not a url :-( with s3cret', /DATABASE_URL must be a URL/],
  ['mysql://app:s3cret@db/leads', /DATABASE_URL must start with postgres:\/\//],
  ['postgres://app:s3cret@db.internal:5432', /DATABASE_URL must name a host and a database.*app:\*\*\*@/],
])('a bad DATABASE_URL (%s) is refused with a message naming it, without the password', (url, message) => {
  expect(() => loadConfig({ DATABASE_URL: url })).toThrow(message);
  try {
    loadConfig({ DATABASE_URL: url });
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('s3cret');
  }
});

test('a database that cannot be reached stops the server at start-up, naming DATABASE_URL but not the password', () => {
  const result = spawnSync(process.execPath, server, {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      DATA_DIR: tempDir(),
      DIST_DIR: makeFakeDist(),
      // Port 1 on loopback: nothing listens there.
      DATABASE_URL: 'postgres://app:t0ps3cret@127.0.0.1:1/leads',
    },
    encoding: 'utf8',
    timeout: 20_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toMatch(/Configuration error: Could not use the database of DATABASE_URL \(postgres:\/\/app:\*\*\*@127\.0\.0\.1:1\/leads\)/);
  expect(result.stderr + result.stdout).not.toContain('t0ps3cret');
});

test('the app on Postgres stores a lead through the API and shows it to the dashboard', async () => {
  const app = await buildApp(testConfig({ database: await freshPostgres() }));
  try {
    const response = await app.inject({
      method: 'POST',
      url: '/api/leads',
      headers: { 'content-type': 'application/json' },
      payload: { email: 'pg@example.com', firstName: 'Pia', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] },
    });
    expect(response.statusCode).toBe(201);
    expect(app.storage.backend).toBe('postgres');
    expect((await app.storage.dashboard.leadStats(Date.now())).submissions).toBe(1);
  } finally {
    await app.close();
  }
});

test('a database error that quotes the row (Postgres DETAIL) never puts the address in the log', async () => {
  const database = await freshPostgres();
  const log = captureLog();
  const app = await buildApp(testConfig({ database, logLevel: 'info' }), { logStream: log.stream });
  try {
    expect((await app.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/json' }, payload: validLead })).statusCode).toBe(201);
    // A trigger that refuses erasure the way a constraint does: quoting the row in DETAIL.
    const pool = (app.storage as PostgresStorage).pool;
    await pool.query(`CREATE FUNCTION refuse_delete() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'refused' USING DETAIL = 'Failing row contains (' || OLD.email || ')'; END $$`);
    await pool.query('CREATE TRIGGER refuse_delete BEFORE DELETE ON submissions FOR EACH ROW EXECUTE FUNCTION refuse_delete()');
    await setTestPassword(app);
    const coach = await signedIn(app);
    const { leads } = (await coach({ method: 'GET', url: '/api/coach/leads' })).json() as { leads: { id: string }[] };
    const erase = await coach({ method: 'DELETE', url: `/api/coach/leads/${leads[0]?.id}` });
    expect(erase.statusCode).toBe(500);
    const failure = log.lines.find((line) => line.includes('request failed'));
    expect(failure).toContain('refused');
    expect(log.lines.join('\n')).not.toContain(fixtureEmail);
  } finally {
    await app.close();
  }
});
