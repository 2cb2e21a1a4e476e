/**
 * The settings in force are read once per settings revision: a webhook set on the dashboard has its
 * address and secret (stored sealed) opened when the settings change, never for each round of
 * deliveries or each attempt.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { postLead, type RunningApp, startApp, testConfig, validLead } from '../test/helpers';
import { SecretBox } from './secret-box';

let running: RunningApp | undefined;
let receiver: Server | undefined;

afterEach(async () => {
  vi.restoreAllMocks();
  await running?.app.close();
  await new Promise((resolve) => receiver?.close(resolve));
  running = undefined;
  receiver = undefined;
});

/** A webhook receiver on loopback that answers 204 and keeps each event's type. */
async function startReceiver(events: string[]): Promise<string> {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      events.push((JSON.parse(body) as { type: string }).type);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
}

test('a webhook set on the dashboard has its sealed address and secret opened once per settings revision, not per delivery', async () => {
  const events: string[] = [];
  const address = await startReceiver(events);
  running = await startApp(testConfig());
  const { app, url } = running;
  const coach = { actor: 'command line' } as const;
  await app.settings.change({ webhookUrl: address, webhookSecret: 'a-signing-secret-of-32-characters' }, coach, Date.now());
  const opened = vi.spyOn(SecretBox.prototype, 'open');

  for (const count of [1, 2, 3]) {
    expect((await postLead(url, validLead)).status).toBe(201);
    await vi.waitFor(() => expect(events).toHaveLength(count), { timeout: 10_000 });
  }
  // Three leads, each its own round and attempt: nothing opened again.
  expect(opened).not.toHaveBeenCalled();

  // Another revision (any setting): the address and the secret are opened once for it.
  await app.settings.change({ coachName: 'Sam Rivera' }, coach, Date.now());
  expect(opened).toHaveBeenCalledTimes(2);
  expect((await postLead(url, validLead)).status).toBe(201);
  await vi.waitFor(() => expect(events).toHaveLength(4), { timeout: 10_000 });
  expect(opened).toHaveBeenCalledTimes(2);
  expect(events).toEqual(['lead.submitted', 'lead.submitted', 'lead.submitted', 'lead.submitted']);
});
