import { expect, test } from 'vitest';
import { clientCounterKey, deviceCookieKey, deviceIdOf, issueDeviceCookie } from './device-cookie';

const key = deviceCookieKey('scrypt$17$8$1$c2FsdA==$aGFzaA==');

test('a cookie issued with the key names its device; each issue is a new device', () => {
  const first = issueDeviceCookie(key);
  const second = issueDeviceCookie(key);
  expect(deviceIdOf(key, first.value)).toBe(first.deviceId);
  expect(second.deviceId).not.toBe(first.deviceId);
  expect(first.value).toMatch(/^[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}$/);
});

test.each([
  ['no cookie', undefined],
  ['empty', ''],
  ['no signature', 'AAAAAAAAAAAAAAAAAAAAAAAA'],
  ['a made-up signature', `AAAAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}`],
  ['an extra part', 'a.b.c'],
])('%s names no device', (_name, cookie) => {
  expect(deviceIdOf(key, cookie)).toBeNull();
});

test("another device's signature, or a cookie from before a new password, names no device", () => {
  const { value, deviceId } = issueDeviceCookie(key);
  const other = issueDeviceCookie(key);
  expect(deviceIdOf(key, `${deviceId}.${other.value.split('.')[1]}`)).toBeNull();
  expect(deviceIdOf(deviceCookieKey('scrypt$17$8$1$bmV3$bmV3'), value)).toBeNull();
});

test('client addresses are counted under keys that do not show them', () => {
  expect(clientCounterKey(key, '203.0.113.7')).toBe(clientCounterKey(key, '203.0.113.7'));
  expect(clientCounterKey(key, '203.0.113.7')).not.toBe(clientCounterKey(key, '203.0.113.8'));
  expect(clientCounterKey(key, '203.0.113.7')).not.toContain('203');
});
