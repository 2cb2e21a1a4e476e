/**
 * The second factor, the signed-in browsers and a password change, through the coach API as the
 * dashboard uses it, with a fake clock; codes are computed from the enrolled secret with otplib.
 */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { coachApi } from '../../../src/shared/coach-api/routes';
import { type BrowserList, coachAccessApi, type RecoveryCodes, type SecondFactorStatus, type TotpEnrolment } from '../../../src/shared/coach-api/access';
import { buildApp } from '../../app';
import { coachPassword, ownOrigin, setTestPassword } from '../../test/coach-session';
import { testConfig } from '../../test/helpers';
import { manualClock } from '../../test/manual-clock';
import { SESSION_COOKIE } from '../sessions';
import { stepOf, totpCode } from './second-factor';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const chrome = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

async function start() {
  const clock = manualClock(Date.parse('2026-11-26T09:00:10Z'));
  app = await buildApp(testConfig(), { clock });
  await setTestPassword(app);
  return { app, clock };
}

type Client = (options: InjectOptions) => Promise<LightMyRequestResponse>;

function signIn(instance: FastifyInstance, body: object, userAgent = chrome) {
  return instance.inject({ method: 'POST', url: coachApi.session, headers: { origin: ownOrigin, 'user-agent': userAgent }, payload: body });
}

/** Requests with this sign-in's session cookie. */
function clientOf(instance: FastifyInstance, response: LightMyRequestResponse): Client {
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  expect(response.statusCode, response.body).toBe(200);
  return (options) => instance.inject({ ...options, headers: { origin: ownOrigin, ...options.headers }, cookies: { [SESSION_COOKIE]: token ?? '' } });
}

test('the second factor: enrolled from the QR code’s secret, then a password alone is not enough; a code works once, a recovery code once', async () => {
  const { app: instance, clock } = await start();
  const laptop = clientOf(instance, await signIn(instance, { password: coachPassword }));
  const phone = clientOf(instance, await signIn(instance, { password: coachPassword }, iphone));
  expect((await laptop({ method: 'GET', url: coachAccessApi.secondFactor })).json()).toEqual({ on: false, enabledAt: null, recoveryCodesLeft: 0 });

  const { secret, uri } = (await laptop({ method: 'POST', url: coachAccessApi.secondFactorEnrolment })).json<TotpEnrolment>();
  expect(new URL(uri).searchParams.get('secret')).toBe(secret);
  // Not on until a first code confirms it: the password alone still signs in.
  expect((await signIn(instance, { password: coachPassword })).statusCode).toBe(200);
  const wrong = await laptop({ method: 'POST', url: coachAccessApi.secondFactor, payload: { code: '000000' } });
  expect(wrong.statusCode).toBe(401);
  expect(wrong.json()).toMatchObject({ error: 'wrong_code', field: 'code' });
  const confirmed = await laptop({ method: 'POST', url: coachAccessApi.secondFactor, payload: { code: await totpCode(secret, stepOf(clock.now())) } });
  expect(confirmed.statusCode).toBe(200);
  const { recoveryCodes } = confirmed.json<RecoveryCodes>();
  expect(recoveryCodes).toHaveLength(10);
  expect((await laptop({ method: 'GET', url: coachAccessApi.secondFactor })).json<SecondFactorStatus>()).toMatchObject({ on: true, recoveryCodesLeft: 10 });
  // Turning it on signed out every other browser.
  expect((await phone({ method: 'GET', url: coachApi.session })).statusCode).toBe(401);

  // The password alone now asks for a code; a wrong one is refused.
  const asked = await signIn(instance, { password: coachPassword });
  expect(asked.statusCode).toBe(401);
  expect(asked.json()).toMatchObject({ error: 'second_factor_required', field: 'code' });
  expect((await signIn(instance, { password: coachPassword, code: '123456' })).json()).toMatchObject({ error: 'wrong_code' });
  // A wrong password with a right code is still a wrong password.
  clock.advance(30_000);
  const code = await totpCode(secret, stepOf(clock.now()));
  expect((await signIn(instance, { password: 'not the password at all', code })).json()).toMatchObject({ error: 'wrong_password' });
  expect((await signIn(instance, { password: coachPassword, code })).statusCode).toBe(200);
  // The same code again, in its window: refused (no replay); and the step before it, too.
  expect((await signIn(instance, { password: coachPassword, code })).json()).toMatchObject({ error: 'wrong_code' });
  expect((await signIn(instance, { password: coachPassword, code: await totpCode(secret, stepOf(clock.now()) - 1) })).json()).toMatchObject({ error: 'wrong_code' });

  // A recovery code, typed loosely, works once.
  const recovery = recoveryCodes[3] ?? '';
  expect((await signIn(instance, { password: coachPassword, code: recovery.toLowerCase() })).statusCode).toBe(200);
  expect((await signIn(instance, { password: coachPassword, code: recovery })).json()).toMatchObject({ error: 'wrong_code' });
  const now = clientOf(instance, await signIn(instance, { password: coachPassword, code: recoveryCodes[4] ?? '' }));
  expect((await now({ method: 'GET', url: coachAccessApi.secondFactor })).json()).toMatchObject({ on: true, recoveryCodesLeft: 8 });
  const audit = (await now({ method: 'GET', url: coachApi.audit })).json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action);
  expect(audit).toContain('second_factor_on');
  expect(audit.filter((action) => action === 'recovery_code_used')).toHaveLength(2);

  // Off only with the password.
  expect((await now({ method: 'DELETE', url: coachAccessApi.secondFactor, payload: { password: 'wrong password here' } })).statusCode).toBe(401);
  expect((await now({ method: 'DELETE', url: coachAccessApi.secondFactor, payload: { password: coachPassword } })).statusCode).toBe(204);
  expect((await signIn(instance, { password: coachPassword })).statusCode).toBe(200);
});

test('wrong codes share the sign-in throttle: after the free tries a stranger waits, as for wrong passwords', async () => {
  const { app: instance, clock } = await start();
  const coach = clientOf(instance, await signIn(instance, { password: coachPassword }));
  const { secret } = (await coach({ method: 'POST', url: coachAccessApi.secondFactorEnrolment })).json<TotpEnrolment>();
  expect((await coach({ method: 'POST', url: coachAccessApi.secondFactor, payload: { code: await totpCode(secret, stepOf(clock.now())) } })).statusCode).toBe(200);
  // A stranger (no device cookie) with the password: 3 free failures, then 1 s to wait.
  const answers: number[] = [];
  for (let i = 0; i < 4; i += 1) answers.push((await signIn(instance, { password: coachPassword, code: '000000' })).statusCode);
  expect(answers).toEqual([401, 401, 401, 401]);
  const throttled = await signIn(instance, { password: coachPassword, code: await totpCode(secret, stepOf(clock.now()) + 1) });
  expect(throttled.statusCode).toBe(429);
  expect(throttled.json()).toMatchObject({ error: 'too_many_attempts' });
  clock.advance(1_000);
  expect((await signIn(instance, { password: coachPassword, code: await totpCode(secret, stepOf(clock.now()) + 1) })).statusCode).toBe(200);
});

test('signed-in browsers in words with when each last acted; "sign out other browsers" keeps this one; a new password signs out the others', async () => {
  const { app: instance, clock } = await start();
  const laptop = clientOf(instance, await signIn(instance, { password: coachPassword }));
  clock.advance(5 * 60_000);
  const phone = clientOf(instance, await signIn(instance, { password: coachPassword }, iphone));
  clock.advance(60_000);
  const list = (await laptop({ method: 'GET', url: coachAccessApi.browsers })).json<BrowserList>();
  expect(list.browsers.map((browser) => [browser.browser, browser.current, browser.lastActiveAt])).toEqual([
    ['Chrome on Linux', true, new Date(clock.now()).toISOString()],
    ['Safari on iPhone', false, new Date(clock.now() - 60_000).toISOString()],
  ]);
  expect((await phone({ method: 'POST', url: coachAccessApi.signOutOthers })).json()).toEqual({ signedOut: 1 });
  expect((await laptop({ method: 'GET', url: coachApi.session })).statusCode).toBe(401);
  expect((await phone({ method: 'GET', url: coachAccessApi.browsers })).json<BrowserList>().browsers).toHaveLength(1);

  // A password change: the current one is checked, every other browser signed out, this one signed in again.
  const tablet = clientOf(instance, await signIn(instance, { password: coachPassword }));
  const wrong = await phone({ method: 'POST', url: coachAccessApi.password, payload: { currentPassword: 'not my password', password: 'a brand new passphrase' } });
  expect(wrong.statusCode).toBe(401);
  const short = await phone({ method: 'POST', url: coachAccessApi.password, payload: { currentPassword: coachPassword, password: 'short' } });
  expect(short.json()).toMatchObject({ error: 'invalid_request', field: 'password' });
  const changed = await phone({ method: 'POST', url: coachAccessApi.password, payload: { currentPassword: coachPassword, password: 'a brand new passphrase' } });
  const phoneAgain = clientOf(instance, changed);
  expect((await tablet({ method: 'GET', url: coachApi.session })).statusCode).toBe(401);
  expect((await phoneAgain({ method: 'GET', url: coachAccessApi.browsers })).json<BrowserList>().browsers).toHaveLength(1);
  expect((await signIn(instance, { password: coachPassword })).statusCode).toBe(401);
  expect((await signIn(instance, { password: 'a brand new passphrase' })).statusCode).toBe(200);
  // Its own time limit: the new password is hashed with the real scrypt parameters (half a second and more a check on a busy machine; 21 s in all beside the end-to-end tests in CI).
}, 60_000);
