/**
 * The device cookie of OWASP's "Slow Down Online Guessing Attacks with Device Cookies": a browser
 * that signed in successfully gets a signed cookie, and with it is never slowed by other clients'
 * wrong passwords (server/coach/throttle.ts). The cookie is `<device id>.<signature>`: a random id
 * and an HMAC-SHA256 of the account and the id. Its key is derived from the stored password hash,
 * which every instance reads from the database and nobody outside it knows: a new password makes every
 * device a stranger again (what a coach who changed it because of a leak wants).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { clientKey } from '../client-key';

export const DEVICE_COOKIE = '__Host-core-drivers-device';
/** A year: the browser stays known as long as it signs in now and then (each sign-in renews it). */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The one account; part of what is signed, as OWASP's scheme signs the login name. */
const ACCOUNT = 'coach';

/** The signing key of device cookies, from the stored password hash. */
export function deviceCookieKey(passwordHash: string): Buffer {
  return createHmac('sha256', passwordHash).update('core-drivers device cookie').digest();
}

const sign = (key: Buffer, deviceId: string) => createHmac('sha256', key).update(`${ACCOUNT},${deviceId}`).digest('base64url');

/** A new cookie value and the device id in it. */
export function issueDeviceCookie(key: Buffer): { value: string; deviceId: string } {
  const deviceId = randomBytes(18).toString('base64url');
  return { value: `${deviceId}.${sign(key, deviceId)}`, deviceId };
}

/** The device id of a cookie signed with `key`, or null for anything else (absent, forged, old key). */
export function deviceIdOf(key: Buffer, cookie: string | undefined): string | null {
  const [deviceId, signature, ...rest] = (cookie ?? '').split('.');
  if (!deviceId || !signature || rest.length > 0 || !/^[A-Za-z0-9_-]{24}$/.test(deviceId)) return null;
  const expected = Buffer.from(sign(key, deviceId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? deviceId : null;
}

/**
 * Who tries a secret, for the sign-in throttle (server/coach/throttle.ts): the keyed hash of their
 * address (an IPv6 address by its /64: server/client-key.ts) and the id of their device cookie, if
 * valid. Before any password is set there is no key to sign with: no device is known, and addresses
 * are hashed with a fixed key (the first-run set-up code's tries count all the same).
 */
export type SignInClientKey = { client: string; device: string | null };

export function signInClientOf(address: string, deviceCookie: string | undefined, passwordHash: string | null): SignInClientKey {
  const key = deviceCookieKey(passwordHash ?? 'no password set yet');
  return { client: clientCounterKey(key, clientKey(address)), device: passwordHash === null ? null : deviceIdOf(key, deviceCookie) };
}

/** The key a client address is counted under in storage: keyed, so the table shows no address. */
export function clientCounterKey(key: Buffer, client: string): string {
  return createHmac('sha256', key).update(`client,${client}`).digest('base64url');
}
