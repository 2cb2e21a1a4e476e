/**
 * A webhook receiver on 127.0.0.1 for vitest tests (./receiver.ts, closed after each test by itself):
 * answers each request with the status `answer()` gives, keeps what arrived.
 */
import { afterEach } from 'vitest';
import { startReceiver, type Received } from './receiver';

export type LocalReceiver = {
  url: string;
  /** The status of the next answer (200 unless changed). */
  answer: () => number;
  requests: Received[];
};

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

export async function startLocalReceiver(path = '/hooks/leads'): Promise<LocalReceiver> {
  const receiver = await startReceiver(path);
  closers.push(receiver.close);
  const local: LocalReceiver = { url: receiver.url, answer: () => 200, requests: receiver.received };
  receiver.answer = (response) => response.writeHead(local.answer()).end();
  return local;
}
