/**
 * The probe's hung receiver, run for real: the server in a child process with `--expose-gc` and a
 * collection every 50 ms (server/test/force-gc.mjs), the receiver a local HTTP server that accepts
 * the connection and never answers, or answers the headers and never ends the body. Every attempt
 * must end at the documented limit (outboxTimings.requestTimeoutMs), whatever the garbage collector
 * does, so the next lead is forwarded within 15 s of its post, not after undici's 300 s default.
 */
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { openSqlite } from '../storage/sqlite/binding';
import { DATABASE_FILE } from '../storage/sqlite/connection';
import { postLead, tempDir, validLead } from '../test/helpers';
import { startReceiver } from '../test/receiver';
import { spawnServer } from '../test/server-process';
import { outboxTimings } from './outbox';

const forceGc = new URL('../test/force-gc.mjs', import.meta.url).pathname;

type Arrival = { id: string; arrivedAt: number; closedAt: number | null };

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/**
 * The first webhook-id it sees is never answered; the second gets `200` and a body that never
 * ends; every other one a plain `200`. Each request's arrival, and when the sender closed its
 * connection, are recorded. Its close ends every connection, the held ones too: on a busy machine
 * the server under test may be retrying the silent lead just then (../test/receiver.ts).
 */
async function startHangingReceiver() {
  const arrivals: Arrival[] = [];
  const behaviour = new Map<string, 'silent' | 'stalled body' | 'ok'>();
  const receiver = await startReceiver();
  receiver.answer = (response, request) => {
    const id = String(request.headers['webhook-id']);
    const arrival: Arrival = { id, arrivedAt: performance.now(), closedAt: null };
    arrivals.push(arrival);
    request.socket.once('close', () => (arrival.closedAt = performance.now()));
    if (!behaviour.has(id)) behaviour.set(id, (['silent', 'stalled body'] as const)[behaviour.size] ?? 'ok');
    const kind = behaviour.get(id);
    if (kind === 'ok') return void response.writeHead(200).end();
    if (kind === 'stalled body') {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      response.write('{"received":');
    }
  };
  closers.push(receiver.close);
  return { url: receiver.url, arrivals };
}

async function waitFor<T>(what: string, probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (performance.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const limit = outboxTimings.requestTimeoutMs;

test(
  'a receiver that never answers, or stalls its body, holds each attempt for the limit only, under constant garbage collection',
  async () => {
    const receiver = await startHangingReceiver();
    const dataDir = tempDir();
    const { url } = await spawnServer(
      { DATA_DIR: dataDir, LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: 'a-webhook-secret-of-24-characters' },
      ['--expose-gc', '--import', forceGc],
    );
    const lead = (name: string) => ({ ...validLead, email: `${name}@example.net`, firstName: name });

    expect((await postLead(url, lead('first'))).status).toBe(201);
    const silent = await waitFor('the first lead reaches the receiver', () => receiver.arrivals[0], 10_000);

    // The probe: a second lead 2 s after the first reached a receiver that never answers.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const secondPostedAt = performance.now();
    expect((await postLead(url, lead('second'))).status).toBe(201);
    const stalled = await waitFor('the second lead is forwarded', () => receiver.arrivals.find((arrival) => arrival.id !== silent.id), 15_000);
    const secondWait = stalled.arrivedAt - secondPostedAt;

    const thirdPostedAt = performance.now();
    expect((await postLead(url, lead('third'))).status).toBe(201);
    const third = await waitFor(
      'the third lead is forwarded',
      () => receiver.arrivals.find((arrival) => arrival.id !== silent.id && arrival.id !== stalled.id),
      15_000,
    );
    const thirdWait = third.arrivedAt - thirdPostedAt;

    // Each hung attempt was cut by the sender at the limit (never before it, nor long after).
    const silentHeld = await waitFor('the silent attempt ends', () => silent.closedAt ?? undefined, 5_000) - silent.arrivedAt;
    const stalledHeld = await waitFor('the stalled attempt ends', () => stalled.closedAt ?? undefined, 5_000) - stalled.arrivedAt;
    console.info(
      `hung receiver: second lead forwarded ${Math.round(secondWait)} ms after its post, third ${Math.round(thirdWait)} ms; ` +
        `silent attempt held ${Math.round(silentHeld)} ms, stalled body ${Math.round(stalledHeld)} ms`,
    );
    for (const held of [silentHeld, stalledHeld]) {
      expect(held).toBeGreaterThan(limit - 1_000);
      expect(held).toBeLessThan(limit + 3_000);
    }
    expect(secondWait).toBeLessThan(15_000);
    expect(thirdWait).toBeLessThan(15_000);

    // The receiver answered 200 before stalling the body: that lead counts as delivered.
    const db = openSqlite(join(dataDir, DATABASE_FILE), { readonly: true });
    const states = db.prepare('SELECT message_id AS id, state, last_reply AS reply FROM outbox').all() as { id: string; state: string; reply: string | null }[];
    db.close();
    expect(states.find((row) => row.id === stalled.id)).toMatchObject({ state: 'delivered', reply: null });
    // The silent one's technical answer says there was none, and for how long it was waited for.
    expect(states.find((row) => row.id === silent.id)).toMatchObject({ state: 'pending', reply: `No answer within ${limit / 1000} s: the attempt was ended.` });
  },
  150_000,
);
