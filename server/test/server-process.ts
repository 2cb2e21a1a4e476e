/** The real server process (`node --import tsx server/main.ts`) on 127.0.0.1, for tests; killed after each test. */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterEach } from 'vitest';
import { makeFakeDist } from './fake-dist';
import { tempDir, testSettingsKey } from './helpers';

const root = new URL('../..', import.meta.url).pathname;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

export type Spawned = { child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string };

/**
 * Starts the server on a free port with a fake build, a fresh DATA_DIR, an info log on stdout and
 * a rate limit out of the way; `env` adds or replaces variables. Resolves once it listens.
 */
export async function spawnServer(env: Record<string, string> = {}): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
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
      SETTINGS_ENCRYPTION_KEY: testSettingsKey,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 20_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
  });
  return { child, url, exited, output: () => output };
}
