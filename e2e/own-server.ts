/**
 * A server of the test's own (`server/main.ts`, the real entry point, bundled:
 * server/test/server-entry.ts) on a free port, serving the build the test run made, with a fresh DATA_DIR, its JSON log read as it comes: for
 * tests that must start from nothing (first run) or change the coach's settings without touching
 * the server every other test shares.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listeningUrl } from '../server/test/listening';
import { entryArgs, exitWithParent } from '../server/test/server-entry';

const root = new URL('..', import.meta.url).pathname;

export type OwnServer = {
  url: string;
  dataDir: string;
  /** Every JSON log line so far, parsed. */
  log: () => Record<string, unknown>[];
  stop: () => Promise<void>;
};

export async function startOwnServer(env: Record<string, string> = {}): Promise<OwnServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-drivers-e2e-own-'));
  const child: ChildProcess = spawn(process.execPath, [...exitWithParent.nodeArgs, ...(await entryArgs('server/main.ts'))], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '1000',
      EVENTS_RATE_LIMIT_MAX: '100000',
      LEAD_WEBHOOK_URL: '',
      LEAD_WEBHOOK_SECRET: '',
      EMBED_ORIGINS: '',
      PUBLIC_URL: '',
      // The tests' receivers and mail servers listen on 127.0.0.1 (server/outbound/allowed-hosts.ts).
      OUTBOUND_ALLOWED_HOSTS: 'loopback',
      // It exits if this test worker dies without stopping it (server/test/exit-with-parent.mjs).
      ...exitWithParent.env,
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  const lines = () =>
    output
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await listeningUrl(child);
  return {
    url,
    dataDir,
    log: lines,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Waits (up to 10 s) for a log line that satisfies `match`. */
export async function logLine(server: OwnServer, match: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = server.log().find(match);
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no such log line in:\n${JSON.stringify(server.log(), null, 1)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
