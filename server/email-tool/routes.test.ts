/**
 * "Your e-mail tool" as the coach sets and checks it on the dashboard, against a fake Brevo and a fake
 * ActiveCampaign on 127.0.0.1: the key stored sealed and never sent back, the account and lists of a
 * key pasted but not saved, a test contact with the mapping in force, the environment winning, and
 * OUTBOUND_ALLOWED_HOSTS holding a dashboard-set address.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { AuditLogResponse, SettingsVersionsResponse } from '../../src/shared/coach-api/audit';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import { emailToolApi, type ToolCheckResult, type ToolTestResult } from '../../src/shared/email-tool-api';
import { buildApp } from '../app';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { setTestPassword, signedIn } from '../test/coach-session';
import { testConfig } from '../test/helpers';
import { startActiveCampaignFake } from './fakes/activecampaign-fake';
import { startBrevoFake, type BrevoFake } from './fakes/brevo-fake';

let app: FastifyInstance | undefined;
const fakes: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  await app?.close();
  app = undefined;
  for (const fake of fakes.splice(0)) await fake.close();
});

async function brevoFake(): Promise<BrevoFake> {
  const fake = await startBrevoFake({ keys: ['xkeysib-good'] });
  fakes.push(fake);
  return fake;
}

async function start(overrides: Partial<ServerConfig> = {}) {
  app = await buildApp(testConfig(overrides));
  await setTestPassword(app);
  const request = await signedIn(app);
  const check = async (payload: object) => {
    const response = await request({ method: 'POST', url: emailToolApi.check, payload });
    expect(response.statusCode).toBe(200);
    return response.json<ToolCheckResult>();
  };
  const sendTest = async (email: string) => {
    const response = await request({ method: 'POST', url: emailToolApi.test, payload: { email } });
    expect(response.statusCode).toBe(200);
    return response.json<ToolTestResult>();
  };
  const save = (payload: object) => request({ method: 'PATCH', url: coachApi.settings, payload });
  return { app, request, check, sendTest, save };
}

test('a pasted key shows its account and lists before it is saved; saved, it is sealed, never sent back, and logged only as changed', async () => {
  const fake = await brevoFake();
  const { request, check, save, app: running } = await start();
  expect(await check({ tool: 'brevo', apiKey: 'xkeysib-good', apiUrl: fake.url })).toEqual({
    ok: true,
    tool: 'brevo',
    account: 'Focus Coaching (sam@coach.example)',
    listWord: 'list',
    lists: [
      { id: '2', name: 'Newsletter' },
      { id: '3', name: 'Course waitlist' },
    ],
  });
  expect((await save({ emailTool: 'brevo', emailToolApiKey: 'xkeysib-good', emailToolApiUrl: fake.url, emailToolList: '2' })).statusCode).toBe(200);

  const settings = (await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>();
  expect(settings.values.emailToolApiKey).toBeNull();
  expect(settings.secretsSet.emailToolApiKey).toBe(true);
  expect(settings.values).toMatchObject({ emailTool: 'brevo', emailToolList: '2', emailToolApiUrl: fake.url });
  expect(JSON.stringify(settings)).not.toContain('xkeysib-good');
  const stored = await running.storage.settings.readSettings();
  expect(stored.values.emailToolApiKey).toBeDefined();
  expect(stored.values.emailToolApiKey).not.toContain('xkeysib-good');

  const versions = (await request({ method: 'GET', url: coachApi.settingsVersions })).json<SettingsVersionsResponse>();
  expect(JSON.stringify(versions)).not.toContain('xkeysib-good');
  const audit = (await request({ method: 'GET', url: coachApi.audit })).json<AuditLogResponse>();
  const change = audit.entries.find((entry) => entry.action === 'settings_changed');
  expect(change?.changes?.find((line) => line.field === 'emailToolApiKey')).toMatchObject({ secret: true });
  expect(JSON.stringify(audit)).not.toContain('xkeysib-good');

  // Saved: the check needs no draft, and the key in force is the sealed one, opened.
  expect(await check({})).toMatchObject({ ok: true, account: 'Focus Coaching (sam@coach.example)' });
});

test('a bad key, a missing key or tool, and a tool that needs its own address each say what to fix', async () => {
  const fake = await brevoFake();
  const { check } = await start();
  expect(await check({ tool: 'brevo', apiKey: 'xkeysib-wrong', apiUrl: fake.url })).toEqual({
    ok: false,
    problem: { kind: 'bad-key', status: 401, message: 'Key not found', field: 'emailToolApiKey' },
  });
  expect(await check({})).toMatchObject({ ok: false, problem: { kind: 'not-ready', field: 'emailTool' } });
  expect(await check({ tool: 'brevo' })).toMatchObject({ ok: false, problem: { kind: 'not-ready', field: 'emailToolApiKey', message: 'Paste your Brevo API key first.' } });
  expect(await check({ tool: 'activecampaign', apiKey: 'ac-key' })).toMatchObject({
    ok: false,
    problem: { kind: 'not-ready', field: 'emailToolApiUrl', message: expect.stringContaining('ActiveCampaign needs your account') },
  });
});

test('"Send a test contact" pushes one contact with the mapping in force, as renamed and switched off, and shows the tool answer', async () => {
  const fake = await brevoFake();
  const { save, sendTest, request } = await start();
  const mapping = {
    everyone: { on: true, name: 'From my quiz' },
    needsSupport: { on: true, name: 'Wants help' },
    strength: { on: false, name: 'Strength' },
    pattern: { on: false, name: 'Pattern' },
    ratingField: null,
  };
  expect((await save({ emailTool: 'brevo', emailToolApiKey: 'xkeysib-good', emailToolApiUrl: fake.url, emailToolList: '2', emailToolLabels: mapping })).statusCode).toBe(200);
  const result = await sendTest('sam@coach.example');
  expect(result).toMatchObject({ ok: true, outcome: 'done', detail: 'Contact created: 4 label lists, 0 left.' });
  // The sample profile: three drivers need support; strengths and the pattern are switched off.
  expect(result.labels[0]).toBe('From my quiz');
  expect(result.labels.slice(1)).toHaveLength(3);
  for (const label of result.labels.slice(1)) expect(label).toMatch(/^Wants help: /);
  expect(fake.contact('sam@coach.example')?.lists).toEqual([...result.labels, 'Newsletter'].sort());
  const audit = (await request({ method: 'GET', url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries[0]?.action).toBe('email_tool_test');

  expect((await request({ method: 'POST', url: emailToolApi.test, payload: { email: 'not an address' } })).statusCode).toBe(400);
});

test('set in the environment, the tool wins: the dashboard cannot change it and a draft does not override it', async () => {
  const fake = await startActiveCampaignFake({ keys: ['ac-env-key'] });
  fakes.push(fake);
  const environment = loadConfig({ EMAIL_TOOL: 'activecampaign', EMAIL_TOOL_API_KEY: 'ac-env-key', EMAIL_TOOL_API_URL: fake.url, EMAIL_TOOL_LIST: '1' }).environmentSettings;
  const { save, check, request } = await start({ environmentSettings: environment });
  const refused = await save({ emailToolApiKey: 'other-key' });
  expect(refused.statusCode).toBe(400);
  expect(refused.json<{ message: string }>().message).toBe('E-mail tool API key is set on the server (EMAIL_TOOL_API_KEY), which wins: change it there.');
  expect(await check({ tool: 'brevo', apiKey: 'xkeysib-good' })).toMatchObject({ ok: true, tool: 'activecampaign', account: 'Sam Rivera (sam@coach.example)' });
  const settings = (await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>();
  expect(settings.sources).toMatchObject({ emailTool: 'environment', emailToolApiKey: 'environment', emailToolApiUrl: 'environment', emailToolList: 'environment' });
  expect(settings.variables.emailToolApiKey).toBe('EMAIL_TOOL_API_KEY');
});

test('an address set on the dashboard passes OUTBOUND_ALLOWED_HOSTS: refused when saved, blocked when checked', async () => {
  const fake = await brevoFake();
  const { save, check } = await start({ outbound: loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'external' }).outbound });
  const refused = await save({ emailTool: 'brevo', emailToolApiUrl: fake.url });
  expect(refused.statusCode).toBe(400);
  expect(refused.json<{ field: string; message: string }>()).toMatchObject({ field: 'emailToolApiUrl', message: expect.stringContaining('OUTBOUND_ALLOWED_HOSTS') });
  expect(await check({ tool: 'brevo', apiKey: 'xkeysib-good', apiUrl: fake.url })).toMatchObject({
    ok: false,
    problem: { kind: 'blocked', field: 'emailToolApiUrl', message: expect.stringContaining('OUTBOUND_ALLOWED_HOSTS') },
  });
  expect(fake.log).toEqual([]);
});

test.each([
  [{ EMAIL_TOOL: 'sendgrid' }, 'EMAIL_TOOL is not valid. E-mail tool: choose one of Kit, MailerLite, Mailchimp, ActiveCampaign, Brevo'],
  [{ EMAIL_TOOL_API_KEY: 'key' }, 'EMAIL_TOOL_API_KEY is set without EMAIL_TOOL'],
  [{ EMAIL_TOOL: 'activecampaign', EMAIL_TOOL_API_KEY: 'key' }, 'EMAIL_TOOL_API_URL is needed with EMAIL_TOOL=activecampaign'],
  [{ EMAIL_TOOL: 'mailchimp', EMAIL_TOOL_API_KEY: 'key-without-centre' }, 'EMAIL_TOOL_API_URL is needed with this Mailchimp key'],
  [{ EMAIL_TOOL: 'kit', EMAIL_TOOL_API_URL: 'http://api.kit.com' }, 'EMAIL_TOOL_API_URL is not valid. E-mail tool API address: use an address that starts with https://'],
  [{ EMAIL_TOOL: 'kit', EMAIL_TOOL_API_KEY: 'two words' }, 'EMAIL_TOOL_API_KEY is not valid.'],
])('start-up refuses %j with a message naming the variable', (env, message) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(message);
});

test('a valid environment starts, with each tool address its own unless given', () => {
  expect(loadConfig({ EMAIL_TOOL: 'Brevo', EMAIL_TOOL_API_KEY: 'xkeysib-1' }).environmentSettings).toMatchObject({ emailTool: 'brevo', emailToolApiKey: 'xkeysib-1' });
  expect(loadConfig({ EMAIL_TOOL: 'mailchimp', EMAIL_TOOL_API_KEY: 'abc-us21' }).environmentSettings).toMatchObject({ emailTool: 'mailchimp' });
});
