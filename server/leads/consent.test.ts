import { parse } from 'csv-parse/sync';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { resultsCopy } from '../../src/content/results';
import { SITE_CONFIG_ELEMENT_ID, type SiteConfig } from '../../src/shared/site-config';
import { ConfigError, loadConfig, type ServerConfig } from '../config';
import { openSqlite } from '../storage/sqlite/binding';
import { DATABASE_FILE } from '../storage/sqlite/connection';
import { migrations } from '../storage/sqlite/migrations';
import { SqliteStorage } from '../storage/sqlite/storage';
import { postLead, type RunningApp, startApp, tempDir, testConfig, validLead, webhookEnvironment } from '../test/helpers';
import { csvChunks, writeCsv } from './export';
import { startLocalReceiver } from '../test/webhook-receiver';
import { consentRecord, consentVersion, consentWording, type ConsentSettings } from './consent';

const privacyUrl = 'https://coach.example/privacy';
const boxText = 'Yes, send me the weekly tips.';
const withBox: ConsentSettings = { privacyUrl, consentCheckbox: true, consentText: boxText };
const withoutBox: ConsentSettings = { privacyUrl: null, consentCheckbox: false, consentText: boxText };

test('the wording holds the notice under the button, the privacy link and the box, each when shown', () => {
  expect(consentWording(withoutBox)).toBe(resultsCopy.gate.notice);
  // With mail on, the line under the button also says the profile arrives by email: part of the wording.
  expect(consentWording({ ...withoutBox, mailOn: true })).toBe(`${resultsCopy.gate.notice} ${resultsCopy.gate.mailNotice}`);
  expect(consentWording(withBox).split('\n')).toEqual([
    resultsCopy.gate.notice,
    `Privacy policy: ${privacyUrl}`,
    `Checkbox (unticked at first): ${boxText}`,
  ]);
  // Another wording is another version.
  expect(consentVersion(consentWording(withBox))).not.toBe(consentVersion(consentWording(withoutBox)));
  expect(consentVersion(consentWording(withBox))).toMatch(/^[0-9a-f]{16}$/);
});

const current = consentVersion(consentWording(withBox));
test.each([
  ['box shown and ticked', withBox, { version: current, marketing: true }, { version: current, wording: consentWording(withBox), marketing: true }],
  ['box shown, left unticked', withBox, { version: current, marketing: false }, { version: current, wording: consentWording(withBox), marketing: false }],
  ['box shown, its answer missing: not ticked', withBox, { version: current }, { version: current, wording: consentWording(withBox), marketing: false }],
  [
    'no box: a claimed tick counts for nothing',
    withoutBox,
    { version: consentVersion(consentWording(withoutBox)), marketing: true },
    { version: consentVersion(consentWording(withoutBox)), wording: resultsCopy.gate.notice, marketing: null },
  ],
  ['an older wording: kept as unknown, no consent', withBox, { version: '0123456789abcdef', marketing: true }, { version: '0123456789abcdef', wording: null, marketing: null }],
  ['nothing sent (an API client)', withBox, undefined, { version: null, wording: null, marketing: null }],
] as const)('consent record: %s', (_case, settings, sent, expected) => {
  expect(consentRecord(settings, sent)).toEqual(expected);
});

test.each([
  [{}, {}],
  [{ CONSENT_CHECKBOX: 'on' }, { consentCheckbox: true }],
  [{ CONSENT_CHECKBOX: 'ON', CONSENT_TEXT: '  Email me   news. ' }, { consentCheckbox: true, consentText: 'Email me news.' }],
  [{ CONSENT_CHECKBOX: 'off', CONSENT_TEXT: 'unused' }, { consentCheckbox: false, consentText: 'unused' }],
  [{ PRIVACY_URL: privacyUrl }, { privacyUrl }],
] satisfies [Record<string, string>, ServerConfig['environmentSettings']][])('consent settings from %o', (env, expected) => {
  expect(loadConfig(env).environmentSettings).toEqual(expected);
});

test('with the box off, a consent text given in the environment is not part of the wording', () => {
  expect(consentWording({ privacyUrl: null, consentCheckbox: false, consentText: 'unused' })).toBe(resultsCopy.gate.notice);
});

test.each([
  [{ CONSENT_CHECKBOX: 'maybe' }, /CONSENT_CHECKBOX must be on or off/],
  [{ CONSENT_CHECKBOX: 'on', CONSENT_TEXT: 'x'.repeat(301) }, /CONSENT_TEXT is not valid\. Consent box wording: at most 300 characters/],
  [{ PRIVACY_URL: 'coach.example/privacy' }, /PRIVACY_URL is not valid\. Privacy policy link: use an address that starts with https:\/\//],
  [{ PRIVACY_URL: 'http://coach.example/privacy' }, /PRIVACY_URL is not valid\. Privacy policy link: use https:\/\//],
])('a bad consent setting stops the start: %o', (env, message) => {
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(message);
});

let running: RunningApp | undefined;
afterEach(async () => {
  await running?.app.close();
  running = undefined;
});

/** The app with the box on, a privacy policy and a webhook to a local receiver. */
async function startWithConsent() {
  const receiver = await startLocalReceiver();
  running = await startApp(
    testConfig({
      environmentSettings: {
        privacyUrl,
        consentCheckbox: true,
        consentText: boxText,
        ...webhookEnvironment(receiver.url, 'a-webhook-secret-of-24-characters').environmentSettings,
      },
    }),
  );
  return { url: running.url, app: running.app, receiver };
}

/** The settings the server put into the results page, as the visitor's browser reads them. */
async function pageSettings(url: string): Promise<SiteConfig> {
  const html = await (await fetch(`${url}/results`)).text();
  const json = new RegExp(`<script type="application/json" id="${SITE_CONFIG_ELEMENT_ID}">(.*?)</script>`).exec(html)?.[1];
  return JSON.parse(json ?? 'null') as SiteConfig;
}

test('the page gets the box, the privacy link and the wording version; the record reaches the webhook and the export', async () => {
  const { url, app, receiver } = await startWithConsent();
  const settings = await pageSettings(url);
  expect(settings).toMatchObject({ privacyUrl, consentCheckboxText: boxText, consentVersion: current });

  const ticked = { ...validLead, email: 'ticked@example.org', consent: { version: settings.consentVersion, marketing: true } };
  const unticked = { ...validLead, email: 'unticked@example.org', consent: { version: settings.consentVersion, marketing: false } };
  expect((await postLead(url, ticked)).status).toBe(201);
  expect((await postLead(url, unticked)).status).toBe(201);
  // The outbox sends both in the background (real clock): wait for them to arrive.
  const deadline = Date.now() + 5_000;
  while (receiver.requests.length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));

  const payloads = receiver.requests.map(({ body }) => JSON.parse(body) as { data: { email: string; consent: unknown } });
  const consentOf = (email: string) => payloads.find((payload) => payload.data.email === email)?.data.consent;
  expect(consentOf('ticked@example.org')).toEqual({
    version: current,
    wording: consentWording(withBox),
    marketing: true,
    recordedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    // Confirmed only from the results e-mail's button (lead.confirmed follows then).
    confirmedAt: null,
  });
  expect(consentOf('unticked@example.org')).toMatchObject({ version: current, marketing: false });

  let csv = '';
  await writeCsv(csvChunks(app.storage), (chunk) => (csv += chunk));
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  expect(header?.slice(-5)).toEqual(['marketing_consent', 'consent_version', 'consent_wording', 'consent_recorded_utc', 'marketing_confirmed_utc']);
  const tickedRow = rows.find((row) => row[0] === 'ticked@example.org');
  expect(tickedRow?.slice(-5, -3)).toEqual(['yes', current]);
  expect(tickedRow?.at(-3)).toContain(boxText);
  expect(tickedRow?.at(-3)).toContain(privacyUrl);
  // Not confirmed (no results e-mail here, so no confirm button was ever pressed).
  expect(tickedRow?.at(-1)).toBe('');
  expect(rows.find((row) => row[0] === 'unticked@example.org')?.slice(-5, -3)).toEqual(['no', current]);
});

test('a consent field that is not the expected shape is refused, naming the field', async () => {
  const { url } = await startWithConsent();
  const response = await postLead(url, { ...validLead, consent: { version: 'not-a-version', marketing: true } });
  expect(response.status).toBe(400);
  expect(await response.json()).toMatchObject({ field: 'consent' });
});

test('a database from before the consent record keeps its leads, which export with empty consent cells', async () => {
  const dataDir = tempDir();
  const old = openSqlite(join(dataDir, DATABASE_FILE));
  // Schema 2: the migrations before the consent record's (index 2).
  for (const sql of migrations.slice(0, 2)) old.exec(sql);
  old.pragma('user_version = 2');
  old.prepare(
    "INSERT INTO submissions (public_id, email, first_name, ratings, submitted_at) VALUES ('pub-1', 'old@example.org', 'Olda', '123123123', 1000)",
  ).run();
  old.close();

  const storage = SqliteStorage.openForCommands(dataDir);
  const db = storage.db;
  expect(db.prepare('SELECT consent_version, consent_wording, marketing_consent FROM submissions').all()).toEqual([
    { consent_version: null, consent_wording: null, marketing_consent: null },
  ]);
  let csv = '';
  await writeCsv(csvChunks(storage), (chunk) => (csv += chunk));
  const [, row] = parse(csv.slice(1)) as string[][];
  expect(row?.slice(0, 2)).toEqual(['old@example.org', 'Olda']);
  // Submissions, then four empty consent cells and no confirmation.
  expect(row?.slice(-6)).toEqual(['1', '', '', '', '', '']);
  await storage.close();
});
