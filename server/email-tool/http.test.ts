import { executionAsyncResource } from 'node:async_hooks';
import { afterEach, describe, expect, test } from 'vitest';
import { parseOutboundAllowedHosts, externalOnly } from '../outbound/allowed-hosts';
import { OutboundRefused } from '../outbound/connect';
import { startReceiver, type Receiver } from '../test/receiver';
import { steppingClock } from '../test/stepping-clock';
import type { ToolLimit } from './connector';
import { exhaustedFor, paceKeyOf, ToolClient, waitFromHeaders } from './http';
import { memoryPaceWindow } from '../storage/pace';
import { FIRST_BACKOFF_MS, Paced, Pacer } from './pacer';

const limit: ToolLimit = { requests: 120, perMs: 60_000, concurrent: 4, scope: 'key' };
const loopback = (parseOutboundAllowedHosts('loopback') as { ok: true; policy: typeof externalOnly }).policy;

let receiver: Receiver | null = null;
const clients: ToolClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await receiver?.close();
  receiver = null;
});

async function setUp(guard: typeof externalOnly | null = null, requestLimitMs = 5_000) {
  receiver = await startReceiver();
  const clock = steppingClock(Date.UTC(2026, 10, 26, 9));
  const pacer = new Pacer(memoryPaceWindow(), clock);
  const client = new ToolClient({ settings: { tool: 'kit', apiKey: 'key-1', apiUrl: `${receiver.origin}/` }, limit, guard, pacer, requestLimitMs, now: clock.now });
  clients.push(client);
  return { receiver, clock, client, http: client.http(Infinity) };
}

describe('reading the rate headers', () => {
  const now = Date.UTC(2026, 10, 26, 9);
  test.each<[string, Record<string, string>, number | null]>([
    ['Retry-After in seconds', { 'retry-after': '30' }, 30_000],
    ['Retry-After as a date', { 'retry-after': new Date(now + 12_000).toUTCString() }, 12_000],
    ['a date gone by', { 'retry-after': new Date(now - 5_000).toUTCString() }, 0],
    ["Brevo's reset", { 'x-sib-ratelimit-reset': '7' }, 7_000],
    ['nothing readable', { 'retry-after': 'soon' }, null],
    ['none', {}, null],
  ])('%s', (_name, headers, expected) => {
    expect(waitFromHeaders(headers, now)).toBe(expected);
  });

  test.each<[string, Record<string, string>, number | null]>([
    ['Brevo: none left', { 'x-sib-ratelimit-remaining': '0', 'x-sib-ratelimit-reset': '3' }, 3_000],
    ['MailerLite: none left', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '20' }, 20_000],
    ['some left', { 'x-ratelimit-remaining': '5', 'x-ratelimit-reset': '20' }, null],
    ['none left, no reset', { 'x-ratelimit-remaining': '0' }, null],
  ])('%s', (_name, headers, expected) => {
    expect(exhaustedFor(headers)).toBe(expected);
  });
});

test('the pace key: the API key for a per-key limit, the host for a per-account one; never the key itself', () => {
  const settings = { tool: 'activecampaign' as const, apiKey: 'secret-key', apiUrl: 'https://acme.api-us1.com' };
  const byKey = paceKeyOf(settings, { scope: 'key' });
  expect(byKey).not.toContain('secret');
  expect(paceKeyOf({ ...settings, apiKey: 'other' }, { scope: 'key' })).not.toBe(byKey);
  expect(paceKeyOf({ ...settings, apiKey: 'other' }, { scope: 'account' })).toBe(paceKeyOf(settings, { scope: 'account' }));
  expect(paceKeyOf({ ...settings, apiUrl: 'https://other.api-us1.com' }, { scope: 'account' })).not.toBe(paceKeyOf(settings, { scope: 'account' }));
});

describe('a request', () => {
  test('sends JSON to the base address and reads JSON, or text when the answer is not JSON', async () => {
    const { receiver, http } = await setUp();
    receiver.answer = (response, request) =>
      request.url === '/v4/text'
        ? response.writeHead(429, { 'content-type': 'text/plain' }).end('Retry later')
        : response.writeHead(201, { 'content-type': 'application/json', 'x-extra': 'yes' }).end('{"subscriber":{"id":7}}');
    const answer = await http({ method: 'POST', path: '/v4/subscribers', headers: { 'X-Kit-Api-Key': 'key-1' }, body: { email_address: 'ada@example.com' } });
    expect(answer).toEqual({ status: 201, headers: expect.objectContaining({ 'x-extra': 'yes' }) as unknown, body: { subscriber: { id: 7 } } });
    const [received] = receiver.received;
    expect(received?.path).toBe('/v4/subscribers');
    expect(received?.headers['x-kit-api-key']).toBe('key-1');
    expect(received?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(received?.body ?? '')).toEqual({ email_address: 'ada@example.com' });
    expect((await http({ method: 'GET', path: '/v4/text' })).body).toBe('Retry later');
  });

  test('an address set on the dashboard is checked: a refused one is never connected to', async () => {
    const { receiver, http } = await setUp(externalOnly);
    await expect(http({ method: 'GET', path: '/v4/account' })).rejects.toBeInstanceOf(OutboundRefused);
    await expect(http({ method: 'GET', path: '/v4/account' })).rejects.toThrow(/OUTBOUND_ALLOWED_HOSTS/);
    expect(receiver.received).toHaveLength(0);
  });

  test('an allowed dashboard address, and the environment one (not filtered), are reached', async () => {
    for (const guard of [loopback, null]) {
      const { receiver, http } = await setUp(guard);
      expect((await http({ method: 'GET', path: '/v4/account' })).status).toBe(200);
      expect(receiver.received).toHaveLength(1);
      await receiver.close();
    }
  });

  test('ends at its time limit when the tool never answers', async () => {
    const { receiver, http } = await setUp(null, 300);
    receiver.answer = () => undefined;
    const started = Date.now();
    await expect(http({ method: 'GET', path: '/v4/account' })).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  test('a 429 with Retry-After holds the next request until then; nothing is sent meanwhile', async () => {
    const { receiver, clock, client } = await setUp();
    receiver.answer = (response) => response.writeHead(429, { 'retry-after': '30' }).end('{"errors":["Too many"]}');
    const http = client.http(Infinity);
    expect((await http({ method: 'GET', path: '/v4/account' })).status).toBe(429);
    const soon = client.http(clock.now() + 29_000);
    await expect(soon({ method: 'GET', path: '/v4/account' })).rejects.toEqual(new Paced(30_000));
    expect(receiver.received).toHaveLength(1);
  });

  test("a bare 429 (Kit's `Retry later`) backs off without a Retry-After", async () => {
    const { receiver, clock, client } = await setUp();
    receiver.answer = (response) => response.writeHead(429, { 'content-type': 'text/plain' }).end('Retry later');
    expect((await client.http(Infinity)({ method: 'GET', path: '/v4/account' })).status).toBe(429);
    await expect(client.http(clock.now())({ method: 'GET', path: '/v4/account' })).rejects.toEqual(new Paced(FIRST_BACKOFF_MS));
  });

  test('a rate header saying none is left holds the key until its reset, before any 429', async () => {
    const { receiver, clock, client } = await setUp();
    receiver.answer = (response) => response.writeHead(200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '20' }).end('{}');
    expect((await client.http(Infinity)({ method: 'GET', path: '/api/subscribers' })).status).toBe(200);
    await expect(client.http(clock.now() + 1000)({ method: 'GET', path: '/api/subscribers' })).rejects.toEqual(new Paced(20_000));
  });
});

/**
 * Whether promise hooks are on in this thread (what an enabled AsyncLocalStorage costs every promise
 * on Node 20 and 22): with them, a promise's reaction runs with that promise as its async resource.
 */
function promiseHooksOn(): Promise<boolean> {
  const reaction: Promise<boolean> = Promise.resolve().then(() => executionAsyncResource() === reaction);
  return reaction;
}

describe('an attempt (`within`)', () => {
  test('two at once each keep their own deadline and signal, also once the other is over; then promise hooks are off', async () => {
    const { receiver, clock, client } = await setUp();
    // The tool holds the key 30 s: a request whose attempt ends sooner is refused a slot at once.
    receiver.answer = (response) => response.writeHead(429, { 'retry-after': '30' }).end('{}');
    expect((await client.http(Infinity)({ method: 'GET', path: '/v4/account' })).status).toBe(429);
    const http = client.bound();
    const patience = new AbortController();
    let hastyOver = () => {};
    const hastyEnded = new Promise<void>((resolve) => (hastyOver = resolve));
    const patient = client.within(clock.now() + 60_000, patience.signal, async () => {
      await hastyEnded;
      return http({ method: 'GET', path: '/v4/patient' });
    });
    const hasty = client.within(clock.now() + 29_000, undefined, () => http({ method: 'GET', path: '/v4/hasty' }));

    // Its own deadline, not the patient one's running beside it: refused at once, and it throws.
    await expect(hasty).rejects.toEqual(new Paced(30_000));
    hastyOver();
    // The patient one, alone now and after the hold, still ends with its own signal: nothing is sent.
    await clock.advanceTo(clock.now() + 30_000);
    patience.abort(new Error('the round ended'));
    await expect(patient).rejects.toThrow('the round ended');
    expect(receiver.received.map((request) => request.path)).toEqual(['/v4/account']);
    expect(await promiseHooksOn()).toBe(false);

    // The next attempt, once none ran, has its own signal again.
    await expect(client.within(Infinity, AbortSignal.abort(new Error('cut short')), () => http({ method: 'GET', path: '/v4/later' }))).rejects.toThrow('cut short');
    expect(receiver.received).toHaveLength(1);
    expect(await promiseHooksOn()).toBe(false);
  });
});
