/**
 * Passkeys through the coach API, answered by a software authenticator (server/test/soft-authenticator.ts):
 * added, named, renamed, removed; a sign-in with one counts as both factors; a replayed answer, a
 * passkey of another site or a removed one is refused and counted by the throttle. Two instances on
 * one Postgres database: a passkey added on one signs in on the other, with the challenge of either.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { coachApi } from '../../../src/shared/coach-api/routes';
import { coachAccessApi, type PasskeyList, passkeyPath, type TotpEnrolment } from '../../../src/shared/coach-api/access';
import type { ServerConfig } from '../../config';
import { coachPassword, setTestPassword, signIn } from '../../test/coach-session';
import { startApp, testConfig, testSettingsKey } from '../../test/helpers';
import { freshPostgres } from '../../test/postgres';
import { SoftAuthenticator } from '../../test/soft-authenticator';
import { SESSION_COOKIE } from '../sessions';
import { stepOf, totpCode } from './second-factor';

const publicUrl = 'http://localhost:4000';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function instance(overrides: Partial<ServerConfig> = {}) {
  const { app } = await startApp(testConfig({ publicUrl, ...overrides }));
  cleanups.push(() => app.close());
  return app;
}

function coachOf(app: FastifyInstance, token: string) {
  return (options: InjectOptions) => app.inject({ ...options, headers: { origin: publicUrl, ...options.headers }, cookies: { [SESSION_COOKIE]: token } });
}

async function signedIn(app: FastifyInstance) {
  const response = await signIn(app, coachPassword, { origin: publicUrl });
  expect(response.statusCode).toBe(200);
  return coachOf(app, response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '');
}

type Coach = Awaited<ReturnType<typeof signedIn>>;

async function addPasskey(coach: Coach, authenticator: SoftAuthenticator, name: string, origin = publicUrl) {
  const options = (await coach({ method: 'POST', url: coachAccessApi.passkeyOptions })).json<{ challenge: string; rp: { id: string } }>();
  expect(options.rp.id).toBe('localhost');
  return coach({ method: 'POST', url: coachAccessApi.passkeys, payload: { name, response: authenticator.register(options, origin) } });
}

/** Asks `optionsFrom` for a challenge and signs in at `signInAt` with the authenticator's answer. */
async function passkeySignIn(optionsFrom: FastifyInstance, signInAt: FastifyInstance, authenticator: SoftAuthenticator, origin = publicUrl) {
  const options = (await optionsFrom.inject({ method: 'POST', url: coachAccessApi.passkeySignInOptions, headers: { origin: publicUrl } })).json<{ challenge: string; rpId: string }>();
  const response = authenticator.authenticate(options, origin);
  const answer = await signInAt.inject({ method: 'POST', url: coachAccessApi.passkeySignIn, headers: { origin: publicUrl }, payload: { response } });
  return { answer, response };
}

test('a passkey is added with a name, signs in (both factors, even with the second factor on), is renamed and removed', async () => {
  const app = await instance();
  await setTestPassword(app);
  const coach = await signedIn(app);
  const laptop = new SoftAuthenticator();

  const added = await addPasskey(coach, laptop, '  My   laptop ');
  expect(added.statusCode, added.body).toBe(200);
  expect(added.json<PasskeyList>().passkeys).toEqual([{ id: laptop.id, name: 'My laptop', createdAt: expect.any(String), lastUsedAt: null }]);
  // A name is required; the answer must be the browser's.
  expect((await coach({ method: 'POST', url: coachAccessApi.passkeys, payload: { name: ' ', response: {} } })).json()).toMatchObject({ field: 'name' });
  expect((await addPasskey(coach, new SoftAuthenticator(), 'Elsewhere', 'https://evil.example')).json()).toMatchObject({ error: 'passkey_refused' });

  // The second factor on: a passkey still signs in alone.
  const { secret } = (await coach({ method: 'POST', url: coachAccessApi.secondFactorEnrolment })).json<TotpEnrolment>();
  expect((await coach({ method: 'POST', url: coachAccessApi.secondFactor, payload: { code: await totpCode(secret, stepOf(Date.now())) } })).statusCode).toBe(200);
  const { answer, response } = await passkeySignIn(app, app, laptop);
  expect(answer.statusCode, answer.body).toBe(200);
  const viaPasskey = coachOf(app, answer.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '');
  expect((await viaPasskey({ method: 'GET', url: coachApi.session })).statusCode).toBe(200);
  expect((await viaPasskey({ method: 'GET', url: coachAccessApi.passkeys })).json<PasskeyList>().passkeys[0]?.lastUsedAt).not.toBeNull();

  // The same answer again: its challenge was used.
  const replayed = await app.inject({ method: 'POST', url: coachAccessApi.passkeySignIn, headers: { origin: publicUrl }, payload: { response } });
  expect(replayed.statusCode).toBe(401);
  expect(replayed.json()).toMatchObject({ error: 'passkey_refused' });
  // A passkey this site never saw.
  expect((await passkeySignIn(app, app, new SoftAuthenticator())).answer.statusCode).toBe(401);

  const renamed = await viaPasskey({ method: 'PATCH', url: passkeyPath(laptop.id), payload: { name: 'Work laptop' } });
  expect(renamed.json<PasskeyList>().passkeys.map((passkey) => passkey.name)).toEqual(['Work laptop']);
  expect((await viaPasskey({ method: 'DELETE', url: passkeyPath(laptop.id) })).json<PasskeyList>().passkeys).toEqual([]);
  expect((await viaPasskey({ method: 'DELETE', url: passkeyPath(laptop.id) })).statusCode).toBe(404);
  expect((await passkeySignIn(app, app, laptop)).answer.statusCode).toBe(401);
  const audit = (await viaPasskey({ method: 'GET', url: coachApi.audit })).json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action);
  expect(audit).toEqual(expect.arrayContaining(['passkey_added', 'passkey_renamed', 'passkey_removed']));
});

test('refused passkey answers count against the sign-in throttle', async () => {
  const app = await instance();
  await setTestPassword(app);
  const stranger = new SoftAuthenticator();
  const statuses: number[] = [];
  for (let i = 0; i < 5; i += 1) statuses.push((await passkeySignIn(app, app, stranger)).answer.statusCode);
  expect(statuses).toEqual([401, 401, 401, 401, 429]);
});

test('two instances on one Postgres database: a passkey added on one signs in on the other, whichever issued the challenge', async () => {
  const database = await freshPostgres();
  const a = await instance({ database, settingsKey: testSettingsKey });
  const b = await instance({ database, settingsKey: testSettingsKey });
  await setTestPassword(a);
  const phone = new SoftAuthenticator();
  expect((await addPasskey(await signedIn(a), phone, 'Phone')).statusCode).toBe(200);

  const onB = await passkeySignIn(b, b, phone);
  expect(onB.answer.statusCode, onB.answer.body).toBe(200);
  // A challenge issued by one instance is checked by the other (a load balancer sends each request anywhere).
  const across = await passkeySignIn(a, b, phone);
  expect(across.answer.statusCode, across.answer.body).toBe(200);
  const back = await passkeySignIn(b, a, phone);
  expect(back.answer.statusCode, back.answer.body).toBe(200);
  // ...and works once on either.
  const again = await a.inject({ method: 'POST', url: coachAccessApi.passkeySignIn, headers: { origin: publicUrl }, payload: { response: across.response } });
  expect(again.statusCode).toBe(401);
}, 60_000);
