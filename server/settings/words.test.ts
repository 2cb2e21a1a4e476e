/** The coach's own words (the setting `words`, src/shared/words.ts) through the settings API to the pages served. */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { resultsCopy } from '../../src/content/results';
import type { AuditLogResponse, SettingsVersionsResponse } from '../../src/shared/coach-api/audit';
import { coachApi, restoreSettingsPath } from '../../src/shared/coach-api/routes';
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../src/shared/site-config';
import { buildApp } from '../app';
import { setTestPassword, signedIn } from '../test/coach-session';
import { sqliteDb, testConfig } from '../test/helpers';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start() {
  app = await buildApp(testConfig());
  await setTestPassword(app);
  return { app, request: await signedIn(app) };
}

async function page(path: string): Promise<{ html: string; settings: SiteConfig }> {
  if (!app) throw new Error('start the app first');
  const html = (await app.inject({ method: 'GET', url: path })).body;
  const json = new RegExp(`<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">(.*?)</script>`, 's').exec(html)?.[1];
  return { html, settings: JSON.parse(json ?? 'null') as SiteConfig };
}

test('the coach’s texts are checked, stored, audit-logged and carried by every page; the e-mail’s stay on the server', async () => {
  const { request } = await start();
  const words = { 'landing.headline': '  Find   your drivers ', 'drivers.4.tip': 'Start with one line.', 'email.subject': 'Your quiz results' };
  const response = await request({ method: 'PATCH', url: coachApi.settings, payload: { words } });
  expect(response.statusCode).toBe(200);
  const stored = { 'landing.headline': 'Find your drivers', 'drivers.4.tip': 'Start with one line.', 'email.subject': 'Your quiz results' };
  expect(response.json<SettingsResponse>().values.words).toEqual(stored);
  for (const path of ['/', '/quiz', '/results']) {
    expect((await page(path)).settings.words, path).toEqual({ 'landing.headline': 'Find your drivers', 'drivers.4.tip': 'Start with one line.' });
  }
  const audit = (await request({ method: 'GET', url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries[0]).toMatchObject({ action: 'settings_changed', fields: ['words'] });
});

test.each([
  ['an unknown text', { 'landing.nope': 'x' }, /There is no text called "landing.nope"/],
  ['a text too long', { 'landing.headline': 'x'.repeat(121) }, /^Landing › Headline: at most 120 characters \(this has 121\)/],
  ['an empty text', { 'drivers.4.tip': '  ' }, /^Task Initiation › Tip \(rated 1\): write something/],
  ['a text that hides what it says', { 'landing.cta': 'Start\u202Enow' }, /invisible or control characters/],
  ['not an object', ['x'], /send them as a JSON object/],
])('%s is refused with 400 naming it, and nothing is stored', async (_name, words, message) => {
  const { request } = await start();
  const response = await request({ method: 'PATCH', url: coachApi.settings, payload: { words } });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ field: 'words', message: expect.stringMatching(message) });
  expect((await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>().values.words).toBeNull();
});

test('with no text changed, and after every change is reset, the pages are byte for byte what they were', async () => {
  const { request } = await start();
  const before = await Promise.all(['/', '/quiz', '/results', '/nowhere'].map(async (path) => (await page(path)).html));
  expect(before[0]).not.toContain('"words"');
  await request({ method: 'PATCH', url: coachApi.settings, payload: { words: { 'landing.headline': 'Find your drivers' } } });
  expect((await page('/')).html).not.toBe(before[0]);
  // A text sent back as ours is not kept: the same as no text at all.
  await request({ method: 'PATCH', url: coachApi.settings, payload: { words: { 'landing.headline': 'Discover Your Core Drivers' } } });
  expect((await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>().values.words).toEqual({});
  expect(await Promise.all(['/', '/quiz', '/results', '/nowhere'].map(async (path) => (await page(path)).html))).toEqual(before);
  await request({ method: 'PATCH', url: coachApi.settings, payload: { words: null } });
  expect(await Promise.all(['/', '/quiz', '/results', '/nowhere'].map(async (path) => (await page(path)).html))).toEqual(before);
});

test('the gate’s notice in the coach’s words is what the consent record stores, as a new version', async () => {
  const { request } = await start();
  const before = (await page('/results')).settings.consentVersion;
  const notice = 'Your email goes to me, Dana. I may write to you about your results.';
  await request({ method: 'PATCH', url: coachApi.settings, payload: { words: { 'results.gate.notice': notice } } });
  const after = (await page('/results')).settings.consentVersion;
  expect(after).not.toBe(before);
  const submitted = await app?.inject({
    method: 'POST',
    url: '/api/leads',
    payload: { email: 'ana@example.com', firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3], consent: { version: after, marketing: false } },
  });
  expect(submitted?.statusCode).toBe(201);
  const row = sqliteDb(app as FastifyInstance).prepare<[], { consent_wording: string }>('SELECT consent_wording FROM submissions').get();
  expect(row?.consent_wording).toContain(notice);
  expect(row?.consent_wording).not.toContain(resultsCopy.gate.notice);
});

test('the history: each change of a text in the audit log with its old and new text, and an earlier version restored in one step', async () => {
  const { request } = await start();
  await request({ method: 'PATCH', url: coachApi.settings, payload: { words: { 'landing.headline': 'Find your drivers' } } });
  await request({ method: 'PATCH', url: coachApi.settings, payload: { words: { 'landing.headline': 'Meet your drivers', 'drivers.4.tip': 'Start with one line.' } } });
  const audit = (await request({ method: 'GET', url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries[0]?.changes).toEqual([
    { field: 'words.landing.headline', label: 'Your words › Landing › Headline', from: 'Find your drivers', to: 'Meet your drivers', secret: false },
    { field: 'words.drivers.4.tip', label: 'Your words › Task Initiation › Tip (rated 1)', from: expect.stringMatching(/^ours: Make a 2-minute deal/), to: 'Start with one line.', secret: false },
  ]);
  const versions = (await request({ method: 'GET', url: coachApi.settingsVersions })).json<SettingsVersionsResponse>().versions;
  const first = versions.find((version) => version.changes.some((change) => change.to === 'Find your drivers'));
  expect(first).toBeDefined();
  expect((await request({ method: 'POST', url: restoreSettingsPath(first?.revision ?? 0) })).statusCode).toBe(200);
  expect((await page('/')).settings.words).toEqual({ 'landing.headline': 'Find your drivers' });
});
