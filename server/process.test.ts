/**
 * The real server process (`node --import tsx server/main.ts`) on 127.0.0.1 with a temp DATA_DIR:
 * killed with SIGKILL mid-burst it loses no acknowledged lead; stopped with SIGTERM it finishes what
 * it accepted and exits cleanly. Load is bounded: a few hundred requests, 20 at a time.
 */
import { Agent, request } from 'node:http';
import { join } from 'node:path';
import { openSqlite } from './storage/sqlite/binding';
import { expect, test } from 'vitest';
import { DATABASE_FILE } from './storage/sqlite/connection';
import { postLead, tempDir } from './test/helpers';
import { spawnServer } from './test/server-process';

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
  const db = openSqlite(join(dataDir, DATABASE_FILE));
  const integrity = db.pragma('integrity_check', { simple: true });
  const ids = new Set(db.prepare<[], { public_id: string }>('SELECT public_id FROM submissions').all().map((row) => row.public_id));
  db.close();
  return { integrity, ids };
}

test('kill -9 in the middle of a burst: every acknowledged lead is on disk and the database is intact', async () => {
  const dataDir = tempDir();
  const { child, url, exited } = await spawnServer({ DATA_DIR: dataDir });
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
  // The limit guards against a hang: beside the end-to-end tests in CI this took 43 s.
}, 120_000);

type Outcome = { status: number; id?: string } | { error: string };

/** One POST on a keep-alive agent; resolves with the status (and id), or the network error's code. */
function postOn(agent: Agent, url: string, index: number): Promise<Outcome> {
  const body = JSON.stringify(leadNumber(index));
  return new Promise((resolve) => {
    const req = request(
      `${url}/api/leads`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), 'idempotency-key': `drain-${index}` },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve(res.statusCode === 201 ? { status: 201, id: (JSON.parse(text) as { id: string }).id } : { status: res.statusCode ?? 0 }),
        );
        res.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
      },
    );
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    req.end(body);
  });
}

test('SIGTERM mid-burst: every request is answered (201) or refused with 503, none reset; then a clean exit', async () => {
  const dataDir = tempDir();
  const { child, url, exited, output } = await spawnServer({ DATA_DIR: dataDir });
  // 20 clients, each on its own keep-alive connection, sending one lead after another until the
  // server says it is shutting down (a 503), as a well-behaved client (or a proxy) would.
  const agent = new Agent({ keepAlive: true, maxSockets: 20 });
  const outcomes: Outcome[] = [];
  let acknowledged = 0;
  let signalledAt = Number.POSITIVE_INFINITY;
  let next = 0;
  const client = async () => {
    while (next < 2_000) {
      const outcome = await postOn(agent, url, next++);
      outcomes.push(outcome);
      if (!('status' in outcome) || outcome.status !== 201) return;
      if (++acknowledged === 100) {
        signalledAt = performance.now();
        child.kill('SIGTERM');
      }
    }
  };
  await Promise.all(Array.from({ length: 20 }, client));
  agent.destroy();
  expect(await exited).toBe(0);

  expect(signalledAt).toBeLessThan(Number.POSITIVE_INFINITY);
  expect(next).toBeLessThan(2_000); // the burst was cut by the shutdown
  const errors = outcomes.flatMap((outcome) => ('error' in outcome ? [outcome.error] : []));
  expect(errors).toEqual([]); // no ECONNRESET, no socket hang up, no refused connection
  const statuses = new Set(outcomes.map((outcome) => ('status' in outcome ? outcome.status : 0)));
  expect([...statuses].sort()).toEqual([201, 503]);
  expect(outcomes.filter((outcome) => 'status' in outcome && outcome.status === 503)).toHaveLength(20);
  // (That a request in flight at the signal is answered, not cut, is shown deterministically in
  // server/drain.test.ts; here the timing decides how many there are.)

  // Every 201 is on disk, and nothing else is.
  const { integrity, ids } = openResult(dataDir);
  expect(integrity).toBe('ok');
  const stored = outcomes.flatMap((outcome) => ('id' in outcome && outcome.id ? [outcome.id] : []));
  expect(stored.filter((id) => !ids.has(id))).toEqual([]);
  expect(ids.size).toBe(stored.length);
  // Hundreds of JSON log lines, and not one e-mail address or name among them.
  expect(output()).toContain('"statusCode":201');
  expect(output()).toContain('"statusCode":503');
  expect(output()).toContain('shutting down');
  expect(output()).not.toMatch(/burst\d+@|Burst \d+/);
}, 60_000);
