/**
 * A failed delivery keeps what the receiver said, checked (server/outbox/reply-text.ts), for the
 * dashboard's "technical answer": a refusal's body as plain text without the lead's address or any
 * markup, or why there was no answer. Real receivers on 127.0.0.1; nothing of it in the log.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { captureLog, postLead, type RunningApp, startApp, testConfig, validLead, webhookEnvironment } from '../test/helpers';
import { manualClock } from '../test/manual-clock';

const secret = 'a-webhook-secret-of-24-characters';
const closers: (() => Promise<void>)[] = [];
let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.close();
  running = undefined;
  for (const close of closers.splice(0)) await close();
});

/** A receiver that answers every request with `status` and `body`. */
async function startReceiver(status: number, body: string): Promise<string> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => response.writeHead(status, { 'content-type': 'text/html' }).end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/leads`;
}

/** Posts the lead, runs one round, and reads the failing delivery as the dashboard would. */
async function failingDelivery(webhookUrl: string) {
  const log = captureLog();
  running = await startApp(testConfig({ ...webhookEnvironment(webhookUrl, secret), logLevel: 'info' }), { clock: manualClock(), logStream: log.stream });
  expect((await postLead(running.url, validLead)).status).toBe(201);
  await running.app.outbox?.deliverDue();
  const { deliveries } = await running.app.storage.dashboard.listDeliveries({ filter: 'failing', cursor: null, limit: 10 });
  return { delivery: deliveries[0], log };
}

test('a refusal keeps the start of its body as plain text: no address, no markup, no direction overrides', async () => {
  const page = `<html><body><h1>Unprocessable</h1><p>Contact ${validLead.email} already exists \u202Eyes</p><script>alert(1)</script></body></html>`;
  const { delivery, log } = await failingDelivery(await startReceiver(422, page));
  expect(delivery).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 422, lastReply: 'Unprocessable Contact [address] already exists yes' });
  for (const line of log.lines) expect(line).not.toContain('Unprocessable');
});

test('a receiver that cannot be reached: the technical answer is the connection error', async () => {
  // A port that was just free: nothing listens there.
  const url = await startReceiver(200, '');
  await closers.splice(0)[0]?.();
  const { delivery } = await failingDelivery(url);
  expect(delivery).toMatchObject({ lastStatus: null, lastReply: expect.stringMatching(/ECONNREFUSED/) });
});

test('once delivered, no technical answer is kept', async () => {
  const { app, url } = (running = await startApp(testConfig(webhookEnvironment(await startReceiver(200, '<p>ok</p>'), secret)), { clock: manualClock() }));
  expect((await postLead(url, validLead)).status).toBe(201);
  await app.outbox?.deliverDue();
  const { deliveries } = await app.storage.dashboard.listDeliveries({ filter: 'delivered', cursor: null, limit: 10 });
  expect(deliveries.map((delivery) => [delivery.lastStatus, delivery.lastReply])).toEqual([[200, null]]);
});
