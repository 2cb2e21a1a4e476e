/**
 * Forwarding across instances: on one Postgres database, a webhook set on one instance forwards the
 * leads stored by the other within 5 s of the change (each instance checks the settings every
 * second), signed with the secret made on the first; removed, it stops on both.
 */
import { createHmac } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { NewWebhookSecret } from '../../src/shared/coach-api/webhook';
import { setTestPassword, signedIn } from '../test/coach-session';
import { postLead, startApp, testConfig, validLead } from '../test/helpers';
import { freshPostgres } from '../test/postgres';

const apps: FastifyInstance[] = [];
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
  for (const close of closers.splice(0)) await close();
});

test('two instances on one Postgres database: a webhook set on one forwards the other’s leads within 5 s; removed, neither forwards', async () => {
  const received: { email: string; signature: string; id: string; timestamp: string; body: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { headers } = request;
      received.push({
        email: (JSON.parse(body) as { data: { email: string } }).data.email,
        signature: String(headers['webhook-signature']),
        id: String(headers['webhook-id']),
        timestamp: String(headers['webhook-timestamp']),
        body,
      });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise((resolve) => receiver.close(() => resolve())));
  const address = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;

  const database = await freshPostgres();
  const [a, b] = await Promise.all([startApp(testConfig({ database })), startApp(testConfig({ database }))]);
  apps.push(a.app, b.app);
  await setTestPassword(a.app);
  const onA = await signedIn(a.app);

  expect((await onA({ method: 'PATCH', url: coachApi.settings, payload: { webhookUrl: address } })).statusCode).toBe(200);
  const { secret } = (await onA({ method: 'POST', url: coachApi.webhookSecret })).json<NewWebhookSecret>();
  const changedAt = performance.now();
  // B stores a lead every 200 ms until one is forwarded: the first proves B applied the change.
  let sent = 0;
  while (received.length === 0 && performance.now() - changedAt < 5_000) {
    expect((await postLead(b.url, { ...validLead, email: `lead${sent++}@example.com` })).status).toBe(201);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(received.length, 'a lead stored on B was forwarded within 5 s').toBeGreaterThan(0);
  const [first] = received;
  const key = Buffer.from(secret.slice('whsec_'.length), 'base64');
  const expected = createHmac('sha256', key).update(`${first?.id}.${first?.timestamp}.${first?.body}`).digest('base64');
  expect(first?.signature).toBe(`v1,${expected}`);

  expect((await onA({ method: 'PATCH', url: coachApi.settings, payload: { webhookUrl: null } })).statusCode).toBe(200);
  // Once B has seen the change, a lead it stores gets no outbox row: nothing waits to be sent.
  await expect.poll(() => b.app.settings.values.webhookUrl, { timeout: 5_000 }).toBeNull();
  const rows = async () => {
    const { outbox } = await b.app.storage.dashboard.leadStats(Date.now());
    return outbox.pending + outbox.delivered + outbox.gone + outbox.expired;
  };
  const before = await rows();
  expect((await postLead(b.url, { ...validLead, email: 'after@example.com' })).status).toBe(201);
  expect(await rows()).toBe(before);
}, 40_000);
