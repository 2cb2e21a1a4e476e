/** The real server process (`server/main.ts`, bundled: ./server-entry.ts) on 127.0.0.1, for tests; killed after each test. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { coachApi } from '../../src/shared/coach-api/routes';
import { coachRequests, type CoachRequest, sessionCookieOf } from './coach-session';
import { makeFakeDist } from './fake-dist';
import { listeningUrl } from './listening';
import { entryArgs, exitWithParent } from './server-entry';
import { tempDir, testSettingsKey } from './helpers';

export type { CoachRequest } from './coach-session';

const root = new URL('../..', import.meta.url).pathname;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export type Spawned = { child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string };

/** How to start the server: Node options before the script, and (when the tests run as root) another user. */
export type LaunchOptions = { nodeArgs?: string[]; user?: { uid: number; gid: number } };

/**
 * The server's bundle (./server-entry.ts), or its sources through tsx when `nodeArgs` load tsx: a
 * module preloaded that way changes the server's own modules (./short-kit-window.ts), which only
 * the sources share with it.
 */
async function launch(env: Record<string, string>, { nodeArgs = [], user }: LaunchOptions, stdio: 'inherit' | 'pipe'): Promise<ChildProcess> {
  const entry = nodeArgs.includes('tsx') ? [join(root, 'server/main.ts')] : await entryArgs('server/main.ts');
  const child = spawn(process.execPath, [...exitWithParent.nodeArgs, ...nodeArgs, ...entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir(),
      DIST_DIR: makeFakeDist(),
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      LEAD_WEBHOOK_URL: '',
      LEAD_WEBHOOK_SECRET: '',
      TRUST_PROXY: '',
      // Every test receiver listens on 127.0.0.1 (the tests of the rule itself set their own).
      OUTBOUND_ALLOWED_HOSTS: 'loopback',
      SETTINGS_ENCRYPTION_KEY: testSettingsKey,
      ...exitWithParent.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', stdio],
    ...user,
  });
  children.push(child);
  return child;
}

/**
 * Starts the server on a free port with a fake build, a fresh DATA_DIR, an info log on stdout and
 * a rate limit out of the way; `env` adds or replaces variables, `nodeArgs` go to Node before the
 * script (`--expose-gc`, say). Resolves once it listens.
 */
export async function spawnServer(env: Record<string, string> = {}, nodeArgs: string[] = []): Promise<Spawned> {
  const child = await launch(env, { nodeArgs }, 'inherit');
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await listeningUrl(child);
  return { child, url, exited, output: () => output };
}

/**
 * Starts the server expecting it to refuse to start: resolves with its exit code and what it wrote
 * on stderr once it exits, or rejects if it listens instead.
 */
export async function serverRefusal(env: Record<string, string>, options: LaunchOptions = {}): Promise<{ code: number | null; stderr: string }> {
  const child = await launch(env, options, 'pipe');
  let stdout = '';
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (/listening at/.test(stdout)) reject(new Error('the server started'));
    });
    child.on('exit', (code) => resolve({ code, stderr }));
  });
}

/** Sets the dashboard's password through the first start's set-up address (from its log), as the coach would. */
export async function setUpCoach(server: Spawned): Promise<CoachRequest> {
  const setupUrl = () => /"setupUrl":"([^"]+)"/.exec(server.output())?.[1];
  await expect.poll(setupUrl, { timeout: 10_000 }).toBeDefined();
  const setup = await coachRequests(server.url, '')('POST', coachApi.setup, { code: new URL(setupUrl() ?? '').hash.slice(1), password: 'a calm long password' });
  return coachRequests(server.url, sessionCookieOf(setup));
}
