import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { DeliveriesResponse } from '../../src/shared/coach-api/deliveries';
import type { FunnelResponse } from '../../src/shared/coach-api/funnel';
import type { LeadDetail, LeadListResponse } from '../../src/shared/coach-api/leads';
import type { ProfilesResponse } from '../../src/shared/coach-api/profiles';
import { coachApi } from '../../src/shared/coach-api/routes';
import { emailToolApi } from '../../src/shared/email-tool-api';
import { coachAccessApi } from '../../src/shared/coach-api/access';
import type { Rating } from '../../src/shared/constants';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { ownOrigin, setTestPassword, signedIn } from '../test/coach-session';
import { fixtureEmail, fixtureName, testConfig, sqliteDb, webhookEnvironment } from '../test/helpers';
import { manualClock } from '../test/manual-clock';
import { startLocalReceiver } from '../test/webhook-receiver';
import { SESSION_COOKIE } from './sessions';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const day = 24 * 60 * 60 * 1000;

async function start(overrides: Partial<ServerConfig> = {}, deps: Parameters<typeof buildApp>[1] = {}) {
  const clock = manualClock(Date.parse('2026-11-23T12:00:00Z'));
  app = await buildApp(testConfig(overrides), { clock, ...deps });
  await setTestPassword(app);
  return { app, clock, request: await signedIn(app) };
}

const ratings = (...values: number[]) => values as Rating[];

test('every /api/coach/ route but sign-in answers 401 JSON without a valid session', async () => {
  const routes: { method: string; url: string }[] = [];
  const onRoute = (route: { method: string | string[]; url: string }) => {
    if (!route.url.startsWith('/api/coach/')) return;
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  };
  app = await buildApp(testConfig(), { onRoute });
  // The walk covers the whole contract: every path in it is a registered route.
  for (const path of [...Object.values(coachApi), ...Object.values(coachAccessApi), ...Object.values(emailToolApi)]) expect(routes.map((route) => route.url)).toContain(path);
  // Methods the contract does not use answer 404 from the router, not 401: only real routes are walked.
  // Signing in (password or passkey), the first-run set-up (there is no password yet) and a password
  // reset are the routes without a session.
  const open = [
    coachApi.session,
    coachAccessApi.passkeySignInOptions,
    coachAccessApi.passkeySignIn,
    coachAccessApi.passwordReset,
    coachAccessApi.passwordResetConfirm,
    coachAccessApi.setupLink,
  ] as string[];
  const guarded = routes.filter((route) => !(route.method === 'POST' && open.includes(route.url)) && route.url !== coachApi.setup);
  expect(guarded.length).toBeGreaterThanOrEqual(24);
  for (const { method, url } of guarded) {
    const noCookie: Record<string, string> = {};
    for (const cookies of [noCookie, { [SESSION_COOKIE]: 'forged-token' }]) {
      const response = await app.inject({
        method: method as 'GET',
        url: url.replace(':id', '1'),
        headers: { origin: ownOrigin },
        cookies,
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.headers['cache-control']).toBe('no-store');
      if (method !== 'HEAD') expect(response.json()).toMatchObject({ error: 'unauthorized', message: 'Please sign in.' });
    }
  }
});

test('the funnel counts each step for the period, per day and per source, zeros included', async () => {
  const { app: instance, clock } = await start();
  const event = (body: object) =>
    instance.inject({ method: 'POST', url: '/api/events', headers: { 'user-agent': 'Mozilla/5.0 Chrome/131.0', origin: ownOrigin }, payload: body });
  await event({ step: 'landing', source: 'newsletter' });
  await event({ step: 'landing', referrer: 'blog.example.org' });
  await event({ step: 'quiz_started', source: 'newsletter' });
  clock.advance(day);
  await event({ step: 'landing' });
  instance.funnelCounter.flush();
  // A day later the session has ended: sign in again.
  const request = await signedIn(instance);

  const response = await request({ url: '/api/coach/funnel?from=2026-11-22&to=2026-11-24' });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  const funnel = response.json<FunnelResponse>();
  expect(funnel.steps.slice(0, 3)).toEqual([
    { step: 'landing', count: 3 },
    { step: 'quiz_started', count: 1 },
    { step: 'question_1', count: 0 },
  ]);
  expect(funnel.steps.map((step) => step.step)).toHaveLength(14);
  expect(funnel.daily.map((entry) => [entry.date, entry.counts.landing])).toEqual([
    ['2026-11-22', 0],
    ['2026-11-23', 2],
    ['2026-11-24', 1],
  ]);
  expect(funnel.sources.map((source) => [source.utmSource, source.referrerHost, source.counts.landing, source.counts.quiz_started])).toEqual([
    ['newsletter', null, 1, 1],
    [null, null, 1, 0],
    [null, 'blog.example.org', 1, 0],
  ]);

  // Without a period: the last 30 days up to today.
  const recent = (await request({ url: '/api/coach/funnel' })).json<FunnelResponse>();
  expect([recent.from, recent.to, recent.daily.length]).toEqual(['2026-10-26', '2026-11-24', 30]);
});

test.each([
  ['from=2026-11-31', 'from'],
  ['to=yesterday', 'to'],
  ['from=2026-11-24&to=2026-11-01', 'from'],
  ['from=2020-01-01&to=2026-01-01', 'from'],
])('a bad period (%s) is a 400 naming %s', async (query, field) => {
  const { request } = await start();
  const response = await request({ url: `/api/coach/funnel?${query}` });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: 'invalid_request', field });
});

test('profiles: per driver how many rated it 1, 2 or 3, and how many showed each pattern', async () => {
  const { app: instance, request } = await start();
  await instance.storage.leads.submit({ lead: { email: 'a@example.com', firstName: 'A', ratings: ratings(1, 1, 1, 1, 1, 1, 1, 1, 1) } });
  await instance.storage.leads.submit({ lead: { email: 'b@example.com', firstName: 'B', ratings: ratings(1, 2, 3, 3, 3, 3, 3, 3, 3) } });
  const profiles = (await request({ url: '/api/coach/profiles?from=2026-11-23&to=2026-11-23' })).json<ProfilesResponse>();
  expect(profiles.submissions).toBe(2);
  expect(profiles.drivers[0]).toEqual({ driverId: 1, driver: 'Impulse Control', ratings: { 1: 2, 2: 0, 3: 0 } });
  expect(profiles.drivers[2]).toMatchObject({ driverId: 3, ratings: { 1: 1, 2: 0, 3: 1 } });
  expect(profiles.patterns).toContainEqual({ pattern: 'allWeak', count: 1 });
  expect(profiles.patterns).toContainEqual({ pattern: 'mostStrong', count: 1 });
  expect(profiles.patterns.map((entry) => entry.pattern)).toEqual(['allWeak', 'allStrong', 'allNeutral', 'mostWeak', 'mostStrong', 'strongAndWeak', 'general']);
});

test('leads: newest first, one per person, in pages, searchable by e-mail prefix and by name', async () => {
  const { app: instance, clock, request } = await start();
  for (const [email, firstName] of [
    ['ana@example.com', 'Ana'],
    ['ben@example.com', 'Ben'],
    ['cleo@example.org', 'Cleo'],
    ['ana@example.com', 'Ana Maria'],
  ] as const) {
    await instance.storage.leads.submit({ lead: { email, firstName, ratings: ratings(1, 2, 3, 1, 2, 3, 1, 2, 3) } });
    clock.advance(60_000);
  }
  const first = (await request({ url: '/api/coach/leads?limit=2' })).json<LeadListResponse>();
  expect(first.leads.map((lead) => [lead.email, lead.firstName])).toEqual([
    ['ana@example.com', 'Ana Maria'],
    ['cleo@example.org', 'Cleo'],
  ]);
  expect(first.leads[0]).toMatchObject({ ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3], pattern: 'strongAndWeak', weakDrivers: ['Impulse Control', 'Task Initiation', 'Time Management'] });
  const second = (await request({ url: `/api/coach/leads?limit=2&cursor=${first.nextCursor}` })).json<LeadListResponse>();
  expect(second).toMatchObject({ leads: [{ email: 'ben@example.com' }], nextCursor: null });

  const search = async (q: string) =>
    (await request({ url: `/api/coach/leads?q=${encodeURIComponent(q)}` })).json<LeadListResponse>().leads.map((lead) => lead.email);
  expect(await search('BEN@')).toEqual(['ben@example.com']);
  expect(await search('c')).toEqual(['cleo@example.org']);
  expect(await search('ana m')).toEqual(['ana@example.com']);
  // The earlier name of a person who submitted again is not their lead any more.
  expect(await search('ana@example.com')).toEqual(['ana@example.com']);
  expect(await search('%')).toEqual([]);
  expect(await search('zed')).toEqual([]);

  // A period: the people whose latest submission falls in it.
  expect((await request({ url: '/api/coach/leads?from=2026-11-24' })).json<LeadListResponse>().leads).toEqual([]);
  expect((await request({ url: '/api/coach/leads?to=2026-11-23' })).json<LeadListResponse>().leads).toHaveLength(3);
  expect((await request({ url: '/api/coach/leads?limit=0' })).statusCode).toBe(400);
  expect((await request({ url: '/api/coach/leads?cursor=abc' })).json()).toMatchObject({ field: 'cursor' });
});

/** Where the leads these tests store go: the webhook they set. */
const toWebhook = { webhook: true, email: false, tool: false };

test('a lead in detail: every submission as the visitor saw it, with its delivery; erased with its audit entry', async () => {
  const receiver = await startLocalReceiver();
  receiver.answer = () => 500;
  const { app: instance, clock, request } = await start({ ...webhookEnvironment(receiver.url, 'a-shared-secret-of-thirty-two-chars') });
  await instance.storage.leads.submit({ lead: { email: fixtureEmail, firstName: fixtureName, ratings: ratings(3, 3, 3, 3, 3, 3, 3, 3, 3) } , routing: toWebhook });
  clock.advance(60_000);
  const consent = { version: '0123456789abcdef', wording: 'The notice.\nCheckbox (unticked at first): Tips, please.', marketing: true };
  await instance.storage.leads.submit({ lead: { email: fixtureEmail, firstName: fixtureName, ratings: ratings(1, 1, 1, 1, 1, 2, 2, 2, 2) }, consent , routing: toWebhook });
  await instance.outbox?.deliverDue();
  const [listed] = (await request({ url: '/api/coach/leads' })).json<LeadListResponse>().leads;
  const detail = (await request({ url: `/api/coach/leads/${listed?.id}` })).json<LeadDetail>();
  expect(detail).toMatchObject({ email: fixtureEmail, firstName: fixtureName, firstSubmittedAt: '2026-11-23T12:00:00.000Z' });
  expect(detail.submissions).toHaveLength(2);
  expect(detail.submissions[0]).toMatchObject({
    submittedAt: '2026-11-23T12:01:00.000Z',
    pattern: 'mostWeak',
    summary: expect.stringContaining('5'),
    // The proof a coach keeps: the wording and its version, the request's time; confirmed only from the e-mail.
    consent: { version: consent.version, wording: consent.wording, marketingConsent: true, requestedAt: '2026-11-23T12:01:00.000Z', confirmedAt: null },
    deliveries: [{ channel: 'webhook', event: 'lead.submitted', state: 'pending', attempts: 1, lastStatus: 500, nextAttemptAt: expect.any(String) }],
  });
  expect(detail.submissions[1]).toMatchObject({ consent: null });
  expect(detail.submissions[0]?.ratings[0]).toEqual({ driverId: 1, driver: 'Impulse Control', rating: 1 });
  expect(detail.submissions[1]).toMatchObject({ pattern: 'allStrong' });

  expect((await request({ url: '/api/coach/leads/999999' })).statusCode).toBe(404);
  expect((await request({ method: 'DELETE', url: `/api/coach/leads/${listed?.id}`, headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
  const erased = await request({ method: 'DELETE', url: `/api/coach/leads/${listed?.id}` });
  expect(erased.json()).toEqual({ erased: { submissions: 2, pendingDeliveries: 2 }, emailTool: null });
  expect((await request({ url: `/api/coach/leads/${listed?.id}` })).statusCode).toBe(404);
  expect((await request({ url: '/api/coach/profiles?from=2026-11-23&to=2026-11-23' })).json<ProfilesResponse>().submissions).toBe(0);
  const audit = (await request({ url: '/api/coach/audit' })).json<{ entries: { action: string; actor: string; sessionId: number | null }[] }>();
  expect(audit.entries.map((entry) => entry.action)).toEqual(['erase', 'sign_in']);
  expect(audit.entries[0]).toMatchObject({ actor: 'dashboard', sessionId: expect.any(Number) });
  expect(JSON.stringify(audit)).not.toContain(fixtureEmail);
});

test('the CSV for a period downloads the leads of that period, no-store, and is recorded in the audit log', async () => {
  const { app: instance, clock } = await start();
  await instance.storage.leads.submit({ lead: { email: 'old@example.com', firstName: 'Old', ratings: ratings(2, 2, 2, 2, 2, 2, 2, 2, 2) } });
  clock.advance(3 * day);
  await instance.storage.leads.submit({ lead: { email: 'new@example.com', firstName: 'New', ratings: ratings(2, 2, 2, 2, 2, 2, 2, 2, 2) } });
  const request = await signedIn(instance);
  const csv = await request({ url: '/api/coach/leads.csv?from=2026-11-25&to=2026-11-26' });
  expect(csv.statusCode).toBe(200);
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toBe('attachment; filename="core-drivers-leads-2026-11-25-to-2026-11-26.csv"');
  expect(csv.headers['cache-control']).toBe('no-store');
  expect(csv.body).toContain('"new@example.com","New"');
  expect(csv.body).not.toContain('old@example.com');
  const all = await request({ url: '/api/coach/leads.csv' });
  expect(all.body.split('\r\n').filter(Boolean)).toHaveLength(3);
  const actions = sqliteDb(instance).prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'export'").get();
  expect(actions).toEqual({ n: 2 });
});

test('deliveries: the failing ones listed with counts; retry now sends one again at once', async () => {
  const receiver = await startLocalReceiver();
  let status = 503;
  receiver.answer = () => status;
  const { app: instance, request } = await start({ ...webhookEnvironment(receiver.url, 'a-shared-secret-of-thirty-two-chars') });
  await instance.storage.leads.submit({ lead: { email: 'alex@example.com', firstName: 'Alex', ratings: ratings(2, 2, 2, 2, 2, 2, 2, 2, 2) } , routing: toWebhook });
  await instance.storage.leads.submit({ lead: { email: 'billie@example.com', firstName: 'Billie', ratings: ratings(2, 2, 2, 2, 2, 2, 2, 2, 2) } , routing: toWebhook });
  await instance.outbox?.deliverDue();
  const failing = (await request({ url: '/api/coach/deliveries' })).json<DeliveriesResponse>();
  expect(failing.webhookConfigured).toBe(true);
  expect(failing.counts).toEqual({ pending: 2, failing: 2, gone: 0, expired: 0 });
  // The list shows the kind and names the lead by first name and a masked address, never the whole
  // address (the coach opens the lead for that).
  expect(failing.deliveries.map((delivery) => [delivery.channel, delivery.event, delivery.state, delivery.lastStatus])).toEqual([
    ['webhook', 'lead.submitted', 'pending', 503],
    ['webhook', 'lead.submitted', 'pending', 503],
  ]);
  expect(failing.deliveries.map((delivery) => [delivery.leadFirstName, delivery.leadMaskedEmail]).sort()).toEqual([
    ['Alex', 'a…@example.com'],
    ['Billie', 'b…@example.com'],
  ]);
  expect(JSON.stringify(failing)).not.toMatch(/alex@|billie@/);
  status = 200;
  const id = failing.deliveries[0]?.id ?? '';
  const retried = await request({ method: 'POST', url: `/api/coach/deliveries/${id}/retry` });
  expect(retried.statusCode).toBe(200);
  expect(retried.json()).toMatchObject({ delivery: { id, state: 'pending' } });
  await instance.outbox?.deliverDue();
  const after = (await request({ url: '/api/coach/deliveries?state=pending' })).json<DeliveriesResponse>();
  expect(after.counts.pending).toBe(1);
  expect((await request({ method: 'POST', url: `/api/coach/deliveries/${id}/retry` })).json()).toMatchObject({ error: 'invalid_request' });
  expect((await request({ method: 'POST', url: '/api/coach/deliveries/99999/retry' })).statusCode).toBe(404);
  expect((await request({ url: '/api/coach/deliveries?state=lost' })).json()).toMatchObject({ field: 'state' });
});

test('without a webhook or mail, deliveries say so and retry is refused: no channel is on', async () => {
  const { request } = await start();
  expect((await request({ url: '/api/coach/deliveries' })).json()).toMatchObject({ webhookConfigured: false, mailConfigured: false, deliveries: [] });
  const retry = await request({ method: 'POST', url: '/api/coach/deliveries/1/retry' });
  expect(retry.statusCode).toBe(409);
  expect(retry.json()).toMatchObject({ error: 'no_channel_configured', message: expect.stringContaining('mail is off, so nothing can be sent') });
});
