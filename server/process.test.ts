/**
 * The real server process (`node --import tsx server/main.ts`) on 127.0.0.1 with a temp DATA_DIR:
 * killed with SIGKILL mid-burst it loses no acknowledged lead; stopped with SIGTERM it finishes what
 * it accepted and exits cleanly. Load is bounded: a few hundred requests, 20 at a time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, expect, test } from 'vitest';
import { DATABASE_FILE } from './storage/lead-store';
import { makeFakeDist } from './test/fake-dist';
import { postLead, tempDir } from './test/helpers';

const root = new URL('..', import.meta.url).pathname;
const children: ChildProcess[] = [];

afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

type Spawned = { child: ChildProcess; url: string; exited: Promise<number | null>; output: () => string };

async function spawnServer(dataDir: string): Promise<Spawned> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DIST_DIR: makeFakeDist(),
      LOG_LEVEL: 'info',
      RATE_LIMIT_MAX: '100000',
      LEAD_WEBHOOK_URL: '',
      LEAD_WEBHOOK_SECRET: '',
      TRUST_PROXY: '',
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

const leadNumber = (index: number) => ({
  email: `burst${index}@example.net`,
  firstName: `Burst ${index}`,
  ratings: [1, 2, 3, 3, 2, 1, 1, 2, 3],
});

/** Sends up to `total` leads, `parallel` at a time, until told to stop; returns the acknowledged ids. */
function burst(url: string, total: number, parallel: number, onAck: (count: number) => void) {
  const acknowledged: string[] = [];
  const failures: string[] = [];
  let next = 0;
  const worker = async () => {
    while (next < total) {
      const index = next++;
      try {
        const response = await postLead(url, leadNumber(index), { 'idempotency-key': `burst-${index}` });
        if (response.status === 201) {
          acknowledged.push(((await response.json()) as { id: string }).id);
          onAck(acknowledged.length);
        } else {
          failures.push(String(response.status));
        }
      } catch (error) {
        failures.push((error as Error).message);
      }
    }
  };
  return Promise.all(Array.from({ length: parallel }, worker)).then(() => ({ acknowledged, failures }));
}

function openResult(dataDir: string) {
  const db = new Database(join(dataDir, DATABASE_FILE));
  const integrity = db.pragma('integrity_check', { simple: true });
  const ids = new Set(db.prepare<[], { public_id: string }>('SELECT public_id FROM submissions').all().map((row) => row.public_id));
  db.close();
  return { integrity, ids };
}

test('kill -9 in the middle of a burst: every acknowledged lead is on disk and the database is intact', async () => {
  const dataDir = tempDir();
  const { child, url, exited } = await spawnServer(dataDir);
  const { acknowledged, failures } = await burst(url, 3_000, 20, (count) => {
    if (count === 300) child.kill('SIGKILL');
  });
  await exited;
  expect(acknowledged.length).toBeGreaterThanOrEqual(300);
  expect(acknowledged.length).toBeLessThan(3_000); // it really died mid-burst
  expect(failures.length).toBeGreaterThan(0);
  const { integrity, ids } = openResult(dataDir);
  expect(integrity).toBe('ok');
  const missing = acknowledged.filter((id) => !ids.has(id));
  expect(missing).toEqual([]);
}, 60_000);

test('SIGTERM finishes the requests in flight, stores them, and exits cleanly', async () => {
  const dataDir = tempDir();
  const { child, url, exited, output } = await spawnServer(dataDir);
  let signalledAt = Number.POSITIVE_INFINITY;
  const ackTimes: number[] = [];
  const result = await burst(url, 400, 20, (count) => {
    ackTimes.push(performance.now());
    if (count === 50) {
      signalledAt = performance.now();
      child.kill('SIGTERM');
    }
  });
  expect(await exited).toBe(0);
  const { integrity, ids } = openResult(dataDir);
  expect(integrity).toBe('ok');
  expect(result.acknowledged.filter((id) => !ids.has(id))).toEqual([]);
  // Requests already being handled when the signal came were answered, not dropped.
  expect(ackTimes.filter((time) => time > signalledAt).length).toBeGreaterThan(0);
  // Everything that got no 201 was refused cleanly (503 while closing, or no connection), never half-stored.
  expect(ids.size).toBe(result.acknowledged.length);
  // Hundreds of JSON log lines, and not one e-mail address or name among them.
  expect(output()).toContain('"statusCode":201');
  expect(output()).toContain('shutting down');
  expect(output()).not.toMatch(/burst\d+@|Burst \d+/);
}, 60_000);
