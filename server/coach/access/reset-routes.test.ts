/**
 * "Forgot your password?" through a real SMTP server on loopback (read back with mailparser), with
 * a fake clock: the link works once, expires after 30 minutes, and an unknown address gets the same
 * answer (and no e-mail). Also: a fresh set-up address written to the log for an expired one.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { coachApi } from '../../../src/shared/coach-api/routes';
import { coachAccessApi } from '../../../src/shared/coach-api/access';
import { buildApp } from '../../app';
import { coachPassword, setTestPassword, signIn } from '../../test/coach-session';
import { captureLog, testConfig } from '../../test/helpers';
import { manualClock } from '../../test/manual-clock';
import { startSmtpSink } from '../../test/smtp-sink';
import { SESSION_COOKIE } from '../sessions';

const publicUrl = 'https://quiz.example';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start() {
  const sink = await startSmtpSink();
  cleanups.push(() => sink.close());
  const clock = manualClock(Date.parse('2026-11-26T09:00:00Z'));
  const app = await buildApp(testConfig({ publicUrl }), { clock });
  cleanups.push(() => app.close());
  await setTestPassword(app);
  const signedIn = await signIn(app, coachPassword, { origin: publicUrl });
  const token = signedIn.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  const coach = (options: InjectOptions) => app.inject({ ...options, headers: { origin: publicUrl, ...options.headers }, cookies: { [SESSION_COOKIE]: token } });
  const settings = await coach({
    method: 'PATCH',
    url: coachApi.settings,
    payload: { smtpUrl: sink.url, mailFrom: 'Sam Rivera <coach@coach.example>', recoveryEmail: 'Sam@Coach.example' },
  });
  expect(settings.statusCode, settings.body).toBe(200);
  return { app, sink, clock, coach };
}

const ask = (app: FastifyInstance, email: string, client = '127.0.0.1') =>
  app.inject({ method: 'POST', url: coachAccessApi.passwordReset, headers: { origin: publicUrl }, remoteAddress: client, payload: { email } });
const confirm = (app: FastifyInstance, token: string, password: string) =>
  app.inject({ method: 'POST', url: coachAccessApi.passwordResetConfirm, headers: { origin: publicUrl }, payload: { token, password } });

/** The link in a reset e-mail, and its token (after the #). */
function linkIn(text: string | undefined): { link: string; token: string } {
  const link = /https:\/\/\S+/.exec(text ?? '')?.[0] ?? '';
  return { link, token: link.split('#')[1] ?? '' };
}

test('a reset link by e-mail to the recovery address: the same answer for any address, works once, signs everyone out', async () => {
  const { app, sink, coach } = await start();
  expect((await app.inject({ method: 'GET', url: coachApi.setup })).json()).toEqual({ passwordSet: true, resetByMail: true });

  const unknown = await ask(app, 'someone@else.example');
  const known = await ask(app, ' sam@coach.EXAMPLE ');
  expect(unknown.statusCode).toBe(202);
  expect(known.statusCode).toBe(202);
  expect(known.json()).toEqual(unknown.json());

  const [mail] = await sink.waitFor(1);
  expect(mail?.envelopeTo.map((address) => address.toLowerCase())).toEqual(['sam@coach.example']);
  expect(mail?.subject).toBe('Reset your Core Drivers dashboard password');
  const { link, token } = linkIn(mail?.text);
  expect(link.startsWith(`${publicUrl}/coach/reset#`)).toBe(true);

  const short = await confirm(app, token, 'short');
  expect(short.json()).toMatchObject({ error: 'invalid_request', field: 'password' });
  const used = await confirm(app, token, 'my new long passphrase');
  expect(used.statusCode).toBe(204);
  // Every browser signed out; the new password signs in, the old one no more.
  expect((await coach({ method: 'GET', url: coachApi.session })).statusCode).toBe(401);
  expect((await signIn(app, coachPassword, { origin: publicUrl })).statusCode).toBe(401);
  expect((await signIn(app, 'my new long passphrase', { origin: publicUrl })).statusCode).toBe(200);
  // Once only.
  const again = await confirm(app, token, 'another long passphrase');
  expect(again.statusCode).toBe(401);
  expect(again.json()).toMatchObject({ error: 'wrong_reset_link' });
  // The unknown address got nothing.
  expect(sink.messages).toHaveLength(1);
});

test('a reset link expires after 30 minutes; asking is throttled per address and per client', async () => {
  const { app, sink, clock } = await start();
  expect((await ask(app, 'sam@coach.example')).statusCode).toBe(202);
  const [mail] = await sink.waitFor(1);
  const { token } = linkIn(mail?.text);
  clock.advance(30 * 60_000);
  const expired = await confirm(app, token, 'my new long passphrase');
  expect(expired.statusCode).toBe(401);
  expect(expired.json()).toMatchObject({ error: 'reset_link_expired', message: expect.stringContaining('30 minutes') });
  expect((await signIn(app, coachPassword, { origin: publicUrl })).statusCode).toBe(200);

  // The same address from other clients: 3 in 30 minutes, then refused (matched or not, the same answer).
  for (const client of ['10.0.0.1', '10.0.0.2']) expect((await ask(app, 'sam@coach.example', client)).statusCode).toBe(202);
  const refused = await ask(app, 'sam@coach.example', '10.0.0.3');
  expect(refused.statusCode).toBe(429);
  // One client, many addresses: 3 (the refused one counted too), then refused.
  expect((await ask(app, 'b@else.example', '10.0.0.3')).statusCode).toBe(202);
  expect((await ask(app, 'c@else.example', '10.0.0.3')).statusCode).toBe(202);
  expect((await ask(app, 'd@else.example', '10.0.0.3')).statusCode).toBe(429);
  clock.advance(30 * 60_000 + 1);
  expect((await ask(app, 'd@else.example', '10.0.0.3')).statusCode).toBe(202);
});

test('an expired set-up address: the set-up screen asks for a fresh one in the log, at most one a minute', async () => {
  const log = captureLog();
  const clock = manualClock(Date.parse('2026-11-26T09:00:00Z'));
  const app = await buildApp(testConfig({ logLevel: 'info' }), { clock, logStream: log.stream });
  cleanups.push(() => app.close());
  await app.listen({ host: '127.0.0.1', port: 0 });
  const setupLines = () => log.lines.filter((line) => line.includes('"setupUrl"'));
  await expect.poll(() => setupLines().length).toBe(1);
  const post = (client = '127.0.0.1') =>
    app.inject({ method: 'POST', url: coachAccessApi.setupLink, headers: { origin: 'http://localhost:80' }, remoteAddress: client });
  const first = await post();
  expect(first.statusCode).toBe(202);
  await expect.poll(() => setupLines().length).toBe(2);
  const code = /#([A-Za-z0-9_-]{43})/.exec(setupLines()[1] ?? '')?.[1] ?? '';
  expect((await post()).statusCode).toBe(429);
  clock.advance(60_000);
  expect((await post()).statusCode).toBe(202);
  await expect.poll(() => setupLines().length).toBe(3);
  // The fresh address works.
  const used = await app.inject({ method: 'POST', url: coachApi.setup, headers: { origin: 'http://localhost:80' }, payload: { code, password: 'a long first password' } });
  expect(used.statusCode).toBe(200);
  // A client may ask 3 times an hour; once a password is set, nobody gets one.
  clock.advance(60_000);
  expect((await post()).statusCode).toBe(429);
  expect((await post('10.0.0.9')).statusCode).toBe(409);
});
