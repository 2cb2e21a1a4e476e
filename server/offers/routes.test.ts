/** Offers through the settings API to the counting: each stored lead, each offer seen or clicked, under the right offer and pattern. */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { OffersReport } from '../../src/shared/coach-api/offers';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../src/shared/site-config';
import { buildApp } from '../app';
import { setTestPassword, signedIn } from '../test/coach-session';
import { testConfig } from '../test/helpers';
import { manualClock } from '../test/manual-clock';

const browser = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const startNow = {
  id: 'start1',
  title: 'Start Small',
  url: 'https://coach.example/start',
  pitch: 'Three lessons on starting.',
  rule: { weak: [4] },
};

async function start() {
  app = await buildApp(testConfig(), { clock: manualClock(Date.parse('2026-11-23T10:00:00Z')) });
  await setTestPassword(app);
  const request = await signedIn(app);
  return { app, request };
}

const event = (running: FastifyInstance, body: object, headers: Record<string, string> = {}) =>
  running.inject({ method: 'POST', url: '/api/offer-events', headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': browser, ...headers }, body: JSON.stringify(body) });

const lead = (running: FastifyInstance, email: string, ratings: number[]) =>
  running.inject({ method: 'POST', url: '/api/leads', headers: { 'user-agent': browser }, payload: { email, firstName: 'Ana', ratings } });

test('the coach’s offers reach every page; a lead, a view and a click count under the offer and pattern they had', async () => {
  const { app: running, request } = await start();
  const saved = await request({ method: 'PATCH', url: coachApi.settings, payload: { offers: [startNow] } });
  expect(saved.statusCode).toBe(200);
  expect(saved.json<SettingsResponse>().values.offers).toEqual([{ ...startNow, length: null, price: null, outcome: null, button: null, rule: { patterns: [], weak: [4], strong: [] } }]);
  const html = (await running.inject({ method: 'GET', url: '/' })).body;
  const config = JSON.parse(new RegExp(`id="${SITE_CONFIG_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1] ?? 'null') as SiteConfig;
  expect(config.offers?.map((offer) => offer.id)).toEqual(['start1']);

  // Task Initiation (the fourth) rated 1: the offer; everything "sometimes": the default.
  expect((await lead(running, 'a@example.com', [2, 2, 2, 1, 2, 2, 2, 2, 2])).statusCode).toBe(201);
  expect((await lead(running, 'b@example.com', [2, 2, 2, 2, 2, 2, 2, 2, 2])).statusCode).toBe(201);
  for (const body of [
    { kind: 'seen', offer: 'start1', pattern: 'general' },
    { kind: 'click', offer: 'start1', pattern: 'general' },
    { kind: 'seen', offer: 'default', pattern: 'allNeutral' },
    // An offer no longer in force (a page loaded before a change): answered, not counted.
    { kind: 'click', offer: 'gone99', pattern: 'general' },
  ]) {
    expect((await event(running, body)).statusCode).toBe(204);
  }
  // A crawler's: not counted.
  expect((await event(running, { kind: 'click', offer: 'start1', pattern: 'general' }, { 'user-agent': 'Googlebot/2.1' })).statusCode).toBe(204);
  await running.offerCounter.flush();

  const report = (await request({ method: 'GET', url: `${coachApi.offers}?from=2026-11-01&to=2026-11-30` })).json<OffersReport>();
  expect(report.offers).toEqual([{ id: 'start1', title: 'Start Small' }]);
  expect(report.rows).toEqual([
    { offer: 'default', pattern: 'allNeutral', seen: 1, leads: 1, clicks: 0 },
    { offer: 'start1', pattern: 'general', seen: 1, leads: 1, clicks: 1 },
  ]);
});

test.each([
  ['an unknown kind', { kind: 'buy', offer: 'default', pattern: 'general' }, 'kind must be seen or click.'],
  ['an unknown pattern', { kind: 'seen', offer: 'default', pattern: 'everyone' }, 'pattern must be one of the seven summary patterns.'],
  ['an offer that is not an id', { kind: 'seen', offer: 'x'.repeat(40), pattern: 'general' }, 'offer must be an offer’s id.'],
  ['a field too many', { kind: 'seen', offer: 'default', pattern: 'general', email: 'a@example.com' }, 'The event has a field that is not expected.'],
])('%s is refused with 400, and nothing is counted', async (_name, body, message) => {
  const { app: running, request } = await start();
  const response = await event(running, body);
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({ error: 'invalid_event', message });
  await running.offerCounter.flush();
  expect((await request({ method: 'GET', url: `${coachApi.offers}?from=2026-11-01&to=2026-11-30` })).json<OffersReport>().rows).toEqual([]);
});

test('another site may not count an offer (403); a bad offer setting is refused naming the offer', async () => {
  const { app: running, request } = await start();
  expect((await event(running, { kind: 'seen', offer: 'default', pattern: 'general' }, { origin: 'https://elsewhere.example' })).statusCode).toBe(403);
  const refused = await request({ method: 'PATCH', url: coachApi.settings, payload: { offers: [{ ...startNow, url: 'javascript:alert(1)' }] } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ field: 'offers', message: expect.stringMatching(/^Offer 1 \(Start Small\): Link: /) });
});
