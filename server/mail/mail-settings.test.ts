/**
 * Mail set on the dashboard's settings screen, against a real SMTP server on loopback: validated
 * (messages name the field, never the password), stored sealed, audit-logged, applied without a
 * restart (the next lead's e-mail goes out; a new password is used at once), and seen by a second
 * instance; the "Send a test e-mail" route says what the server answered. SMTP_URL and MAIL_FROM win.
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { testEmailCopy } from '../../src/content/email';
import type { AuditLogResponse } from '../../src/shared/coach-api/audit';
import type { MailStatus, MailTestResult } from '../../src/shared/coach-api/mail';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import { SESSION_COOKIE } from '../coach/sessions';
import type { ServerConfig } from '../config';
import { setTestPassword, signIn } from '../test/coach-session';
import { postLead, sqliteDb, startApp, testConfig, validLead } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { type SmtpSink, startSmtpSink } from '../test/smtp-sink';

const publicUrl = 'https://quiz.example';
const password = 'p@ss:w0rd/hunter2';
const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function sink(): Promise<SmtpSink> {
  const started = await startSmtpSink({ requireAuth: { username: 'coach', password } });
  cleanups.push(() => started.close());
  return started;
}

/** The sink's address with a login: the password percent-encoded, as the coach pastes it. */
function smtpUrlOf(server: SmtpSink, secret = password): string {
  const url = new URL(server.url);
  url.username = 'coach';
  url.password = encodeURIComponent(secret);
  return url.href;
}

/** `setPassword: false` for a second instance on the same database (setting it again ends every session). */
async function start(overrides: Partial<ServerConfig> = {}, setPassword = true) {
  const running = await startApp(testConfig({ publicUrl, rateLimit: { max: 1000, windowMs: 60_000 }, ...overrides }));
  cleanups.push(() => running.app.close());
  if (setPassword) await setTestPassword(running.app);
  return { ...running, request: await signedInAt(running.app) };
}

/** Signed in, with this site's Origin (PUBLIC_URL) on every request. */
async function signedInAt(app: FastifyInstance) {
  const response = await signIn(app, undefined, { origin: publicUrl });
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  expect(response.statusCode).toBe(200);
  return (options: InjectOptions) => app.inject({ ...options, headers: { origin: publicUrl, ...options.headers }, cookies: { [SESSION_COOKIE]: token } });
}

const from = 'Sam Rivera <coach@coach.example>';

test('mail set on the settings screen: checked, stored sealed, audit-logged, tested, and the next lead gets its e-mail without a restart', async () => {
  const server = await sink();
  const { app, url, request } = await start();

  // Off at first: the status and the test say what is missing and where to set it.
  expect((await request({ method: 'GET', url: coachApi.mail })).json<MailStatus>()).toEqual({ on: false, missing: 'the mail server (SMTP) is not set', server: null, from: null, senderRefused: null });
  const off = await request({ method: 'POST', url: coachApi.mailTest });
  expect(off.statusCode).toBe(409);
  expect(off.json()).toMatchObject({ error: 'mail_not_configured', message: expect.stringContaining('Settings screen (or SMTP_URL and MAIL_FROM on the server)') });
  expect((await postLead(url, { ...validLead, email: 'before@example.org' })).status).toBe(201);

  // Refused, naming the field, never repeating the password; nothing stored.
  const bad = await request({ method: 'PATCH', url: coachApi.settings, payload: { smtpUrl: `https://coach:${encodeURIComponent(password)}@smtp.example.com`, mailFrom: 'Sam Rivera' } });
  expect(bad.statusCode).toBe(400);
  expect(bad.json<{ problems: { field: string; message: string }[] }>().problems).toEqual([
    { field: 'smtpUrl', message: expect.stringMatching(/^Mail server \(SMTP\): start it with smtp:\/\/ or smtps:\/\//) },
    { field: 'mailFrom', message: expect.stringMatching(/^Sender address: use one e-mail address/) },
  ]);
  expect(bad.body).not.toContain('hunter2');

  const saved = await request({ method: 'PATCH', url: coachApi.settings, payload: { smtpUrl: smtpUrlOf(server), mailFrom: from } });
  expect(saved.statusCode).toBe(200);
  expect(saved.json<SettingsResponse>()).toMatchObject({ values: { smtpUrl: null, mailFrom: from }, secretsSet: { smtpUrl: true }, sources: { smtpUrl: 'dashboard', mailFrom: 'dashboard' } });
  expect(saved.body).not.toContain('hunter2');
  // Stored sealed: the password is nowhere in the database.
  const stored = sqliteDb(app).prepare<[], { key: string; value: string }>('SELECT key, value FROM settings').all();
  expect(stored.map((row) => row.key).sort()).toEqual(['mailFrom', 'smtpUrl']);
  expect(JSON.stringify(stored)).not.toContain('hunter2');
  expect(JSON.stringify(stored)).not.toContain('hunter2'.replace('2', '%32'));

  expect((await request({ method: 'GET', url: coachApi.mail })).json<MailStatus>()).toEqual({
    on: true,
    missing: null,
    server: `smtp://coach:***@127.0.0.1:${server.port}`,
    from,
    senderRefused: null,
  });

  // The test: to the sender's own address, and the server's answer.
  const tested = await request({ method: 'POST', url: coachApi.mailTest });
  expect(tested.statusCode).toBe(200);
  const result = tested.json<MailTestResult>();
  expect(result).toMatchObject({ outcome: 'accepted', stage: null, to: 'coach@coach.example', smtpCode: 250, server: `smtp://coach:***@127.0.0.1:${server.port}` });
  expect(result.answer).toMatch(/^250 /);
  const [test] = await server.waitFor(1);
  expect(test).toMatchObject({ subject: testEmailCopy.subject, messageId: result.messageId, envelopeTo: ['coach@coach.example'] });
  expect(server.logins.at(-1)).toEqual({ username: 'coach', password });

  // Turned on without a restart: the next lead is e-mailed (the one before mail was on is not).
  expect((await postLead(url, { ...validLead, email: 'after@example.org' })).status).toBe(201);
  const [, results] = await server.waitFor(2);
  expect(results?.envelopeTo).toEqual(['after@example.org']);
  expect(results?.from?.value).toEqual([{ name: 'Sam Rivera', address: 'coach@coach.example' }]);

  const audit = (await request({ method: 'GET', url: coachApi.audit })).json<AuditLogResponse>();
  expect(audit.entries.slice(0, 2)).toMatchObject([{ action: 'mail_test' }, { action: 'settings_changed', fields: ['smtpUrl', 'mailFrom'] }]);
  // The history says what changed: the sender old → new (the coach's own setting), the mail server
  // only "changed" (a secret: neither its address nor its password is ever written out).
  expect(audit.entries[1]?.changes).toEqual([
    { field: 'smtpUrl', label: 'Mail server (SMTP)', from: null, to: null, secret: true },
    { field: 'mailFrom', label: 'Sender address', from: null, to: from, secret: false },
  ]);
  expect(JSON.stringify(audit)).not.toMatch(/hunter2|127\.0\.0\.1/);
});

test('the test says what went wrong: a wrong password (EAUTH 535), then the server down (no connection); never the password', async () => {
  const server = await sink();
  const { request } = await start();
  await request({ method: 'PATCH', url: coachApi.settings, payload: { smtpUrl: smtpUrlOf(server, 'wrong-hunter2-guess'), mailFrom: from } });
  const wrong = (await request({ method: 'POST', url: coachApi.mailTest })).json<MailTestResult>();
  expect(wrong).toMatchObject({ outcome: 'failed', stage: 'EAUTH', smtpCode: 535 });
  expect(JSON.stringify(wrong)).not.toContain('hunter2');

  // A new password applies at once: the mailer is built again.
  await request({ method: 'PATCH', url: coachApi.settings, payload: { smtpUrl: smtpUrlOf(server) } });
  expect((await request({ method: 'POST', url: coachApi.mailTest })).json<MailTestResult>()).toMatchObject({ outcome: 'accepted' });

  server.setDown(true);
  const down = (await request({ method: 'POST', url: coachApi.mailTest })).json<MailTestResult>();
  expect(down).toMatchObject({ outcome: 'failed', smtpCode: null });
  expect(down.stage).toMatch(/^(ECONNECTION|ESOCKET|ETIMEDOUT)$/);
  expect(down.answer).not.toBe('');
});

test('the test route: 401 without a session, 403 without the dashboard Origin', async () => {
  const { app } = await start();
  expect((await app.inject({ method: 'POST', url: coachApi.mailTest, headers: { origin: publicUrl } })).statusCode).toBe(401);
  expect((await app.inject({ method: 'GET', url: coachApi.mail })).statusCode).toBe(401);
  const request = await signedInAt(app);
  expect((await request({ method: 'POST', url: coachApi.mailTest, headers: { origin: 'https://evil.example' } })).statusCode).toBe(403);
});

test('SMTP_URL and MAIL_FROM on the server win: shown as theirs, refused on the dashboard naming the variable', async () => {
  const server = await sink();
  const { request } = await start({ environmentSettings: { smtpUrl: smtpUrlOf(server), mailFrom: from } });
  const settings = (await request({ method: 'GET', url: coachApi.settings })).json<SettingsResponse>();
  expect(settings).toMatchObject({ sources: { smtpUrl: 'environment', mailFrom: 'environment' }, variables: { smtpUrl: 'SMTP_URL', mailFrom: 'MAIL_FROM' }, secretsSet: { smtpUrl: true } });
  expect(JSON.stringify(settings)).not.toContain('hunter2');
  const refused = await request({ method: 'PATCH', url: coachApi.settings, payload: { smtpUrl: 'smtp://127.0.0.1:25' } });
  expect(refused.statusCode).toBe(400);
  expect(refused.json()).toMatchObject({ field: 'smtpUrl', message: 'Mail server (SMTP) is set on the server (SMTP_URL), which wins: change it there.' });
  expect((await request({ method: 'POST', url: coachApi.mailTest })).json<MailTestResult>()).toMatchObject({ outcome: 'accepted' });
});

test('two instances on one Postgres database: mail set on one is used by the other within 5 s', async () => {
  const server = await sink();
  const database = await freshPostgres();
  const a = await start({ database });
  const b = await start({ database }, false);
  const patched = await a.request({ method: 'PATCH', url: coachApi.settings, payload: { smtpUrl: smtpUrlOf(server), mailFrom: from } });
  expect(patched.statusCode).toBe(200);
  await expect.poll(async () => (await b.request({ method: 'GET', url: coachApi.mail })).json<MailStatus>().on, { timeout: 5_000, interval: 100 }).toBe(true);
  expect((await postLead(b.url, { ...validLead, email: 'on-b@example.org' })).status).toBe(201);
  const [received] = await server.waitFor(1);
  expect(received?.envelopeTo).toEqual(['on-b@example.org']);
});
