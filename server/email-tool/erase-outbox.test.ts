/**
 * An erased person told to the coach's e-mail tool through its outbox, in the running app against
 * each tool's fake on 127.0.0.1: the lead lands, the coach erases them, and the erase is a delivery
 * of its own: deleted where the tool's API can delete, unsubscribed in Kit; tried again when the tool
 * is down; never run before a push of that person still being sent, and never after their next
 * push (a retake while it is pending waits for it); shown on the Deliveries screen (masked address,
 * no lead) and in the audit log, by the server. The clock moves only when told.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { DeliveriesResponse, DeliveryWithLead } from '../../src/shared/coach-api/deliveries';
import type { EraseResponse, LeadListResponse } from '../../src/shared/coach-api/leads';
import { coachApi } from '../../src/shared/coach-api/routes';
import { maskedEmail } from '../../src/shared/masked-email';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { outboxTimings, systemClock } from '../outbox/delivery-loop';
import { DAY_MS } from '../storage/rows';
import { setTestPassword, signedIn } from '../test/coach-session';
import { testConfig, validLead } from '../test/helpers';
import { steppingClock } from '../test/stepping-clock';
import { startActiveCampaignFake } from './fakes/activecampaign-fake';
import { startBrevoFake } from './fakes/brevo-fake';
import type { FakeServer } from './fakes/fake-server';
import { startKitFake } from './fakes/kit-fake';
import { startMailchimpFake } from './fakes/mailchimp-fake';
import { startMailerLiteFake } from './fakes/mailerlite-fake';
import { plainHttp } from './fakes/plain-http';
import { sampleContact } from './fakes/sample-contact';
import { defaultTagMapping } from '../../src/shared/email-tool-labels';
import { connectors } from './connectors';
import { labelsOf } from './labels';
import { mailerLite } from './mailerlite';

let app: FastifyInstance | undefined;
const fakes: FakeServer[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const fake of fakes.splice(0)) await fake.close();
});

const START = Date.UTC(2026, 10, 26, 9);
const address = validLead.email;

/** Each tool's fake, its environment, and where the lead stands in it: absent, there, or unsubscribed. */
const tools = [
  {
    tool: 'kit',
    result: 'unsubscribed',
    start: async () => {
      const fake = await startKitFake({ keys: ['kit-key'] });
      const state = () => fake.subscriber(address)?.state ?? 'absent';
      return { fake, env: { EMAIL_TOOL_API_KEY: 'kit-key' }, state, there: 'active', erased: 'cancelled' };
    },
  },
  {
    tool: 'mailerlite',
    result: 'deleted',
    start: async () => {
      const fake = await startMailerLiteFake({ keys: ['ml-key'] });
      return { fake, env: { EMAIL_TOOL_API_KEY: 'ml-key' }, state: () => (fake.subscriber(address) ? 'there' : 'absent'), there: 'there', erased: 'absent' };
    },
  },
  {
    tool: 'mailchimp',
    result: 'deleted',
    start: async () => {
      const fake = await startMailchimpFake({ keys: ['mc-key-us21'] });
      const state = () => (fake.member('a1b2c3', address) ? 'there' : 'absent');
      return { fake, env: { EMAIL_TOOL_API_KEY: 'mc-key-us21', EMAIL_TOOL_LIST: 'a1b2c3' }, state, there: 'there', erased: 'absent' };
    },
  },
  {
    tool: 'activecampaign',
    result: 'deleted',
    start: async () => {
      const fake = await startActiveCampaignFake({ keys: ['ac-key'], perSecond: 1000 });
      return { fake, env: { EMAIL_TOOL_API_KEY: 'ac-key', EMAIL_TOOL_LIST: '2' }, state: () => (fake.contact(address) ? 'there' : 'absent'), there: 'there', erased: 'absent' };
    },
  },
  {
    tool: 'brevo',
    result: 'deleted',
    start: async () => {
      const fake = await startBrevoFake({ keys: ['xkeysib-good'], perSecond: 1000 });
      return { fake, env: { EMAIL_TOOL_API_KEY: 'xkeysib-good', EMAIL_TOOL_LIST: '2' }, state: () => (fake.contact(address) ? 'there' : 'absent'), there: 'there', erased: 'absent' };
    },
  },
] as const;

/** The system's clock, with the stepping clock's shape (it is never stepped). */
const systemClockFrom = () => ({ ...steppingClock(START), ...systemClock });

/** The app with the tool set in the environment, a lead stored, and the coach signed in. */
async function start(tool: string, fake: FakeServer, env: Record<string, string>, clock = steppingClock(START)) {
  const environment = { EMAIL_TOOL: tool, EMAIL_TOOL_API_URL: fake.url, ...env };
  const started = await buildApp(testConfig({ environmentSettings: loadConfig(environment).environmentSettings }), { clock });
  app = started;
  await setTestPassword(started);
  let request = await signedIn(started);
  expect((await started.inject({ method: 'POST', url: '/api/leads', payload: validLead })).statusCode).toBe(201);
  const [lead] = (await request({ url: coachApi.leads })).json<LeadListResponse>().leads;
  const erase = async () => (await request({ method: 'DELETE', url: `${coachApi.leads}/${lead?.id ?? ''}` })).json<EraseResponse>();
  const deliveries = async (state: string) => (await request({ url: `${coachApi.deliveries}?state=${state}` })).json<DeliveriesResponse>().deliveries;
  const erases = async (state: string) => (await deliveries(state)).filter((delivery) => delivery.event === 'erase');
  const audit = async () => (await request({ url: coachApi.audit })).json<{ entries: { action: string; actor: string }[] }>().entries;
  /** Signs in again (after days have passed, the session has ended). */
  const signInAgain = async () => {
    request = await signedIn(started);
  };
  return { app: started, clock, request: (...args: Parameters<typeof request>) => request(...args), erase, deliveries, erases, audit, signInAgain };
}

/** The person's push delivered to `fake`, then the person erased on the dashboard: the erase is queued for the tool. */
async function startPushedThenErased(tool: string, fake: FakeServer, apiKey: string) {
  fakes.push(fake);
  const started = await start(tool, fake, { EMAIL_TOOL_API_KEY: apiKey });
  expect(await started.app.toolOutbox.deliverDue()).toMatchObject({ delivered: 1 });
  expect(await started.erase()).toMatchObject({ emailTool: 'queued' });
  return started;
}

for (const { tool, result, start: startFake } of tools) {
  test(`${tool}: an erase goes through the outbox and the person is ${result} there; the Deliveries screen and the audit log say so`, async () => {
    const { fake, env, state, there, erased } = await startFake();
    fakes.push(fake);
    // The system's clock: the tools' pacing (per second for some) runs in real time here.
    const { app, erase, erases, audit } = await start(tool, fake, env, systemClockFrom());
    // The contact is in the tool (pushed by an earlier submission); this one's push still waits.
    const settings = { tool, apiKey: env.EMAIL_TOOL_API_KEY, apiUrl: fake.url, list: 'EMAIL_TOOL_LIST' in env ? env.EMAIL_TOOL_LIST : null };
    expect(await connectors[tool](settings, plainHttp(fake.url)).upsert(sampleContact('123123123', address))).toMatchObject({ kind: 'done' });
    expect(state()).toBe(there);

    // The waiting push goes with the person: it can never add them back.
    expect(await erase()).toEqual({ erased: { submissions: 1, pendingDeliveries: 1 }, emailTool: 'queued' });
    // Queued with the erase, sent by the loop: until then the tool still has them.
    expect(state()).toBe(there);
    expect(await erases('pending')).toEqual([
      expect.objectContaining({ channel: 'tool', state: 'pending', leadId: null, leadFirstName: '', leadMaskedEmail: maskedEmail(address), erase: { tool: null, result: null, retryable: true } }),
    ]);
    expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 1 });
    expect(state()).toBe(erased);

    const [done] = await erases('delivered');
    expect(done).toMatchObject({ state: 'delivered', leadId: null, leadMaskedEmail: maskedEmail(address), erase: { tool, result, retryable: false } });
    expect((await audit()).slice(0, 2)).toEqual([
      { action: result === 'deleted' ? 'email_tool_deleted' : 'email_tool_unsubscribed', actor: 'server', sessionId: null, signedIn: null, fields: null, changes: null, restoredFrom: null, at: expect.any(String) },
      expect.objectContaining({ action: 'erase', actor: 'dashboard' }),
    ]);
    // Done is done: nothing more is sent.
    expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 0, retrying: 0 });
  });
}

test('the tool down at erase time: the erase is tried again after the backoff and then done; its failure is shown meanwhile', async () => {
  const fake = await startMailerLiteFake({ keys: ['ml-key'] });
  const { app, clock, erases } = await startPushedThenErased('mailerlite', fake, 'ml-key');

  fake.upcoming.push({ status: 503, body: { message: 'Service Unavailable' } });
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ retrying: 1 });
  expect(fake.subscriber(address)).not.toBeNull();
  const [failing] = await erases('failing');
  expect(failing).toMatchObject({ state: 'pending', attempts: 1, lastStatus: 503, erase: { tool: 'mailerlite', result: null, retryable: true } });

  // Not before its time; then done.
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 0, retrying: 0 });
  await clock.advanceTo(Date.parse((failing as DeliveryWithLead).nextAttemptAt ?? '') + 1);
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 1 });
  expect(fake.subscriber(address)).toBeNull();
  expect(await erases('delivered')).toEqual([expect.objectContaining({ attempts: 2, erase: { tool: 'mailerlite', result: 'deleted', retryable: false } })]);
});

test('an erase the tool never takes is given up after three days: its address wiped, Retry refused, the audit log says to remove them by hand', async () => {
  const fake = await startMailerLiteFake({ keys: ['ml-key'] });
  const { app, clock, erases, request, audit, signInAgain } = await startPushedThenErased('mailerlite', fake, 'ml-key');
  // A failure a day: the fourth, three days after the erase, is the last.
  const days: number[] = [];
  for (let day = 0; day < 10 && !days.includes(1); day += 1) {
    fake.upcoming.push({ status: 500, body: { message: 'Server Error' } });
    days.push((await app.toolOutbox.deliverDue()).expired);
    await clock.advanceTo(clock.now() + DAY_MS);
  }
  expect(days).toEqual([0, 0, 0, 1]);
  expect(fake.subscriber(address)).not.toBeNull();
  await signInAgain();
  const [given] = await erases('expired');
  expect(given).toMatchObject({ state: 'expired', lastStatus: 500, erase: { tool: 'mailerlite', result: null, retryable: false } });
  const retried = await request({ method: 'POST', url: `/api/coach/deliveries/${given?.id ?? ''}/retry` });
  expect(retried.statusCode).toBe(409);
  expect(retried.json()).toMatchObject({ error: 'erase_address_wiped' });
  expect((await audit()).slice(0, 2)).toEqual([expect.objectContaining({ action: 'sign_in' }), expect.objectContaining({ action: 'email_tool_erase_failed', actor: 'server' })]);
});

test('a failing erase is retried by hand from the Deliveries screen, and done', async () => {
  const fake = await startKitFake({ keys: ['kit-key'] });
  const { app, erases, request } = await startPushedThenErased('kit', fake, 'kit-key');
  fake.upcoming.push({ status: 502, body: 'Bad Gateway' });
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ retrying: 1 });
  const [failing] = await erases('failing');
  const retried = await request({ method: 'POST', url: `/api/coach/deliveries/${failing?.id ?? ''}/retry` });
  expect(retried.statusCode).toBe(200);
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 1 });
  expect(fake.subscriber(address)?.state).toBe('cancelled');
});

test('a push of the person still being sent when they are erased never lands after the erase: the erase waits for its lease', async () => {
  const fake = await startMailerLiteFake({ keys: ['ml-key'] });
  fakes.push(fake);
  const { app, clock, erase } = await start('mailerlite', fake, { EMAIL_TOOL_API_KEY: 'ml-key' });
  // Another instance has claimed the lead's push and is sending it (its lease: a minute).
  const [push] = await app.storage.outbox.tool.claimDue(clock.now(), 10, outboxTimings.leaseMs);
  if (!push) throw new Error('the lead waits for the tool');
  expect(push.event).toBe('lead.submitted');
  expect(await erase()).toMatchObject({ erased: { pendingDeliveries: 1 }, emailTool: 'queued' });
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 0 });

  // Its request reaches the tool after the erase (a slow network): the contact is there again...
  const connector = mailerLite({ tool: 'mailerlite', apiKey: 'ml-key', apiUrl: fake.url, list: null }, plainHttp(fake.url));
  expect(await connector.upsert(sampleContact('123123123', address))).toMatchObject({ kind: 'done' });
  // ...and the erase, due once that lease is over, removes them for good.
  await clock.advanceTo(START + outboxTimings.leaseMs);
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 1 });
  expect(fake.subscriber(address)).toBeNull();
  // The push's own outcome, recorded late, changes nothing: its row went with the person.
  await app.storage.outbox.tool.record([{ row: push, state: 'delivered', nextAttemptAt: null, status: 200, reply: null, now: clock.now() }]);
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 0, retrying: 0 });
  expect(fake.subscriber(address)).toBeNull();
});

/** The retake's ratings: other labels than the first lead's. */
const retake = { ...validLead, ratings: [3, 3, 3, 3, 2, 2, 2, 1, 1] as const };
const retakeLabels = labelsOf(retake.ratings, defaultTagMapping).sort();

/** The person pushed, erased while the tool is down (the erase fails `failures` times), then taking the quiz again. */
async function erasedThenRetaken(failures: number) {
  const fake = await startMailerLiteFake({ keys: ['ml-key'] });
  const started = await startPushedThenErased('mailerlite', fake, 'ml-key');
  const { app, clock, erases } = started;
  for (let failure = 1; failure <= failures; failure += 1) {
    fake.upcoming.push({ status: 503, body: { message: 'Service Unavailable' } });
    expect(await app.toolOutbox.deliverDue()).toMatchObject({ retrying: 1 });
    const [failing] = await erases('failing');
    expect(failing).toMatchObject({ attempts: failure });
    if (failure < failures) await clock.advanceTo(Date.parse(failing?.nextAttemptAt ?? '') + 1);
  }
  const [erase] = await erases('failing');
  const eraseDueAt = Date.parse(erase?.nextAttemptAt ?? '');
  expect(fake.subscriber(address)?.groups.sort()).not.toEqual(retakeLabels);
  expect((await app.inject({ method: 'POST', url: '/api/leads', payload: retake })).statusCode).toBe(201);
  return { ...started, fake, eraseDueAt, retakenAt: clock.now() };
}

test('a retake while the erase is still pending: its push, due first, waits for the erase (not counted as failing), and the tool ends with the new lead', async () => {
  const { app, clock, fake, deliveries, eraseDueAt, retakenAt } = await erasedThenRetaken(2);
  expect(eraseDueAt).toBeGreaterThan(retakenAt);
  // The tool is back; the push is due, the erase not yet: the push waits, and is no failure.
  expect(await app.toolOutbox.deliverDue()).toEqual({ delivered: 0, retrying: 0, gone: 0, expired: 0 });
  expect(await deliveries('failing')).toEqual([expect.objectContaining({ event: 'erase' })]);
  expect(await deliveries('pending')).toContainEqual(expect.objectContaining({ event: 'lead.submitted', attempts: 0, lastStatus: null }));

  // The erase, at its time, removes the old contact; then the push makes the new one.
  await clock.advanceTo(eraseDueAt + 1);
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 1, retrying: 0 });
  expect(fake.subscriber(address)).toBeNull();
  await clock.advanceTo(Math.max(clock.now(), retakenAt + outboxTimings.leaseMs));
  expect(await app.toolOutbox.deliverDue()).toMatchObject({ delivered: 1, retrying: 0 });
  expect(fake.subscriber(address)?.groups.sort()).toEqual(retakeLabels);
  expect(await deliveries('pending')).toEqual([]);
  expect(await deliveries('delivered')).toContainEqual(expect.objectContaining({ event: 'lead.submitted', attempts: 1 }));
});

test("the erase and the retake's push claimed in one round: the erase goes, the push waits for the next", async () => {
  const { app, clock, fake, eraseDueAt } = await erasedThenRetaken(1);
  await clock.advanceTo(eraseDueAt + 1);
  // Both are due: only the erase is sent in this round.
  expect(await app.toolOutbox.deliverDue()).toEqual({ delivered: 1, retrying: 0, gone: 0, expired: 0 });
  expect(fake.subscriber(address)).toBeNull();
  await clock.advanceTo(eraseDueAt + 1 + outboxTimings.leaseMs);
  expect(await app.toolOutbox.deliverDue()).toEqual({ delivered: 1, retrying: 0, gone: 0, expired: 0 });
  expect(fake.subscriber(address)?.groups.sort()).toEqual(retakeLabels);
});
