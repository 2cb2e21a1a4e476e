/**
 * The coach's e-mail tool in the running app: a lead submitted with the consent box off lands in the
 * tool tagged by its profile, through the outbox; without a key to seal an erased person's address
 * (Postgres without SETTINGS_ENCRYPTION_KEY) the tool is told at once, and the erase's answer and the
 * audit log say what it did; the Deliveries screen knows a tool is set. Against the fakes on 127.0.0.1, set in the environment (the
 * operator's address).
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { DeliveriesResponse } from '../../src/shared/coach-api/deliveries';
import type { EraseResponse, LeadListResponse } from '../../src/shared/coach-api/leads';
import { coachApi } from '../../src/shared/coach-api/routes';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { setTestPassword, signedIn } from '../test/coach-session';
import { testConfig, validLead } from '../test/helpers';
import { startKitFake } from './fakes/kit-fake';
import type { ServerConfig } from '../config';
import { freshPostgres } from '../test/postgres';
import { startMailerLiteFake } from './fakes/mailerlite-fake';
import { plainHttp } from './fakes/plain-http';
import { sampleContact } from './fakes/sample-contact';
import { mailerLite } from './mailerlite';

let app: FastifyInstance | undefined;
const fakes: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const fake of fakes.splice(0)) await fake.close();
});

async function start(environment: Record<string, string>, config: Partial<ServerConfig> = {}) {
  app = await buildApp(testConfig({ environmentSettings: loadConfig(environment).environmentSettings, ...config }));
  await setTestPassword(app);
  const request = await signedIn(app);
  const stored = await app.inject({ method: 'POST', url: '/api/leads', payload: validLead });
  expect(stored.statusCode).toBe(201);
  const [lead] = (await request({ url: coachApi.leads })).json<LeadListResponse>().leads;
  const erase = async () => (await request({ method: 'DELETE', url: `${coachApi.leads}/${lead?.id ?? ''}` })).json<EraseResponse>();
  const audit = async () => (await request({ url: coachApi.audit })).json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action);
  return { request, erase, audit };
}

// Through the outbox, per tool, with its Deliveries row: ./erase-outbox.test.ts.
test('on Postgres without SETTINGS_ENCRYPTION_KEY the address cannot be kept sealed: MailerLite is told at once, and the answer and the audit log say what it did', async () => {
  const fake = await startMailerLiteFake({ keys: ['ml-key'] });
  fakes.push(fake);
  await mailerLite({ tool: 'mailerlite', apiKey: 'ml-key', apiUrl: fake.url, list: null }, plainHttp(fake.url)).upsert(sampleContact('222222222', validLead.email));
  const environment = { EMAIL_TOOL: 'mailerlite', EMAIL_TOOL_API_KEY: 'ml-key', EMAIL_TOOL_API_URL: fake.url };
  const deleted = await start(environment, { database: await freshPostgres(), settingsKey: null });
  expect(await deleted.erase()).toEqual({ erased: { submissions: 1, pendingDeliveries: 1 }, emailTool: 'deleted' });
  expect(fake.subscriber(validLead.email)).toBeNull();
  expect((await deleted.audit()).slice(0, 2)).toEqual(['email_tool_deleted', 'erase']);
  await app?.close();

  fake.upcoming.push({ status: 503, body: { message: 'Service Unavailable' } });
  const failed = await start(environment, { database: await freshPostgres(), settingsKey: null });
  expect(await failed.erase()).toMatchObject({ emailTool: 'failed' });
  expect((await failed.audit())[0]).toBe('email_tool_erase_failed');
});

test('a lead submitted with the consent box off reaches Kit through the outbox, tagged by its profile, and the delivery is shown', async () => {
  const fake = await startKitFake({ keys: ['kit-key'] });
  fakes.push(fake);
  const { request } = await start({ EMAIL_TOOL: 'kit', EMAIL_TOOL_API_KEY: 'kit-key', EMAIL_TOOL_API_URL: fake.url, EMAIL_TOOL_LIST: '501' });
  expect(await app?.toolOutbox.deliverDue()).toMatchObject({ delivered: 1 });
  expect(fake.subscriber(validLead.email)).toMatchObject({
    firstName: validLead.firstName,
    forms: ['501'],
    tags: ['Core Drivers quiz', 'Needs support: Impulse Control', 'Needs support: Task Initiation', 'Needs support: Time Management', 'Pattern: Strong and needs support', 'Strength: Emotional Regulation', 'Strength: Organization', 'Strength: Self-Monitoring'],
  });
  const { deliveries } = (await request({ url: `${coachApi.deliveries}?state=delivered` })).json<DeliveriesResponse>();
  expect(deliveries).toEqual([expect.objectContaining({ channel: 'tool', event: 'lead.submitted', state: 'delivered', lastStatus: 200 })]);
});

test('a contact waiting for the e-mail tool is retried by hand with only the tool set: its own loop is woken, not refused as a webhook', async () => {
  const fake = await startKitFake({ keys: ['kit-key'] });
  fakes.push(fake);
  const { request } = await start({ EMAIL_TOOL: 'kit', EMAIL_TOOL_API_KEY: 'kit-key', EMAIL_TOOL_API_URL: fake.url });
  const waiting = (await request({ url: `${coachApi.deliveries}?state=pending` })).json<DeliveriesResponse>().deliveries;
  const toTool = waiting.find((delivery) => delivery.channel === 'tool');
  expect(toTool, 'the lead waits for the e-mail tool').toBeDefined();

  const retried = await request({ method: 'POST', url: `/api/coach/deliveries/${toTool?.id ?? ''}/retry` });
  expect(retried.statusCode).toBe(200);
  expect(retried.json()).toMatchObject({ delivery: { channel: 'tool', state: 'pending' } });
});
