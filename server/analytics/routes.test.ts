import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../app';
import { readFunnel } from './report';
import type { ServerConfig } from '../config';
import { DATABASE_FILE } from '../storage/sqlite/connection';
import { testConfig, sqliteDb } from '../test/helpers';
import { manualClock } from '../test/manual-clock';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(overrides: Partial<ServerConfig> = {}, clock = manualClock(Date.parse('2026-11-23T22:30:00Z'))) {
  app = await buildApp(testConfig(overrides), { clock });
  return app;
}

const send = (body: string, headers: Record<string, string> = {}) =>
  (app as FastifyInstance).inject({
    method: 'POST',
    url: '/api/events',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browser, ...headers },
    body,
  });

async function rows() {
  await app?.funnelCounter.flush();
  return sqliteDb(app)
    .prepare(
      `SELECT d.day, d.step, s.utm_source, s.utm_medium, s.utm_campaign, s.referrer_host, d.count
       FROM funnel_daily AS d JOIN funnel_sources AS s ON s.id = d.source_id ORDER BY d.step`,
    )
    .all();
}

test('a beacon (text/plain JSON) counts its step on the day, with its source', async () => {
  await start();
  const event = JSON.stringify({ step: 'landing', source: 'newsletter', medium: 'email', campaign: 'nov', referrer: 'blog.example.org' });
  expect((await send(event)).statusCode).toBe(204);
  expect((await send(event)).statusCode).toBe(204);
  const json = await app?.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': browser }, payload: { step: 'quiz_started' } });
  expect(json?.statusCode).toBe(204);
  expect(await rows()).toEqual([
    { day: '2026-11-23', step: 'landing', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'nov', referrer_host: 'blog.example.org', count: 2 },
    { day: '2026-11-23', step: 'quiz_started', utm_source: '', utm_medium: '', utm_campaign: '', referrer_host: '', count: 1 },
  ]);
});

test('a lead beacon is answered 204 and never counted: the lead step comes from stored submissions', async () => {
  await start();
  for (let index = 0; index < 30; index += 1) {
    expect((await send(JSON.stringify({ step: 'lead', source: 'inflated' }), { 'x-forwarded-for': `203.0.113.${index}` })).statusCode).toBe(204);
  }
  expect(await rows()).toEqual([]);
});

test('the probe: 3,000 fake lead beacons from 3,000 addresses leave the lead count equal to the stored submissions', async () => {
  await start({ trustProxy: ['127.0.0.1'], eventsPerMinute: 1_000_000 });
  const instance = app as FastifyInstance;
  for (let index = 0; index < 3_000; index += 1) {
    const address = `198.${18 + Math.floor(index / 65_536)}.${Math.floor(index / 256) % 256}.${index % 256}`;
    const beacon = await send(JSON.stringify({ step: 'lead', source: 'inflated' }), { 'x-forwarded-for': address });
    expect(beacon.statusCode).toBe(204);
  }
  const lead = { email: 'real@example.com', firstName: 'Real', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3], source: { source: 'newsletter' } };
  const stored = await instance.inject({ method: 'POST', url: '/api/leads', headers: { 'content-type': 'application/json' }, payload: lead });
  expect(stored.statusCode).toBe(201);
  await instance.funnelCounter.flush();
  const funnel = await readFunnel(instance.storage, '2026-11-23', '2026-11-23', 'UTC');
  const stats = await instance.storage.dashboard.leadStats(Date.parse('2026-11-23T22:30:00Z'));
  expect(funnel.steps.find((step) => step.step === 'lead')?.count).toBe(stats.submissions);
  expect(stats.submissions).toBe(1);
  expect(funnel.sources.map((source) => [source.utmSource, source.counts.lead])).toEqual([['newsletter', 1]]);
  // The limit guards against a hang: 3,000 requests took 14 s beside the end-to-end tests in CI.
}, 60_000);

test('days are counted in ANALYTICS_TIME_ZONE', async () => {
  // 23:30 UTC on the 23rd is already the 24th in Berlin (UTC+1 in November).
  await start({ environmentSettings: { analyticsTimeZone: 'Europe/Berlin' } }, manualClock(Date.parse('2026-11-23T23:30:00Z')));
  await send(JSON.stringify({ step: 'landing' }));
  expect(await rows()).toMatchObject([{ day: '2026-11-24', step: 'landing', count: 1 }]);
});

test('known bots, and requests without a user agent, are answered 204 and not counted', async () => {
  await start();
  const event = JSON.stringify({ step: 'landing' });
  expect((await send(event, { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)' })).statusCode).toBe(204);
  expect((await send(event, { 'user-agent': '' })).statusCode).toBe(204);
  expect(await rows()).toEqual([]);
});

test.each([
  ['not JSON', 'landing', 400, null],
  ['an unknown step', JSON.stringify({ step: 'checkout' }), 400, 'step'],
  ['an identifier', JSON.stringify({ step: 'landing', visitorId: 'v-123' }), 400, null],
  ['a referrer URL', JSON.stringify({ step: 'landing', referrer: 'https://example.org/page?email=x' }), 400, 'referrer'],
])('%s gets a clear 4xx and changes nothing', async (_name, body, status, field) => {
  await start();
  const response = await send(body);
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ error: expect.any(String), message: expect.any(String), field });
  expect(await rows()).toEqual([]);
});

test('another content type, another site and an oversized body are refused', async () => {
  await start();
  const form = await app?.inject({ method: 'POST', url: '/api/events', headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': browser }, body: 'step=landing' });
  expect(form?.statusCode).toBe(415);
  expect((await send(JSON.stringify({ step: 'landing' }), { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
  expect((await send(JSON.stringify({ step: 'landing', campaign: 'x'.repeat(2000) }))).statusCode).toBe(413);
  expect(await rows()).toEqual([]);
});

test('one address may send 120 events a minute; the next is refused with 429 and not counted', async () => {
  await start();
  const event = JSON.stringify({ step: 'question_1' });
  for (let i = 0; i < 120; i += 1) expect((await send(event)).statusCode).toBe(204);
  const refused = await send(event);
  expect(refused.statusCode).toBe(429);
  expect(refused.headers['retry-after']).toBeDefined();
  expect(await rows()).toMatchObject([{ step: 'question_1', count: 120 }]);
});

test('no event row holds an IP address, a user agent or an identifier: not in its columns, not anywhere in the file', async () => {
  const config = testConfig({ trustProxy: ['127.0.0.1'] });
  app = await buildApp(config, { clock: manualClock() });
  const userAgent = `${browser} Zq7Marker/9.9`;
  for (const step of ['landing', 'quiz_started', 'question_1']) {
    await send(JSON.stringify({ step, source: 'ads' }), { 'user-agent': userAgent, 'x-forwarded-for': '203.0.113.77', cookie: 'id=tracking-cookie-123' });
  }
  const columns = (table: string) =>
    (sqliteDb(app).prepare('SELECT name FROM pragma_table_info(?)').all(table) as { name: string }[]).map((c) => c.name);
  expect(columns('funnel_sources')).toEqual(['id', 'utm_source', 'utm_medium', 'utm_campaign', 'referrer_host', 'first_day']);
  expect(columns('funnel_daily')).toEqual(['day', 'step', 'source_id', 'count']);
  expect(columns('funnel_daily_totals')).toEqual(['day', 'step', 'count']);
  expect(columns('funnel_monthly')).toEqual(['month', 'step', 'source_id', 'count']);
  expect(await rows()).toHaveLength(3);
  await app.close();
  app = undefined;
  // The database and its write-ahead log (this test's own connection may keep the log open).
  const file = [DATABASE_FILE, `${DATABASE_FILE}-wal`]
    .filter((name) => existsSync(join(config.dataDir, name)))
    .map((name) => readFileSync(join(config.dataDir, name)).toString('latin1'))
    .join('');
  expect(file).toContain('quiz_started');
  for (const secret of ['203.0.113.77', 'Zq7Marker', 'tracking-cookie-123']) expect(file).not.toContain(secret);
});
