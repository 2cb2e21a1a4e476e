import type { FastifyInstance, InjectOptions } from 'fastify';
import type { AuditLogResponse } from '../../src/shared/coach-api/audit';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../app';
import type { ServerConfig } from '../config';
import { coachPassword, ownOrigin, setTestPassword, signedIn, signIn } from '../test/coach-session';
import { testConfig, sqliteDb } from '../test/helpers';
import { manualClock } from '../test/manual-clock';
import { DEVICE_COOKIE } from './device-cookie';
import { SESSION_COOKIE, sessionTimings } from './sessions';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(overrides: Partial<ServerConfig> = {}, clock = manualClock()) {
  app = await buildApp(testConfig(overrides), { clock });
  return app;
}

const auditActions = (instance: FastifyInstance) =>
  (sqliteDb(instance).prepare('SELECT action, actor FROM audit_log ORDER BY id').all() as { action: string; actor: string }[]).map(
    (row) => `${row.action} (${row.actor})`,
  );

test('before a password is set, sign-in says how to set one', async () => {
  const instance = await start();
  const response = await signIn(instance);
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({ error: 'password_not_set', message: expect.stringContaining('npm run coach -- set-password') });
});

test('the right password starts a session in a __Host- cookie: HttpOnly, SameSite=Strict, Secure, Path=/', async () => {
  const instance = await start();
  await setTestPassword(instance);
  const response = await signIn(instance);
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.json()).toMatchObject({ signedIn: true, account: 'coach', idleTimeoutSeconds: 3600, timeZone: 'UTC', webhookConfigured: false });
  const cookies = [response.headers['set-cookie']].flat().map(String);
  const setCookie = cookies.find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? '';
  expect(setCookie).toMatch(new RegExp(`^${SESSION_COOKIE}=[A-Za-z0-9_-]{43};`));
  expect(setCookie).toContain('Path=/');
  expect(setCookie).toContain('HttpOnly');
  expect(setCookie).toContain('Secure');
  expect(setCookie).toContain('SameSite=Strict');
  expect(setCookie).not.toContain('Domain');
  // Only a hash of the token is stored.
  const token = setCookie.split(';')[0]?.split('=')[1] ?? '';
  const stored = sqliteDb(instance).prepare('SELECT token_hash FROM coach_sessions').get() as { token_hash: string };
  expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(stored.token_hash).not.toContain(token);
  // And the browser is known from now on (the device cookie: server/coach/throttle.ts).
  const device = cookies.find((cookie) => cookie.startsWith(`${DEVICE_COOKIE}=`)) ?? '';
  expect(device).toMatch(/^__Host-core-drivers-device=[A-Za-z0-9_-]{24}\.[A-Za-z0-9_-]{43}; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Strict$/);
});

test('a wrong password is refused, and recorded without what was typed', async () => {
  const instance = await start();
  await setTestPassword(instance);
  const response = await signIn(instance, 'not the password at all');
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error: 'wrong_password' });
  expect(response.cookies).toEqual([]);
  expect(auditActions(instance)).toEqual(['sign_in_failed (dashboard)']);
  const everything = JSON.stringify(sqliteDb(instance).prepare('SELECT * FROM audit_log').all());
  expect(everything).not.toContain('not the password');
});

test.each([
  ['no body', undefined],
  ['no password', { pass: coachPassword }],
  ['a number', { password: 12 }],
])('sign-in with %s is a 400 naming the password field', async (_name, payload) => {
  const instance = await start();
  await setTestPassword(instance);
  const response = await instance.inject({ method: 'POST', url: '/api/coach/session', headers: { origin: ownOrigin }, ...(payload ? { payload } : {}) });
  expect(response.statusCode).toBe(400);
  expect(response.json()).toMatchObject({ error: 'invalid_request', field: 'password' });
});

test('sign-in from another origin, or with none, is refused before the password is checked', async () => {
  const instance = await start();
  await setTestPassword(instance);
  for (const headers of [{ origin: 'https://evil.example' }, { origin: '' }]) {
    const response = await instance.inject({ method: 'POST', url: '/api/coach/session', headers, payload: { password: coachPassword } });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ error: 'forbidden_origin' });
  }
  expect(auditActions(instance)).toEqual([]);
});

test('with PUBLIC_URL the origin must be that one, and plain http to a real host is refused', async () => {
  const secure = await start({ publicUrl: 'https://coach.example.com' });
  await setTestPassword(secure);
  expect((await signIn(secure)).statusCode).toBe(403);
  expect((await signIn(secure, coachPassword, { origin: 'https://coach.example.com' })).statusCode).toBe(200);
  await secure.close();

  const plain = await start({ publicUrl: 'http://coach.example.com' });
  await setTestPassword(plain);
  const response = await signIn(plain, coachPassword, { origin: 'http://coach.example.com', host: 'coach.example.com' });
  expect(response.statusCode).toBe(403);
  expect(response.json()).toMatchObject({ error: 'https_required' });
});

test('signing out ends the session: the cookie no longer opens anything', async () => {
  const instance = await start();
  await setTestPassword(instance);
  const request = await signedIn(instance);
  expect((await request({ url: '/api/coach/session' })).statusCode).toBe(200);
  // Signing out is a state change: it needs the dashboard's Origin.
  expect((await request({ method: 'DELETE', url: '/api/coach/session', headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
  const out = await request({ method: 'DELETE', url: '/api/coach/session' });
  expect(out.statusCode).toBe(204);
  expect(String(out.headers['set-cookie'])).toMatch(new RegExp(`^${SESSION_COOKIE}=;`));
  expect((await request({ url: '/api/coach/session' })).statusCode).toBe(401);
  expect(auditActions(instance)).toEqual(['sign_in (dashboard)', 'sign_out (dashboard)']);
});

test('the audit log names the browser in words and the day it signed in, after its session is gone', async () => {
  const clock = manualClock(Date.parse('2026-11-03T09:00:00Z'));
  const instance = await start({}, clock);
  await setTestPassword(instance);
  const session = async (userAgent: string) => {
    const token = (await signIn(instance, coachPassword, { 'user-agent': userAgent })).cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
    return (options: InjectOptions) => instance.inject({ ...options, headers: { origin: ownOrigin }, cookies: { [SESSION_COOKIE]: token } });
  };
  const firefox = await session('Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0');
  clock.advance(60_000);
  expect((await firefox({ method: 'DELETE', url: '/api/coach/session' })).statusCode).toBe(204);
  clock.advance(24 * 60 * 60 * 1000);
  const chrome = await session('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36');
  const { entries } = (await chrome({ url: '/api/coach/audit' })).json<AuditLogResponse>();
  expect(entries.map((entry) => [entry.action, entry.signedIn])).toEqual([
    ['sign_in', { browser: 'Chrome on macOS', at: '2026-11-04T09:01:00.000Z' }],
    ['sign_out', { browser: 'Firefox on Windows', at: '2026-11-03T09:00:00.000Z' }],
    ['sign_in', { browser: 'Firefox on Windows', at: '2026-11-03T09:00:00.000Z' }],
  ]);
});

test('a session ends after an hour idle, and after twelve hours however active', async () => {
  const clock = manualClock();
  const instance = await start({}, clock);
  await setTestPassword(instance);
  const idle = await signedIn(instance);
  clock.advance(sessionTimings.idleTimeoutMs - 60_000);
  expect((await idle({ url: '/api/coach/session' })).statusCode).toBe(200);
  clock.advance(sessionTimings.idleTimeoutMs);
  expect((await idle({ url: '/api/coach/session' })).statusCode).toBe(401);

  const active = await signedIn(instance);
  for (let elapsed = 0; elapsed < sessionTimings.maxLifetimeMs - 30 * 60_000; elapsed += 30 * 60_000) {
    clock.advance(30 * 60_000);
    expect((await active({ url: '/api/coach/session' })).statusCode).toBe(200);
  }
  clock.advance(30 * 60_000);
  expect((await active({ url: '/api/coach/session' })).statusCode).toBe(401);
});

test('a new password ends every session', async () => {
  const instance = await start();
  await setTestPassword(instance);
  const request = await signedIn(instance);
  await setTestPassword(instance, 'a completely new passphrase');
  expect((await request({ url: '/api/coach/session' })).statusCode).toBe(401);
  expect((await signIn(instance)).statusCode).toBe(401);
  expect((await signIn(instance, 'a completely new passphrase')).statusCode).toBe(200);
});

test('a stranger is slowed by its own wrong passwords, 1 s growing to 30 s at most, and never locked out', async () => {
  const clock = manualClock();
  const instance = await start({ signInLockMs: 10 * 60_000 }, clock);
  await setTestPassword(instance);
  const wrong = () => signIn(instance, 'wrong password, again');
  for (let i = 0; i < 3; i += 1) expect((await wrong()).statusCode).toBe(401);
  for (const waitSeconds of [1, 2, 4, 8, 15, 30, 30, 30]) {
    expect((await wrong()).statusCode).toBe(401);
    const early = await signIn(instance);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe(String(waitSeconds));
    expect(early.json()).toMatchObject({ error: 'too_many_attempts', retryAfterSeconds: waitSeconds, message: `Too many wrong tries: wait ${waitSeconds} s before trying again.` });
    clock.advance(waitSeconds * 1000);
  }
  // However many came before, the right password works as soon as the wait is over.
  expect((await signIn(instance)).statusCode).toBe(200);
});

test('100 wrong passwords from 20 addresses: the coach signs in at once from a known browser, and from a new address', async () => {
  const clock = manualClock();
  const instance = await start({ trustProxy: ['127.0.0.1'] }, clock);
  await setTestPassword(instance);
  const from = (address: string, password: string, cookies: Record<string, string> = {}) =>
    instance.inject({
      method: 'POST',
      url: '/api/coach/session',
      remoteAddress: '127.0.0.1',
      headers: { origin: ownOrigin, 'x-forwarded-for': address },
      cookies,
      payload: { password },
    });
  // The coach's laptop signed in before: it holds a device cookie.
  const before = await from('198.51.100.7', coachPassword);
  const device = before.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value ?? '';
  expect(device).not.toBe('');

  const statuses: number[] = [];
  for (let round = 0; round < 5; round += 1) {
    for (let address = 0; address < 20; address += 1) {
      // Each tries as soon as its own wait allows; a forged device cookie is a stranger's.
      statuses.push((await from(`203.0.113.${address}`, `guess ${round}-${address}`, { [DEVICE_COOKIE]: `AAAAAAAAAAAAAAAAAAAAAAAA.${'A'.repeat(43)}` })).statusCode);
    }
    clock.advance(2_000);
  }
  expect(statuses.filter((status) => status === 401)).toHaveLength(100);

  expect((await from('198.51.100.7', coachPassword, { [DEVICE_COOKIE]: device })).statusCode).toBe(200);
  expect((await from('192.0.2.99', coachPassword)).statusCode).toBe(200);
  // Even from one of the attackers' own addresses, the wait is at most 30 s.
  const attacker = await from('203.0.113.0', coachPassword);
  expect(attacker.statusCode === 200 || Number(attacker.headers['retry-after']) <= 30).toBe(true);
});

test("a known browser's own tenth wrong password in a row makes it a stranger for SIGN_IN_LOCK_SECONDS", async () => {
  const clock = manualClock();
  const instance = await start({ signInLockMs: 10 * 60_000 }, clock);
  await setTestPassword(instance);
  const device = (await signIn(instance)).cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value ?? '';
  const withDevice = (password: string) => signIn(instance, password, { cookie: `${DEVICE_COOKIE}=${device}` });
  // Known: never slowed, however many wrong passwords.
  for (let i = 0; i < 10; i += 1) expect((await withDevice('a wrong one, from the laptop')).statusCode).toBe(401);
  // Now it counts as a stranger from its address: 3 free, then waits (never a lock).
  for (let i = 0; i < 4; i += 1) expect((await withDevice('still wrong')).statusCode).toBe(401);
  expect((await withDevice(coachPassword)).statusCode).toBe(429);
  clock.advance(10 * 60_000);
  expect((await withDevice(coachPassword)).statusCode).toBe(200);
});
