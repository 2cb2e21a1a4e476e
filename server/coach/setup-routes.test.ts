import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { AuditLogResponse } from '../../src/shared/coach-api/audit';
import { coachApi } from '../../src/shared/coach-api/routes';
import { buildApp } from '../app';
import { ownOrigin } from '../test/coach-session';
import { captureLog, startApp, testConfig } from '../test/helpers';
import { manualClock } from '../test/manual-clock';
import { hashPassword } from './password';
import { createSetupCode, SETUP_CODE_LIFETIME_MS } from './setup-code';
import { SESSION_COOKIE } from './sessions';

let app: FastifyInstance | undefined;
function running(): FastifyInstance {
  if (!app) throw new Error('start the app first');
  return app;
}
afterEach(async () => {
  await app?.close();
  app = undefined;
});

const newPassword = 'a calm long password';
const start = Date.parse('2026-11-23T12:00:00Z');

async function withCode() {
  const clock = manualClock(start);
  app = await buildApp(testConfig(), { clock });
  const setup = createSetupCode(clock.now());
  await app.storage.setupCodes.insert(setup.hash, setup.expiresAt);
  return { app, clock, code: setup.code };
}

const post = (code: string, password = newPassword, origin = ownOrigin) =>
  running().inject({ method: 'POST', url: coachApi.setup, headers: { origin }, payload: { code, password } });

test('with the code, the password is set and the coach is signed in; the code then works no more', async () => {
  const { code } = await withCode();
  expect((await running().inject({ method: 'GET', url: coachApi.setup })).json()).toEqual({ passwordSet: false, resetByMail: false });
  const response = await post(code);
  expect(response.statusCode).toBe(200);
  expect(response.json()).toMatchObject({ signedIn: true, account: 'coach' });
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE);
  expect(cookie).toMatchObject({ httpOnly: true, secure: true, sameSite: 'Strict' });
  expect((await running().inject({ method: 'GET', url: coachApi.setup })).json()).toEqual({ passwordSet: true, resetByMail: false });

  // Used once: the same address now meets a password already set.
  expect((await post(code)).json()).toMatchObject({ error: 'password_already_set' });
  // The new password signs in.
  const session = await running().inject({ method: 'POST', url: coachApi.session, headers: { origin: ownOrigin }, payload: { password: newPassword } });
  expect(session.statusCode).toBe(200);
  const audit = await running().inject({ method: 'GET', url: coachApi.audit, cookies: { [SESSION_COOKIE]: cookie?.value ?? '' } });
  expect(audit.json<AuditLogResponse>().entries.map((entry) => entry.action)).toEqual(['sign_in', 'sign_in', 'password_set']);
});

test('a code an hour old has expired, and says what to do', async () => {
  const { clock, code } = await withCode();
  clock.advance(SETUP_CODE_LIFETIME_MS);
  const response = await post(code);
  expect(response.statusCode).toBe(401);
  expect(response.json()).toMatchObject({ error: 'setup_code_expired', field: 'code', message: expect.stringMatching(/Ask for a new one.*npm run coach -- set-password/) });
});

test('a short password is refused before the code is spent, so the coach can try again', async () => {
  const { code } = await withCode();
  const short = await post(code, 'too short');
  expect(short.statusCode).toBe(400);
  expect(short.json()).toMatchObject({ field: 'password', message: 'The password must be at least 12 characters long.' });
  expect((await post(code)).statusCode).toBe(200);
});

test('wrong codes count against the sign-in throttle, and are audit-logged', async () => {
  await withCode();
  const statuses: number[] = [];
  for (let attempt = 0; attempt < 5; attempt++) statuses.push((await post('x'.repeat(43))).statusCode);
  // As wrong passwords: 3 free failures; the 4th makes the next try wait a second, and the 5th comes too early.
  expect(statuses).toEqual([401, 401, 401, 401, 429]);
  expect((await post('x'.repeat(43))).headers['retry-after']).toBe('1');
  await running().storage.sessions.storePasswordHash(await hashPassword(newPassword, { log2N: 10, r: 8, p: 1 }), start);
  const entries = (await running().storage.audit.list(null, 10)).entries.map((entry) => entry.action);
  expect(entries.filter((action) => action === 'setup_failed')).toHaveLength(4);
});

test('set-up needs the site’s own Origin, and is closed once a password is set (also from the command line)', async () => {
  const { code } = await withCode();
  expect((await post(code, newPassword, 'https://evil.example')).statusCode).toBe(403);
  // `npm run coach -- set-password` stores a password: every set-up code ends.
  await running().storage.sessions.storePasswordHash(await hashPassword('from the command line', { log2N: 10, r: 8, p: 1 }), start);
  expect((await running().storage.setupCodes.find(createSetupCode(start).hash))).toBeNull();
  expect((await post(code)).json()).toMatchObject({ error: 'password_already_set' });
});

test('the first start prints the set-up address once, on a line of its own; a server with a password prints none', async () => {
  const log = captureLog();
  const config = { ...testConfig(), logLevel: 'info' as const };
  const running = await startApp(config, { logStream: log.stream });
  app = running.app;
  const setupLines = () => log.lines.map((line) => JSON.parse(line) as { msg: string; setupUrl?: string }).filter((line) => line.setupUrl);
  await expect.poll(() => setupLines().length).toBe(1);
  const [line] = setupLines();
  const port = new URL(running.url).port;
  expect(line?.setupUrl).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${port}/coach/setup#[A-Za-z0-9_-]{43}$`));
  expect(line?.msg).toContain(line?.setupUrl);
  // The address works.
  const code = new URL(line?.setupUrl ?? '').hash.slice(1);
  const response = await fetch(`${running.url}${coachApi.setup}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: running.url },
    body: JSON.stringify({ code, password: newPassword }),
  });
  expect(response.status).toBe(200);
  await app.close();

  const again = captureLog();
  app = (await startApp(config, { logStream: again.stream })).app;
  await expect.poll(() => again.lines.some((entry) => entry.includes('Server listening'))).toBe(true);
  expect(again.lines.filter((entry) => entry.includes('setupUrl'))).toEqual([]);
});
