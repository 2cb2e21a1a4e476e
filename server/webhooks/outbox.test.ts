import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { loadConfig, type ServerConfig } from '../config';
import { DATABASE_FILE } from '../storage/sqlite/connection';
import { openSqlite } from '../storage/sqlite/binding';
import { type Clock, LEASE_MARGIN_MS, outboxTimings, retryDelayMs, roundPlan, signWebhook, WebhookOutbox } from './outbox';
import { captureLog, fixtureEmail, fixtureName, postLead, type RunningApp, startApp, tempDir, testConfig, validLead, sqliteDb, webhookEnvironment } from '../test/helpers';
import { roundWhileAnotherLooks } from '../test/lease-round';
import { manualClock } from '../test/manual-clock';
import { webhookTarget } from './target';
import { startLocalReceiver } from '../test/webhook-receiver';

const secret = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`;

test('signatures match the Standard Webhooks reference example', () => {
  expect(
    signWebhook('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'msg_p5jXN8AQM9LWM0D4loKWxJek', 1614265330, '{"test": 2432232314}'),
  ).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
});

test.each([
  [1, 0, 7_500],
  [1, 1, 12_500],
  [2, 0.5, 20_000],
  [5, 0.5, 160_000],
  [30, 0.5, outboxTimings.maxDelayMs],
])('retry %i waits about twice as long as the one before (random %d: %i ms)', (attempt, random, expected) => {
  expect(retryDelayMs(attempt, () => random)).toBe(expected);
});

/** A receiver on 127.0.0.1 that verifies signatures the way a coach's tool would. */
type Receiver = {
  url: string;
  server: Server;
  /** What to answer next; defaults to 200. */
  answer: () => number;
  requests: { id: string; status: number; body: string; signatureValid: boolean }[];
  /** webhook-ids accepted (answered 2xx), with how many times each was processed. */
  processed: Map<string, number>;
};

function verify(headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id']);
  const timestamp = String(headers['webhook-timestamp']);
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'])
    .split(' ')
    .some((signature) => {
      const [version, mac = ''] = signature.split(',');
      const given = Buffer.from(mac, 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

const receivers: Receiver[] = [];
let running: RunningApp | undefined;

afterEach(async () => {
  await running?.app.close();
  running = undefined;
  for (const receiver of receivers.splice(0)) await new Promise((resolve) => receiver.server.close(resolve));
});

async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    url: '',
    server: createServer(),
    answer: () => 200,
    requests: [],
    processed: new Map(),
  };
  receiver.server.on('request', (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const signatureValid = verify(request.headers, body);
      const status = signatureValid ? receiver.answer() : 401;
      // Like a real receiver, process each webhook-id once, however often it arrives.
      if (status < 300 && !receiver.processed.has(id)) receiver.processed.set(id, 1);
      else if (status < 300) receiver.processed.set(id, (receiver.processed.get(id) ?? 0) + 1);
      receiver.requests.push({ id, status, body, signatureValid });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(receiver.server.address() as AddressInfo).port}/hooks/leads`;
  receivers.push(receiver);
  return receiver;
}

async function startWithWebhook(receiver: Receiver, clock: Clock, overrides: Partial<ServerConfig> = {}) {
  const log = captureLog();
  running = await startApp(
    testConfig({ ...webhookEnvironment(receiver.url, secret), logLevel: 'info', rateLimit: { max: 100, windowMs: 60_000 }, ...overrides }),
    { clock, logStream: log.stream },
  );
  return { url: running.url, log, outbox: running.app.outbox };
}

const leads = Array.from({ length: 5 }, (_, index) => ({
  ...validLead,
  email: `person${index}@example.net`,
  firstName: `Person${index}`,
}));

test('a receiver that refuses for a while, then accepts: every lead delivered once, every signature valid', async () => {
  const receiver = await startReceiver();
  let refusals = 12;
  receiver.answer = () => (refusals-- > 0 ? 503 : 200);
  const clock = manualClock();
  const { url, log, outbox } = await startWithWebhook(receiver, clock);
  for (const lead of leads) expect((await postLead(url, lead)).status).toBe(201);

  for (let round = 0; round < 40 && receiver.processed.size < leads.length; round += 1) {
    await outbox?.deliverDue();
    clock.advance(60 * 60 * 1000);
  }

  expect(receiver.processed.size).toBe(leads.length);
  expect([...receiver.processed.values()].every((times) => times === 1)).toBe(true);
  expect(receiver.requests.every((request) => request.signatureValid)).toBe(true);
  expect(receiver.requests.filter((request) => request.status === 503)).toHaveLength(12);
  // Nothing is sent again once delivered.
  const sent = receiver.requests.length;
  clock.advance(4 * 24 * 60 * 60 * 1000);
  await outbox?.deliverDue();
  expect(receiver.requests).toHaveLength(sent);

  const delivered = receiver.requests.find((request) => request.status === 200);
  const payload = JSON.parse(delivered?.body ?? '{}');
  expect(payload).toMatchObject({ type: 'lead.submitted', data: { email: expect.stringMatching(/@example\.net$/) } });
  expect(payload.data.weakDrivers).toEqual(['Impulse Control', 'Task Initiation', 'Time Management']);
  expect(payload.data.strongDrivers).toEqual(['Emotional Regulation', 'Organization', 'Self-Monitoring']);
  expect(payload.data.ratings[0]).toEqual({ driverId: 1, driver: 'Impulse Control', rating: 1 });
  for (const line of log.lines) expect(line).not.toMatch(/example\.net|Person\d/);
});

test('retries wait longer and longer, and survive a restart', async () => {
  const receiver = await startReceiver();
  receiver.answer = () => 500;
  const clock = manualClock();
  const dataDir = tempDir();
  const first = await startWithWebhook(receiver, clock, { dataDir });
  expect((await postLead(first.url, validLead)).status).toBe(201);
  await first.outbox?.deliverDue();
  await first.outbox?.deliverDue(); // not due yet: nothing sent
  expect(receiver.requests).toHaveLength(1);
  await running?.app.close();

  receiver.answer = () => 200;
  const second = await startWithWebhook(receiver, clock, { dataDir });
  await second.outbox?.deliverDue();
  expect(receiver.requests).toHaveLength(1); // the first retry is ~10 s away
  clock.advance(outboxTimings.baseDelayMs * 2);
  await second.outbox?.deliverDue();
  expect(receiver.requests.map((request) => request.status)).toEqual([500, 200]);
  expect(receiver.requests[0]?.id).toBe(receiver.requests[1]?.id);
});

test('410 Gone stops retrying that lead and says so in the log', async () => {
  const receiver = await startReceiver();
  receiver.answer = () => 410;
  const clock = manualClock();
  const { url, log, outbox } = await startWithWebhook(receiver, clock);
  expect((await postLead(url, validLead)).status).toBe(201);
  await outbox?.deliverDue();
  clock.advance(24 * 60 * 60 * 1000);
  await outbox?.deliverDue();
  expect(receiver.requests).toHaveLength(1);
  expect(log.lines.some((line) => line.includes('410 Gone'))).toBe(true);
  const row = sqliteDb(running?.app).prepare('SELECT state, last_status FROM outbox').get();
  expect(row).toEqual({ state: 'gone', last_status: 410 });
});

test('after three days of failures a lead is given up and logged as an error', async () => {
  const receiver = await startReceiver();
  receiver.answer = () => 502;
  const clock = manualClock();
  const { url, log, outbox } = await startWithWebhook(receiver, clock);
  expect((await postLead(url, validLead)).status).toBe(201);
  for (let hour = 0; hour <= 80; hour += 1) {
    await outbox?.deliverDue();
    clock.advance(60 * 60 * 1000);
  }
  const row = sqliteDb(running?.app).prepare('SELECT state, attempts FROM outbox').get() as { state: string; attempts: number };
  expect(row.state).toBe('expired');
  // Backoff: far fewer attempts than the 80 hourly looks, more than a handful.
  expect(row.attempts).toBeGreaterThan(10);
  expect(row.attempts).toBeLessThan(30);
  expect(log.lines.some((line) => line.includes('"level":50') && line.includes('giving up'))).toBe(true);
  for (const line of log.lines) {
    expect(line).not.toContain(fixtureEmail);
    expect(line).not.toContain(fixtureName);
  }
});

test('with the real clock, a stored lead is delivered at once in the background', async () => {
  const receiver = await startReceiver();
  running = await startApp(testConfig({ ...webhookEnvironment(receiver.url, secret) }));
  expect((await postLead(running.url, validLead)).status).toBe(201);
  const deadline = Date.now() + 5_000;
  while (receiver.processed.size === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(receiver.processed.size).toBe(1);
});

test('shutting down does not wait for a receiver that hangs: the attempt is recorded and retried later', async () => {
  const receiver = await startReceiver();
  const hanging: (() => void)[] = [];
  receiver.server.removeAllListeners('request');
  receiver.server.on('request', (_request, response) => hanging.push(() => response.destroy()));
  const dataDir = tempDir();
  running = await startApp(testConfig({ dataDir, ...webhookEnvironment(receiver.url, secret) }));
  expect((await postLead(running.url, validLead)).status).toBe(201);
  const deadline = Date.now() + 5_000;
  while (hanging.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(hanging).toHaveLength(1);
  const started = Date.now();
  await running.app.close();
  running = undefined;
  expect(Date.now() - started).toBeLessThan(2_000);
  for (const end of hanging) end();
  const db = openSqlite(join(dataDir, DATABASE_FILE), { readonly: true });
  expect(db.prepare('SELECT state, attempts FROM outbox').get()).toEqual({ state: 'pending', attempts: 1 });
  db.close();
});

test('a LEAD_WEBHOOK_URL with user:pass@ is sent as Basic authorization, and the credentials are never logged', async () => {
  const receiver = await startLocalReceiver();
  const withCredentials = receiver.url.replace('http://', 'http://zap%40coach.example:open%20sesame@');
  const { environmentSettings } = loadConfig({ LEAD_WEBHOOK_URL: withCredentials, LEAD_WEBHOOK_SECRET: secret });
  const log = captureLog();
  running = await startApp(testConfig({ environmentSettings, logLevel: 'info' }), { clock: manualClock(), logStream: log.stream });
  expect((await postLead(running.url, validLead)).status).toBe(201);
  expect(await running.app.outbox?.deliverDue()).toMatchObject({ delivered: 1 });
  expect(receiver.requests).toHaveLength(1);
  const authorization = String(receiver.requests[0]?.headers.authorization);
  expect(Buffer.from(authorization.replace(/^Basic /, ''), 'base64').toString()).toBe('zap@coach.example:open sesame');
  for (const line of log.lines) expect(line).not.toMatch(/sesame|zap%40|zap@/);
});

test.each([
  [5_000, 3_000, 4],
  [8_000, 6_000, 4],
  [12_000, 10_000, 4],
  [25_000, 10_000, 8],
  [45_000, 10_000, 16],
  [60_000, 10_000, 20],
])('a lease of %i ms: attempts end after %i ms, a round claims %i rows', (leaseMs, attemptLimitMs, rowsPerRound) => {
  expect(roundPlan(leaseMs)).toEqual({ attemptLimitMs, rowsPerRound });
});

test('for every OUTBOX_LEASE_SECONDS (5-60), the waves of attempts of a full round end before the lease, with the margin to record them', () => {
  for (let seconds = 5; seconds <= 60; seconds += 1) {
    const { attemptLimitMs, rowsPerRound } = roundPlan(seconds * 1000);
    const waves = Math.ceil(rowsPerRound / 4);
    expect(waves * attemptLimitMs + LEASE_MARGIN_MS).toBeLessThanOrEqual(seconds * 1000);
    expect(attemptLimitMs).toBeLessThanOrEqual(outboxTimings.requestTimeoutMs);
  }
});

test('with two instances and the shortest lease (5 s), a hung attempt ends and is recorded before its lease ends; the other instance never sends it meanwhile', async () => {
  // The receiver never answers the first request; it notes when the sender gave up on it.
  const arrivals: { id: string; at: number; closedAt: number | null }[] = [];
  const hung: ServerResponse[] = [];
  const server = createServer((request, response) => {
    const arrival = { id: String(request.headers['webhook-id']), at: Date.now(), closedAt: null as number | null };
    arrivals.push(arrival);
    request.socket.once('close', () => (arrival.closedAt = Date.now()));
    request.resume();
    if (arrivals.length === 1) hung.push(response);
    else response.writeHead(200).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  try {
    // The app's own outbox runs on a manual clock (it never sends by itself); two instances share its queue.
    running = await startApp(testConfig({ ...webhookEnvironment(url, secret) }), { clock: manualClock(Date.now()) });
    expect((await postLead(running.url, validLead)).status).toBe(201);
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const queue = running.app.storage.outbox.webhook;
    const target = webhookTarget(url, secret);
    const instance = () => new WebhookOutbox({ queue, target: () => target, log, leaseMs: 5_000 });
    const [first, second] = [instance(), instance()];

    const claimedAt = Date.now();
    const round = first.deliverDue();
    while (arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    const { next_attempt_at: leaseEnd } = sqliteDb(running.app).prepare('SELECT next_attempt_at FROM outbox').get() as { next_attempt_at: number };
    expect(leaseEnd).toBeGreaterThanOrEqual(claimedAt + 5_000);
    // Meanwhile the second instance looks again and again: the row is leased, it sends nothing.
    const { summary, recordedAt } = await roundWhileAnotherLooks(round, second);
    expect(summary).toMatchObject({ retrying: 1 });
    expect(arrivals).toHaveLength(1);
    const closedAt = arrivals[0]?.closedAt ?? Number.POSITIVE_INFINITY;
    expect(closedAt).toBeLessThanOrEqual(leaseEnd - LEASE_MARGIN_MS + 500);
    expect(recordedAt).toBeLessThan(leaseEnd);
    expect(sqliteDb(running.app).prepare('SELECT state, attempts, lease FROM outbox').get()).toEqual({ state: 'pending', attempts: 1, lease: null });
    await Promise.all([first.close(), second.close()]);
  } finally {
    for (const response of hung) response.destroy();
    await new Promise((resolve) => server.close(resolve));
  }
});
