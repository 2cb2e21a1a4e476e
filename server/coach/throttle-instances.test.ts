/**
 * The sign-in throttle's counters live in storage: two instances on one Postgres database share
 * them (two instances give a guesser no more tries than one), and a server killed with SIGKILL
 * keeps them (the crash test).
 */
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { tempDir } from '../test/helpers';
import { freshPostgresUrl } from '../test/postgres';
import { spawnServer } from '../test/server-process';
import { entryArgs } from '../test/server-entry';

const root = new URL('../..', import.meta.url).pathname;

/** The command line as `npm run coach` runs it, bundled (../test/server-entry.ts). */
const commandLine = await entryArgs('server/cli/main.ts');
const password = 'the password of the throttle tests';
/**
 * Each test starts servers and the command line through tsx and hashes the password: over a minute
 * at load 16 (the crash test took 63 s beside the end-to-end tests in CI). The limit guards against
 * a hang; it measures nothing.
 */
const limit = 180_000;

function setPassword(env: Record<string, string>) {
  const result = spawnSync(process.execPath, [...commandLine, 'set-password'], {
    cwd: root,
    env: { ...process.env, ...env },
    input: password,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(result.status, result.stderr).toBe(0);
}

const signIn = (url: string, value: string) =>
  fetch(`${url}/api/coach/session`, { method: 'POST', headers: { 'content-type': 'application/json', origin: url }, body: JSON.stringify({ password: value }) });

/**
 * One more counted failure once the wait the last one set is over: a try that comes too early is
 * answered 429 and not counted, so it is simply asked again until the throttle checks it (401).
 */
async function failAfterWait(url: string, value: string) {
  await expect.poll(async () => (await signIn(url, value)).status, { interval: 100, timeout: 30_000 }).toBe(401);
}

test('two instances on one Postgres count one set of failures: failures on either instance set the wait on both', async () => {
  const env = { DATABASE_URL: await freshPostgresUrl() };
  setPassword(env);
  const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  for (let i = 0; i < 3; i += 1) expect((await signIn(a.url, 'wrong on a')).status).toBe(401);
  // With counts in each instance's memory, b would give three free tries of its own.
  expect((await signIn(b.url, 'wrong on b')).status).toBe(401);
  // Three more, each after the wait the last one set (1 s, 2 s, 4 s), on either instance: the wait
  // is now 8 s, long enough for both checks below on a busy machine (b alone would have two failures).
  await failAfterWait(a.url, 'the fifth, on a');
  await failAfterWait(b.url, 'the sixth, on b');
  await failAfterWait(a.url, 'the seventh, on a');
  const [onA, onB] = await Promise.all([signIn(a.url, password), signIn(b.url, password)]);
  expect([onA.status, onB.status]).toEqual([429, 429]);
  expect(Number(onA.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(Number(onB.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}, limit);

test('the crash test: the failures counted before a SIGKILL are still counted after the restart', async () => {
  const dataDir = tempDir();
  setPassword({ DATA_DIR: dataDir });
  const first = await spawnServer({ DATA_DIR: dataDir });
  for (let i = 0; i < 3; i += 1) expect((await signIn(first.url, 'wrong before the crash')).status).toBe(401);
  expect((await signIn(first.url, 'the fourth')).status).toBe(401);
  first.child.kill('SIGKILL');
  await first.exited;

  const second = await spawnServer({ DATA_DIR: dataDir });
  // Once the fourth's wait (1 s) is over, the fifth failure in a row is counted as the fifth (a 2 s
  // wait), not as the first of a fresh count (three free tries); the sixth and seventh make the wait
  // 8 s. A fresh count would have taken all three as free tries, and let the password in below.
  // (The wait starts when a failure is counted, before its password check: at load 25 that check
  // alone outlasted a 2 s wait, and the right password got in.)
  await failAfterWait(second.url, 'the fifth, after the restart');
  await failAfterWait(second.url, 'the sixth, after the restart');
  await failAfterWait(second.url, 'the seventh, after the restart');
  const early = await signIn(second.url, password);
  expect(early.status).toBe(429);
  expect(Number(early.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
}, limit);
