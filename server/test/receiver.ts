/**
 * A coach's e-mail tool on 127.0.0.1 for tests (never a mocked fetch): records every request and
 * answers as told (200 "accepted" by default). Free of any test runner, so the e2e tests use it too;
 * vitest tests may prefer ./webhook-receiver.ts (closed after each test by itself).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type Received = { path: string; headers: IncomingHttpHeaders; body: string };
export type Receiver = {
  url: string;
  origin: string;
  received: Received[];
  answer: (response: ServerResponse, request: IncomingMessage) => void;
  server: Server;
  close: () => Promise<void>;
};

export async function startReceiver(path = '/hooks/leads'): Promise<Receiver> {
  const server = createServer();
  const receiver: Receiver = {
    url: '',
    origin: '',
    received: [],
    answer: (response) => response.writeHead(200, { 'content-type': 'text/plain' }).end('accepted'),
    server,
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
  server.on('request', (request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      receiver.received.push({ path: request.url ?? '', headers: request.headers, body });
      receiver.answer(response, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receiver.url = `${receiver.origin}${path}`;
  return receiver;
}

/** Whether the request is signed with `secret`, as a Standard Webhooks library checks it. */
export function signedWith(secret: string, { headers, body }: Received): boolean {
  const key = secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret);
  const expected = createHmac('sha256', key).update(`${String(headers['webhook-id'])}.${String(headers['webhook-timestamp'])}.${body}`).digest();
  const given = Buffer.from(String(headers['webhook-signature']).replace(/^v1,/, ''), 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
