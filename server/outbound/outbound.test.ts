/**
 * The server connects only where the operator allows (OUTBOUND_ALLOWED_HOSTS, `external` by default)
 * for the addresses the coach sets on the dashboard: refused when saved if written as an address,
 * refused at connect time after DNS otherwise (a value stored before the rule, a host name that
 * resolves to this machine), and never connected to. Addresses set in the environment are the
 * operator's and are not filtered. Every server here listens on 127.0.0.1: being refused is the point.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createServer, type Server } from 'node:net';
import type { AddressInfo } from 'node:net';
import { Agent, request } from 'undici';
import { afterEach, expect, test } from 'vitest';
import type { MailTestResult } from '../../src/shared/coach-api/mail';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { WebhookTestResult } from '../../src/shared/coach-api/webhook';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { SESSION_COOKIE } from '../coach/sessions';
import { setTestPassword, signIn } from '../test/coach-session';
import { testConfig, webhookEnvironment } from '../test/helpers';
import { startReceiver, type Receiver } from '../test/receiver';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { externalOnly } from './allowed-hosts';
import { guardedConnector, OutboundRefused } from './connect';

const publicUrl = 'https://quiz.example';
const secret = `whsec_${Buffer.from('a test key of thirty-two bytes!!').toString('base64')}`;
const cleanups: (() => Promise<unknown>)[] = [];
let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

/** A TCP server on 127.0.0.1 that only counts the connections made to it. */
async function countingServer(): Promise<{ port: number; connections: () => number }> {
  let connections = 0;
  const server: Server = createServer((socket) => {
    connections += 1;
    socket.end('SSH-2.0-OpenSSH_9.2\r\n');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { port: (server.address() as AddressInfo).port, connections: () => connections };
}

async function start(overrides: Partial<ServerConfig> = {}) {
  const server = await buildApp(testConfig({ outbound: externalOnly, publicUrl, ...overrides }));
  app = server;
  await setTestPassword(server);
  const token = (await signIn(server, undefined, { origin: publicUrl })).cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  const request = (options: InjectOptions) => server.inject({ ...options, headers: { origin: publicUrl, ...options.headers }, cookies: { [SESSION_COOKIE]: token } });
  return { app: server, request };
}

test.each(['https://127.0.0.1:PORT/admin', 'https://127.1:PORT/admin', 'https://2130706433:PORT/admin', 'https://0x7f000001:PORT/admin', 'https://[::ffff:127.0.0.1]:PORT/admin', 'http://127.1:PORT/admin', 'https://localhost:PORT/admin', 'https://169.254.169.254/latest/meta-data', 'https://10.0.0.8/hook'])(
  'the dashboard refuses the webhook address %s, saying why, and stores nothing',
  async (address) => {
    const target = await countingServer();
    const { request } = await start();
    const response = await request({ method: 'PATCH', url: coachApi.settings, payload: { webhookUrl: address.replace('PORT', String(target.port)) } });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ field: 'webhookUrl', message: expect.stringMatching(/^Webhook address: The server does not connect to .*OUTBOUND_ALLOWED_HOSTS/) });
    expect((await request({ url: coachApi.webhook })).json()).toMatchObject({ destination: null });
    expect(target.connections()).toBe(0);
  },
);

test.each(['smtp://127.1:PORT', 'smtp://2130706433:PORT', 'smtp://0x7f000001:PORT', 'smtp://[::ffff:127.0.0.1]:PORT', 'smtps://localhost:PORT'])('the dashboard refuses the mail server %s', async (address) => {
  const target = await countingServer();
  const { request } = await start();
  const response = await request({ method: 'PATCH', url: coachApi.settings, payload: { smtpUrl: address.replace('PORT', String(target.port)) } });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'smtpUrl', message: expect.stringContaining('it is this server itself (loopback)') });
});

test('a webhook address stored before the rule is not connected to: the test says why, and no lead goes there', async () => {
  const target = await countingServer();
  const { app: server, request } = await start();
  await server.settings.change({ webhookUrl: `http://127.0.0.1:${target.port}/admin`, webhookSecret: secret }, { actor: 'command line' }, Date.now());
  const response = await request({ method: 'POST', url: coachApi.webhookTest });
  expect(response.statusCode).toBe(200);
  const result = response.json<WebhookTestResult>();
  expect(result).toMatchObject({ outcome: 'blocked', status: null, body: '', blocked: expect.stringContaining('127.0.0.1: it is this server itself (loopback)') });
  expect(target.connections()).toBe(0);
});

test('at connect time a host name is resolved and checked: localhost is never connected to', async () => {
  const target = await countingServer();
  const agent = new Agent({ connect: guardedConnector(externalOnly, { timeout: 2_000 }) });
  cleanups.push(() => agent.destroy());
  await expect(request(`http://localhost:${target.port}/`, { dispatcher: agent })).rejects.toBeInstanceOf(OutboundRefused);
  await expect(request(`http://[::ffff:127.0.0.1]:${target.port}/`, { dispatcher: agent })).rejects.toThrow(/this server itself \(loopback\)/);
  expect(target.connections()).toBe(0);
});

test('a mail server stored before the rule is not connected to: the test e-mail says why', async () => {
  const sink: SmtpSink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const { app: server, request } = await start();
  await server.settings.change({ smtpUrl: sink.url, mailFrom: 'coach@coach.example' }, { actor: 'command line' }, Date.now());
  const result = (await request({ method: 'POST', url: coachApi.mailTest })).json<MailTestResult>();
  expect(result).toMatchObject({ outcome: 'failed', stage: 'EBLOCKED', answer: expect.stringContaining('this server itself (loopback)') });
  expect(sink.connections).toBe(0);
});

test('addresses set in the environment are the operator’s: LEAD_WEBHOOK_URL and SMTP_URL on 127.0.0.1 work under the default rule', async () => {
  const receiver: Receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const sink: SmtpSink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const environment = loadConfig({ LEAD_WEBHOOK_URL: receiver.url, LEAD_WEBHOOK_SECRET: secret, SMTP_URL: sink.url, MAIL_FROM: 'coach@coach.example', PUBLIC_URL: publicUrl });
  const { request } = await start({ environmentSettings: { ...webhookEnvironment(receiver.url, secret).environmentSettings, ...environment.environmentSettings } });
  expect((await request({ method: 'POST', url: coachApi.webhookTest })).json<WebhookTestResult>()).toMatchObject({ outcome: 'delivered', blocked: null });
  expect((await request({ method: 'POST', url: coachApi.mailTest })).json<MailTestResult>()).toMatchObject({ outcome: 'accepted' });
});

test('OUTBOUND_ALLOWED_HOSTS=loopback lets the dashboard’s addresses reach this machine', async () => {
  const receiver: Receiver = await startReceiver();
  cleanups.push(() => receiver.close());
  const { request } = await start({ outbound: loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'loopback' }).outbound });
  expect((await request({ method: 'PATCH', url: coachApi.settings, payload: { webhookUrl: receiver.url, webhookSecret: secret } })).statusCode).toBe(200);
  expect((await request({ method: 'POST', url: coachApi.webhookTest })).json<WebhookTestResult>()).toMatchObject({ outcome: 'delivered' });
});
