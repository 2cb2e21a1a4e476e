import { afterEach, expect, test } from 'vitest';
import type { ServerConfig } from '../config';
import { captureLog, fixtureEmail, fixtureName, postLead, type RunningApp, startApp, testConfig, validLead, sqliteDb } from '../test/helpers';

let running: RunningApp | undefined;
let log = captureLog();

async function start(overrides: Partial<ServerConfig> = {}): Promise<string> {
  log = captureLog();
  running = await startApp(testConfig({ logLevel: 'info', ...overrides }), { logStream: log.stream });
  return running.url;
}

afterEach(async () => {
  await running?.app.close();
  running = undefined;
  // Whatever a test sent, no log line may carry the visitor's e-mail address or name.
  for (const line of log.lines) {
    expect(line).not.toContain(fixtureEmail);
    expect(line).not.toContain(fixtureName);
    expect(line.toLowerCase()).not.toContain('zephyrine');
  }
});

function countRows(table: 'leads' | 'submissions'): number {
  const row = sqliteDb(running?.app).prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number };
  return row.n;
}

test('a valid lead is stored and answered 201 with an id', async () => {
  const url = await start();
  const response = await postLead(url, validLead);
  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), mail: 'off' });
  const lead = sqliteDb(running?.app).prepare('SELECT email, first_name, ratings FROM leads').get();
  expect(lead).toEqual({ email: fixtureEmail, first_name: fixtureName, ratings: '123123123' });
  expect(log.lines.length).toBeGreaterThan(0);
});

test('one lead per e-mail address, whatever its case and spacing; every submission kept, latest name wins', async () => {
  const url = await start();
  expect((await postLead(url, validLead)).status).toBe(201);
  const again = { ...validLead, email: `  ${fixtureEmail.toUpperCase()} `, firstName: 'Zephyrine B.', ratings: Array(9).fill(3) };
  expect((await postLead(url, again)).status).toBe(201);
  expect(countRows('leads')).toBe(1);
  expect(countRows('submissions')).toBe(2);
  const lead = sqliteDb(running?.app).prepare('SELECT email, first_name, ratings FROM leads').get();
  expect(lead).toEqual({ email: fixtureEmail, first_name: 'Zephyrine B.', ratings: '333333333' });
});

test('Unicode names are stored in one normal form', async () => {
  const url = await start();
  // "Zoë" typed as Z, o, e + combining diaeresis: stored as the single precomposed ë.
  expect((await postLead(url, { ...validLead, firstName: 'Zoe\u0308' })).status).toBe(201);
  const lead = sqliteDb(running?.app).prepare('SELECT first_name FROM leads').get() as { first_name: string };
  expect(lead.first_name).toBe('Zo\u00EB');
});

test('a filled honeypot gets a normal-looking 201 and is not stored', async () => {
  const url = await start();
  const response = await postLead(url, { ...validLead, website: 'https://spam.example' });
  expect(response.status).toBe(201);
  expect(await response.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  expect(countRows('submissions')).toBe(0);
  // An empty honeypot, as the real form sends it, is a person.
  expect((await postLead(url, { ...validLead, website: '' })).status).toBe(201);
  expect(countRows('submissions')).toBe(1);
});

test('a retry with the same Idempotency-Key stores once and gets the same answer', async () => {
  const url = await start();
  const headers = { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' };
  const first = await postLead(url, validLead, headers);
  const retry = await postLead(url, validLead, headers);
  expect(first.status).toBe(201);
  expect(retry.status).toBe(201);
  expect(await retry.json()).toEqual(await first.json());
  expect(retry.headers.get('idempotent-replayed')).toBe('true');
  expect(countRows('submissions')).toBe(1);
  // Another key is another submission.
  expect((await postLead(url, validLead, { 'idempotency-key': 'another-key' })).status).toBe(201);
  expect(countRows('submissions')).toBe(2);
});

// Another writer holding the lock past the group commit's 5 s (a coach's command, or a write stuck on
// a frozen disk) is the same for the page as a stalled disk: 503 with Retry-After, not a bare 500,
// and the retry with the same key, once the lock is gone, stores the lead once.
test('a database locked by another writer for longer than 5 s: 503 with Retry-After; the retry stores the lead once', { timeout: 30_000 }, async () => {
  const url = await start();
  const other = sqliteDb(running?.app);
  other.exec('BEGIN IMMEDIATE');
  const headers = { 'idempotency-key': 'locked-then-retried' };
  const refused = await postLead(url, validLead, headers).finally(() => other.exec('ROLLBACK'));
  expect(refused.status).toBe(503);
  expect(refused.headers.get('retry-after')).toBe('5');
  expect(await refused.json()).toEqual({ error: 'storage_unavailable', message: 'The lead could not be stored just now. Please try again in a moment.' });
  expect((await postLead(url, validLead, headers)).status).toBe(201);
  expect(countRows('submissions')).toBe(1);
});

test('concurrent retries with the same Idempotency-Key, in one batch, store once and agree', async () => {
  const url = await start();
  const headers = { 'idempotency-key': 'same-key-in-one-batch' };
  const responses = await Promise.all(Array.from({ length: 5 }, () => postLead(url, validLead, headers)));
  const bodies = await Promise.all(responses.map((response) => response.json()));
  expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
  expect(new Set(bodies.map((body) => JSON.stringify(body))).size).toBe(1);
  expect(countRows('submissions')).toBe(1);
});

test('an Idempotency-Key reused for a different lead gets 422 and stores nothing new', async () => {
  const url = await start();
  const headers = { 'idempotency-key': 'reused-key' };
  expect((await postLead(url, validLead, headers)).status).toBe(201);
  const reused = await postLead(url, { ...validLead, ratings: Array(9).fill(2) }, headers);
  expect(reused.status).toBe(422);
  expect(await reused.json()).toMatchObject({ error: 'idempotency_key_reused', field: 'Idempotency-Key' });
  expect(countRows('submissions')).toBe(1);
});

test('a malformed Idempotency-Key gets 400 naming the header', async () => {
  const url = await start();
  const response = await postLead(url, validLead, { 'idempotency-key': 'has spaces in it' });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ field: 'Idempotency-Key' });
  expect(countRows('submissions')).toBe(0);
});

test('past the rate limit a client gets 429 with Retry-After; a forged X-Forwarded-For does not help', async () => {
  const url = await start({ rateLimit: { max: 3, windowMs: 60_000 } });
  for (let index = 0; index < 3; index += 1) {
    expect((await postLead(url, validLead, { 'x-forwarded-for': `203.0.113.${index}` })).status).toBe(201);
  }
  const limited = await postLead(url, validLead, { 'x-forwarded-for': '198.51.100.7' });
  expect(limited.status).toBe(429);
  expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(await limited.json()).toMatchObject({ error: 'rate_limited' });
  expect(countRows('submissions')).toBe(3);
});

test('behind a trusted proxy, the limit applies per forwarded client address', async () => {
  const url = await start({ rateLimit: { max: 2, windowMs: 60_000 }, trustProxy: ['127.0.0.1'] });
  const from = (client: string) => postLead(url, validLead, { 'x-forwarded-for': client });
  expect((await from('203.0.113.1')).status).toBe(201);
  expect((await from('203.0.113.1')).status).toBe(201);
  expect((await from('203.0.113.1')).status).toBe(429);
  expect((await from('203.0.113.2')).status).toBe(201);
});

test('an IPv6 client is counted by its /64: fresh addresses of the same network share the limit', async () => {
  const url = await start({ rateLimit: { max: 2, windowMs: 60_000 }, trustProxy: ['127.0.0.1'] });
  const from = (client: string) => postLead(url, validLead, { 'x-forwarded-for': client });
  expect((await from('2001:db8:7:1::a')).status).toBe(201);
  expect((await from('2001:db8:7:1::b')).status).toBe(201);
  expect((await from('2001:db8:7:1:ffff:1:2:3')).status).toBe(429);
  // Another /64 is another client; an IPv4-mapped address is its IPv4 address.
  expect((await from('2001:db8:7:2::a')).status).toBe(201);
  expect((await from('203.0.113.9')).status).toBe(201);
  expect((await from('::ffff:203.0.113.9')).status).toBe(201);
  expect((await from('203.0.113.9')).status).toBe(429);
});

test('a store failure answers a generic 500 that reveals nothing, and is logged without personal data', async () => {
  const url = await start();
  sqliteDb(running?.app).exec('DROP TABLE submissions');
  const response = await postLead(url, validLead, { 'idempotency-key': 'k1' });
  expect(response.status).toBe(500);
  expect(await response.json()).toEqual({ error: 'internal_error', message: 'Something went wrong. Please try again later.' });
  expect(log.lines.some((line) => line.includes('"level":50'))).toBe(true);
});
