/** A webhook receiver on 127.0.0.1 for tests: answers each request with `answer()`, keeps what arrived; closed after each test. */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach } from 'vitest';

export type LocalReceiver = {
  url: string;
  /** The status of the next answer (200 unless changed). */
  answer: () => number;
  requests: { headers: IncomingHttpHeaders; body: string }[];
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

export async function startLocalReceiver(path = '/hooks/leads'): Promise<LocalReceiver> {
  const receiver: LocalReceiver = { url: '', answer: () => 200, requests: [] };
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      receiver.requests.push({ headers: request.headers, body });
      response.writeHead(receiver.answer()).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closers.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  return receiver;
}
