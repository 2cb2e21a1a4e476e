import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from '../config';

test('the dashboard settings default to UTC days, the origin of each request and a 15-minute lock', () => {
  expect(loadConfig({})).toMatchObject({ environmentSettings: {}, publicUrl: null, signInLockMs: 15 * 60_000 });
});

test('ANALYTICS_TIME_ZONE, PUBLIC_URL and SIGN_IN_LOCK_SECONDS are read', () => {
  expect(
    loadConfig({ ANALYTICS_TIME_ZONE: 'Europe/Berlin', PUBLIC_URL: 'https://coach.example.com/quiz/', SIGN_IN_LOCK_SECONDS: '60' }),
  ).toMatchObject({ environmentSettings: { analyticsTimeZone: 'Europe/Berlin' }, publicUrl: 'https://coach.example.com', signInLockMs: 60_000 });
});

test.each([
  ['ANALYTICS_TIME_ZONE', 'Mars/Base', /ANALYTICS_TIME_ZONE is not valid\. Analytics time zone: choose a time zone/],
  ['PUBLIC_URL', 'coach.example.com', /PUBLIC_URL must be an absolute URL/],
  ['PUBLIC_URL', 'ftp://coach.example.com', /PUBLIC_URL must start with https/],
  ['SIGN_IN_LOCK_SECONDS', '0', /SIGN_IN_LOCK_SECONDS must be a whole number from 1/],
])('%s=%s stops the server with a message naming it', (name, value, message) => {
  expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
  expect(() => loadConfig({ [name]: value })).toThrow(message);
});
