/**
 * Two server processes (`node --import tsx server/main.ts`) on one Postgres database, as behind a
 * load balancer. A burst of leads goes to both; one is killed with SIGKILL in the middle of it, and
 * what it did not answer is retried on the other with the same Idempotency-Key, as a client would.
 * Every acknowledged lead must be stored exactly once. A webhook receiver refuses for a while, then
 * must get every lead, each webhook-id processed once. The dashboard and the commands then see the
 * same data from either instance. Bounded: 300 leads, 16 at a time, about half a minute in all.
 */
import { spawnSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { SESSION_COOKIE } from './coach/sessions';
import { openPool } from './storage/postgres/connection';
import { postLead, tempDir } from './test/helpers';
import { freshPostgresUrl } from './test/postgres';
import { spawnServer } from './test/server-process';
import { entryArgs } from './test/server-entry';

const root = new URL('..', import.meta.url).pathname;

/** The command line as `npm run coach` runs it, bundled (./test/server-entry.ts). */
const commandLine = await entryArgs('server/cli/main.ts');
const secret = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`;
const servers: Server[] = [];

afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => new Promise((resolve) => server.close(resolve))));
});

/** A receiver that answers 503 while `refusing`, then 200; it processes each webhook-id once. */
async function startReceiver() {
  const state = { refusing: true, received: 0, processed: new Map<string, number>() };
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      state.received += 1;
      const id = String(request.headers['webhook-id']);
      if (state.refusing) return response.writeHead(503).end();
      // Processing is idempotent by webhook-id, as Standard Webhooks ask of receivers.
      state.processed.set(id, (state.processed.get(id) ?? 0) + 1);
      response.writeHead(200).end();
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

const leadNumber = (index: number) => ({ email: `multi${index}@example.net`, firstName: `Multi ${index}`, ratings: [1, 2, 3, 3, 2, 1, 1, 2, 3] });

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

test('two instances on one Postgres: a SIGKILL mid-burst loses and doubles no acknowledged lead, and every webhook arrives', async () => {
  const databaseUrl = await freshPostgresUrl();
  const receiver = await startReceiver();
  const env = { DATABASE_URL: databaseUrl, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: secret, OUTBOX_LEASE_SECONDS: '5' };
  const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  if (!a || !b) throw new Error('two instances');

  // The burst: lead i goes to a or b in turn, as a balancer that has not noticed a's death yet sends
  // it; if a is dead or the answer was lost, the client retries on b with the same Idempotency-Key.
  const total = 300;
  const acknowledged = new Map<number, string>();
  let killedAt = -1;
  let retriedOnB = 0;
  let next = 0;
  const send = async (index: number, url: string) => {
    const response = await postLead(url, leadNumber(index), { 'idempotency-key': `burst-${index}` });
    const body = (await response.json()) as { id?: string };
    return response.status === 201 && body.id ? body.id : null;
  };
  const worker = async () => {
    while (next < total) {
      const index = next++;
      let id: string | null = null;
      try {
        id = await send(index, index % 2 === 0 ? a.url : b.url);
      } catch {
        // Connection refused or reset by the killed instance: the answer never came.
      }
      if (id === null) {
        retriedOnB += 1;
        id = await send(index, b.url);
      }
      if (id) acknowledged.set(index, id);
      if (acknowledged.size === 100 && killedAt < 0) {
        killedAt = index;
        a.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  expect(killedAt).toBeGreaterThan(0);
  // Requests in flight to the killed instance, and every one sent to it after, got no answer and
  // were sent again to b (always some: the kill comes after 100 of 300).
  expect(retriedOnB).toBeGreaterThan(0);
  expect(acknowledged.size).toBe(total);

  const db = openPool(databaseUrl);
  try {
    const stored = await db.query<{ email: string; public_id: string; n: number }>(
      'SELECT email, min(public_id) AS public_id, count(*)::int AS n FROM submissions GROUP BY email',
    );
    // Exactly once each, under the id the client was given (a retry after the kill got the first answer).
    expect(stored.rows.filter((row) => row.n !== 1)).toEqual([]);
    expect(new Map(stored.rows.map((row) => [row.email, row.public_id]))).toEqual(
      new Map([...acknowledged].map(([index, id]) => [leadNumber(index).email, id])),
    );

    // The receiver accepts now: rows refused come due again (about 10 s), rows the killed instance
    // had claimed come back when its lease (5 s here) ends; the surviving instance sends them all.
    receiver.state.refusing = false;
    const webhookIds = (await db.query<{ message_id: string }>('SELECT message_id FROM outbox')).rows.map((row) => row.message_id);
    expect(webhookIds).toHaveLength(total);
    await waitFor(async () => webhookIds.every((id) => receiver.state.processed.has(id)), 45_000, 'every webhook to be delivered');
    await waitFor(
      async () => (await db.query<{ n: number }>("SELECT count(*)::int AS n FROM outbox WHERE state <> 'delivered'")).rows[0]?.n === 0,
      10_000,
      'every delivery to be recorded',
    );
    expect(receiver.state.received).toBeGreaterThan(total);
    // Sent twice only if the killed instance had it in flight (one round at most); processed once regardless.
    const sentTwice = [...receiver.state.processed.values()].filter((count) => count > 1).length;
    expect(sentTwice).toBeLessThanOrEqual(20);
    console.info(`instances test: ${retriedOnB} leads retried on b after the kill, ${sentTwice} webhooks sent twice`);
  } finally {
    await db.end();
  }

  // The dashboard and the commands, from either instance: a replacement for the killed one, and b.
  const a2 = await spawnServer(env);
  const cli = (args: string[], input = '') =>
    spawnSync(process.execPath, [...commandLine, ...args], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: tempDir() },
      input,
      encoding: 'utf8',
      timeout: 30_000,
    });
  expect(cli(['set-password'], 'a password for both instances\n').status).toBe(0);
  const stats = cli(['stats']);
  expect(stats.stdout).toContain(`Leads:        ${total}`);
  expect(stats.stdout).toMatch(new RegExp(`${total} delivered`));

  const signIn = await fetch(`${b.url}/api/coach/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: b.url },
    body: JSON.stringify({ password: 'a password for both instances' }),
  });
  expect(signIn.status).toBe(200);
  const token = /__Host-core-drivers-coach=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
  expect(token).toBeDefined();
  // The session lives in the database: the cookie from b works on a2.
  const read = async (url: string, path: string) => {
    const response = await fetch(`${url}${path}`, { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(response.status).toBe(200);
    return response.json();
  };
  for (const path of ['/api/coach/leads?limit=100', '/api/coach/deliveries?state=pending', '/api/coach/audit', `/api/coach/profiles`]) {
    expect(await read(a2.url, path)).toEqual(await read(b.url, path));
  }
  const page = (await read(a2.url, '/api/coach/leads?limit=100')) as { leads: unknown[]; nextCursor: string | null };
  expect(page.leads).toHaveLength(100);
  expect(page.nextCursor).not.toBeNull();
}, 180_000);
