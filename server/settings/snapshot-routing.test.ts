/**
 * Which channels a lead goes to follows from the settings in force, in one table: the webhook needs
 * an address and a secret, mail a server, a sender and PUBLIC_URL. An address set on the dashboard is
 * held to OUTBOUND_ALLOWED_HOSTS; the environment's is the operator's.
 */
import { expect, test } from 'vitest';
import { effectiveSettings, type SettingKey, type SettingValues } from '../../src/shared/coach-settings';
import { loadConfig } from '../config';
import { buildSnapshot } from './snapshot';

const hook = { webhookUrl: 'https://hooks.example.com/in', webhookSecret: 'a-signing-secret-of-32-characters' };
const mail = { smtpUrl: 'smtps://coach:pw@smtp.example.com:465', mailFrom: 'coach@coach.example' };
const { outbound } = loadConfig({});
const site = 'https://quiz.example.com';

/** The settings in force from what the dashboard stored and what the environment sets; secrets "opened" as given, or refused. */
function inForce(dashboard: Partial<SettingValues>, environment: Partial<SettingValues> = {}, unopenable: SettingKey[] = []) {
  const { values, sources } = effectiveSettings(dashboard, environment);
  return {
    revision: 7,
    values,
    sources,
    secret: (key: SettingKey) => {
      if (unopenable.includes(key)) throw new Error(`sealed with another key: ${key}`);
      const value = values[key];
      return typeof value === 'string' ? value : null;
    },
  };
}

const quiet = { error: () => undefined };

test.each([
  ['nothing set: no channel', {}, {}, site, { webhook: false, email: false }],
  ['the webhook from the dashboard', hook, {}, site, { webhook: true, email: false }],
  ['the webhook from the environment', {}, hook, site, { webhook: true, email: false }],
  ['an address without a secret', { webhookUrl: hook.webhookUrl }, {}, site, { webhook: false, email: false }],
  ['mail', mail, {}, site, { webhook: false, email: true }],
  ['mail without PUBLIC_URL', mail, {}, null, { webhook: false, email: false }],
  ['both', { ...hook, ...mail }, {}, site, { webhook: true, email: true }],
])('%s', (_name, dashboard, environment, publicUrl, routing) => {
  expect(buildSnapshot(inForce(dashboard, environment), { publicUrl, outbound }, quiet).routing).toEqual(routing);
});

test('an address set on the dashboard is held to OUTBOUND_ALLOWED_HOSTS; the environment’s is not', () => {
  const fromDashboard = buildSnapshot(inForce({ ...hook, ...mail }), { publicUrl: site, outbound }, quiet);
  expect(fromDashboard.channels.webhook?.guard).toBe(outbound);
  expect(fromDashboard.channels.email.on && fromDashboard.channels.email.settings.guard).toBe(outbound);
  const fromEnvironment = buildSnapshot(inForce({}, { ...hook, ...mail }), { publicUrl: site, outbound }, quiet);
  expect(fromEnvironment.channels.webhook?.guard).toBeNull();
  expect(fromEnvironment.channels.email.on && fromEnvironment.channels.email.settings.guard).toBeNull();
});

test('a stored secret that cannot be opened turns its channel off, logged by setting name, never by value', () => {
  const logged: object[] = [];
  const snapshot = buildSnapshot(inForce({ ...hook, ...mail }, {}, ['webhookSecret']), { publicUrl: site, outbound }, { error: (entry) => void logged.push(entry) });
  expect(snapshot.routing).toEqual({ webhook: false, email: true });
  expect(logged).toEqual([expect.objectContaining({ setting: 'webhookSecret' })]);
  expect(JSON.stringify(logged)).not.toContain(hook.webhookSecret);
});

test('the time zone: the one in force, else UTC', () => {
  expect(buildSnapshot(inForce({}), { publicUrl: site, outbound }, quiet).timeZone).toBe('UTC');
  expect(buildSnapshot(inForce({ analyticsTimeZone: 'Europe/Berlin' }), { publicUrl: site, outbound }, quiet).timeZone).toBe('Europe/Berlin');
});
