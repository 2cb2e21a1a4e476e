/**
 * Forwarding as the coach sets and checks it on the dashboard, against a real receiver on 127.0.0.1:
 * the address and a signing secret made there (stored sealed, shown once), a test send and the
 * receiver's answer, and every change applied to the very next lead, without a restart.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { AuditLogResponse } from '../../src/shared/coach-api/audit';
import type { DeliveriesResponse } from '../../src/shared/coach-api/deliveries';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import type { NewWebhookSecret, WebhookStatus, WebhookTestResult } from '../../src/shared/coach-api/webhook';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { setTestPassword, signedIn } from '../test/coach-session';
import { sqliteDb, testConfig, validLead, webhookEnvironment } from '../test/helpers';
import { signedWith, startReceiver as startTestReceiver, type Received, type Receiver } from '../test/receiver';
import { outboxTimings } from './outbox';

let app: FastifyInstance | undefined;
const receivers: Receiver[] = [];

afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const receiver of receivers.splice(0)) await receiver.close();
});

/** A receiver on 127.0.0.1 (server/test/receiver.ts), closed after the test. */
async function startReceiver(): Promise<Receiver> {
  const receiver = await startTestReceiver();
  receivers.push(receiver);
  return receiver;
}

async function start(overrides: Partial<ServerConfig> = {}) {
  app = await buildApp(testConfig(overrides));
  await setTestPassword(app);
  return { app, request: await signedIn(app) };
}

type Request = Awaited<ReturnType<typeof start>>['request'];

/** What the dashboard does: the address on the settings screen, then "Make a new secret". */
async function setWebhook(request: Request, address: string): Promise<string> {
  expect((await request({ method: 'PATCH', url: coachApi.settings, payload: { webhookUrl: address } })).statusCode).toBe(200);
  const made = await request({ method: 'POST', url: coachApi.webhookSecret });
  expect(made.statusCode).toBe(200);
  return made.json<NewWebhookSecret>().secret;
}

const testSend = async (request: Request) => {
  const response = await request({ method: 'POST', url: coachApi.webhookTest });
  expect(response.statusCode).toBe(200);
  return response.json<WebhookTestResult>();
};

async function until(condition: () => boolean, what: string) {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

test('the coach sets the address and makes a secret on the dashboard: stored sealed, shown once, audit-logged by name', async () => {
  const { app: server, request } = await start();
  const off = (await request({ url: coachApi.webhook })).json<WebhookStatus>();
  expect(off).toEqual({ configured: false, destination: null, addressSource: 'default', secretSet: false, secretSource: 'default' });
  expect((await request({ method: 'POST', url: coachApi.webhookTest })).json()).toMatchObject({ error: 'webhook_not_configured', message: expect.stringContaining('Forwarding is off') });

  const secret = await setWebhook(request, 'https://me:p%40ss@hooks.example.com/catch/1?token=s3cret');
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
  const status = (await request({ url: coachApi.webhook })).json<WebhookStatus>();
  expect(status).toEqual({
    configured: true,
    destination: 'https://hooks.example.com/catch/1?token=…',
    addressSource: 'dashboard',
    secretSet: true,
    secretSource: 'dashboard',
  });
  // Never shown again: not in the settings, not in the database as it was.
  const settings = (await request({ url: coachApi.settings })).json<SettingsResponse>();
  expect(settings.values.webhookSecret).toBeNull();
  expect(settings.values.webhookUrl).toBeNull();
  expect(settings.secretsSet).toMatchObject({ webhookSecret: true, webhookUrl: true });
  const stored = sqliteDb(server).prepare("SELECT key, value FROM settings WHERE key LIKE 'webhook%' ORDER BY key").all() as { key: string; value: string }[];
  expect(stored.map((row) => row.key)).toEqual(['webhookSecret', 'webhookUrl']);
  for (const { value } of stored) {
    expect(value).toMatch(/^"v1\./);
    expect(value).not.toContain(secret.slice(6, 20));
    expect(value).not.toContain('s3cret');
  }
  // A second secret replaces the first.
  expect((await request({ method: 'POST', url: coachApi.webhookSecret })).json<NewWebhookSecret>().secret).not.toBe(secret);
  const audit = (await request({ url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries.slice(0, 3).map((entry) => [entry.action, entry.fields])).toEqual([
    ['settings_changed', ['webhookSecret']],
    ['settings_changed', ['webhookSecret']],
    ['settings_changed', ['webhookUrl']],
  ]);
  expect(JSON.stringify(audit)).not.toContain('hooks.example.com');
});

test('"Send a test" posts a signed webhook.test event, as a lead is sent, and shows the receiver’s answer, status and time', async () => {
  const receiver = await startReceiver();
  const { request } = await start();
  const secret = await setWebhook(request, receiver.url.replace('http://', 'http://tool%40user:pa%3Ass@'));
  const result = await testSend(request);
  expect(result).toMatchObject({
    outcome: 'delivered',
    destination: receiver.url,
    status: 200,
    body: 'accepted',
    bodyTruncated: false,
    location: null,
    webhookId: expect.stringMatching(/^msg_test_/),
  });
  expect(result.durationMs).toBeGreaterThanOrEqual(0);
  expect(result.durationMs).toBeLessThan(outboxTimings.requestTimeoutMs);
  const [sent] = receiver.received;
  expect(receiver.received).toHaveLength(1);
  expect(sent?.path).toBe('/hooks/leads');
  expect(signedWith(secret, sent as Received)).toBe(true);
  expect(sent?.headers['webhook-id']).toBe(result.webhookId);
  expect(sent?.headers.authorization).toBe(`Basic ${Buffer.from('tool@user:pa:ss').toString('base64')}`);
  expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ type: 'webhook.test', data: { message: expect.stringContaining('holds no lead') } });
  const audit = (await request({ url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries[0]).toMatchObject({ action: 'webhook_test', actor: 'dashboard' });
});

test.each([
  [
    'a refusal, its body cut at 2,000 characters and shown as text',
    (response: ServerResponse) => response.writeHead(422, { 'content-type': 'text/html' }).end(`<h1>Nope</h1>${'x'.repeat(5000)}`),
    { outcome: 'refused', status: 422, bodyTruncated: true, location: null },
    (result: WebhookTestResult) => expect([result.body.length, result.body.slice(0, 13)]).toEqual([2000, '<h1>Nope</h1>']),
  ],
  [
    'a redirect, never followed, its target shown without query values',
    (response: ServerResponse) => response.writeHead(302, { location: '/elsewhere?token=s3cret' }).end(),
    { outcome: 'redirect', status: 302, body: '' },
    (result: WebhookTestResult, receiver: Receiver) => {
      expect(result.location).toBe(`${receiver.origin}/elsewhere?token=…`);
      expect(receiver.received.map((request) => request.path)).toEqual(['/hooks/leads']);
    },
  ],
  [
    // The probe's answer: a Location that is no address made the test a 500.
    'a redirect whose Location is not an address: said so, never a 500',
    (response: ServerResponse) => response.writeHead(302, { location: 'http://[::1' }).end(),
    { outcome: 'redirect', status: 302, location: 'not a valid address' },
    () => undefined,
  ],
  [
    'a connection cut without an answer',
    (_response: ServerResponse, request: IncomingMessage) => request.socket.destroy(),
    { outcome: 'unreachable', status: null, body: '' },
    () => undefined,
  ],
])('the answer to a test: %s', async (_what, answer, expected, more) => {
  const receiver = await startReceiver();
  receiver.answer = answer;
  const { request } = await start();
  await setWebhook(request, receiver.url);
  const result = await testSend(request);
  expect(result).toMatchObject(expected);
  more(result, receiver);
});

test('a receiver that never answers holds the test for the attempt’s time limit only', { timeout: outboxTimings.requestTimeoutMs + 30_000 }, async () => {
  const receiver = await startReceiver();
  receiver.answer = () => undefined;
  const { request } = await start();
  await setWebhook(request, receiver.url);
  const result = await testSend(request);
  expect(result).toMatchObject({ outcome: 'timeout', status: null });
  expect(result.durationMs).toBeGreaterThanOrEqual(outboxTimings.requestTimeoutMs - 50);
  expect(result.durationMs).toBeLessThan(outboxTimings.requestTimeoutMs + 2_000);
});

test('nothing listening at the address: unreachable, at once', async () => {
  const receiver = await startReceiver();
  const { request } = await start();
  await setWebhook(request, receiver.url);
  await new Promise((resolve) => receiver.server.close(resolve));
  expect(await testSend(request)).toMatchObject({ outcome: 'unreachable', status: null });
});

test('every change applies to the next lead: forwarded once set, with where it goes on the deliveries screen; not forwarded once removed', async () => {
  const receiver = await startReceiver();
  const { app: server, request } = await start();
  // Listening starts the delivery loop, as npm start does.
  await server.listen({ host: '127.0.0.1', port: 0 });
  const lead = (email: string) =>
    server.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/json' }, payload: { ...validLead, email } });
  expect((await lead('before@example.com')).statusCode).toBe(201);
  const secret = await setWebhook(request, receiver.url);
  expect((await lead('while@example.com')).statusCode).toBe(201);
  await until(() => receiver.received.length === 1, 'the lead is forwarded');
  expect(JSON.parse(receiver.received[0]?.body ?? '{}')).toMatchObject({ type: 'lead.submitted', data: { email: 'while@example.com' } });
  expect(signedWith(secret, receiver.received[0] as Received)).toBe(true);
  // The receiver has the lead before the sender records its answer.
  const delivered = sqliteDb(server).prepare("SELECT count(*) AS n FROM outbox WHERE state = 'delivered'");
  await until(() => (delivered.get() as { n: number }).n === 1, 'the delivery is recorded');
  const deliveries = (await request({ url: `${coachApi.deliveries}?state=delivered` })).json<DeliveriesResponse>();
  expect(deliveries).toMatchObject({ webhookConfigured: true, destination: receiver.url });
  expect(deliveries.deliveries.map((delivery) => [delivery.event, delivery.state])).toEqual([['lead.submitted', 'delivered']]);

  expect((await request({ method: 'PATCH', url: coachApi.settings, payload: { webhookUrl: null } })).statusCode).toBe(200);
  expect((await lead('after@example.com')).statusCode).toBe(201);
  const rows = sqliteDb(server).prepare('SELECT s.email FROM outbox o JOIN submissions s ON s.id = o.submission_id').all();
  expect(rows).toEqual([{ email: 'while@example.com' }]);
  expect((await request({ url: coachApi.deliveries })).json<DeliveriesResponse>()).toMatchObject({ webhookConfigured: false, destination: null });
});

test('set in the environment, the secret wins: the dashboard cannot make another, and says where it is set', async () => {
  const receiver = await startReceiver();
  const { request } = await start(webhookEnvironment(receiver.url, 'a-shared-secret-of-thirty-two-chars'));
  const refused = await request({ method: 'POST', url: coachApi.webhookSecret });
  expect(refused.statusCode).toBe(409);
  expect(refused.json()).toEqual({
    error: 'set_by_server',
    field: 'webhookSecret',
    message: 'Webhook signing secret is set on the server (LEAD_WEBHOOK_SECRET), which wins: change it there.',
  });
  expect((await request({ url: coachApi.webhook })).json<WebhookStatus>()).toMatchObject({ configured: true, addressSource: 'environment', secretSource: 'environment' });
  const address = await request({ method: 'PATCH', url: coachApi.settings, payload: { webhookUrl: 'https://hooks.example.com/other' } });
  expect(address.statusCode).toBe(400);
  expect(address.json()).toMatchObject({ field: 'webhookUrl', message: expect.stringContaining('LEAD_WEBHOOK_URL') });
  // A test goes out signed with the environment's secret.
  await testSend(request);
  expect(signedWith('a-shared-secret-of-thirty-two-chars', receiver.received[0] as Received)).toBe(true);
});

test('the webhook routes refuse a request without the site’s own Origin (403) and send nothing', async () => {
  const receiver = await startReceiver();
  const { request } = await start();
  const secret = await setWebhook(request, receiver.url);
  for (const url of [coachApi.webhookTest, coachApi.webhookSecret]) {
    const response = await request({ method: 'POST', url, headers: { origin: 'https://evil.example' } });
    expect(response.statusCode, url).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden_origin' });
  }
  expect(receiver.received).toEqual([]);
  // The secret was not replaced: a test now is still signed with the one made above.
  await testSend(request);
  expect(signedWith(secret, receiver.received[0] as Received)).toBe(true);
});
