/**
 * The results e-mail end to end on the server, against a real SMTP server on loopback (read back with
 * mailparser) and a real webhook receiver: what arrives, both links working, their expiry (on the
 * outbox's injectable clock), erase killing the link, a retake showing the change, the confirm link
 * recording the opt-in and firing `lead.confirmed`, and a mail server down for 30 s.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, expect, test } from 'vitest';
import { coreDrivers } from '../../src/content/drivers';
import type { ConfirmResponse, ProfileResponse } from '../../src/shared/profile-api';
import type { ServerConfig } from '../config';
import { consentVersion, consentWording } from '../leads/consent';
import { captureLog, postLead, type RunningApp, startApp, testConfig, webhookEnvironment } from '../test/helpers';
import { manualClock } from '../test/manual-clock';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import type { ReceivedMail } from '../test/smtp-sink';

const DAY = 24 * 60 * 60 * 1000;
const secret = 'a-webhook-secret-of-at-least-24-chars';
const publicUrl = 'https://quiz.example';
const boxText = 'Yes, email me tips and news about the course.';

type Hook = { type: string; timestamp: string; data: { email: string; consent: { confirmedAt: string | null } } };

let running: RunningApp | undefined;
let sink: SmtpSink | undefined;
let receiver: Server | undefined;

afterEach(async () => {
  await running?.app.close();
  await sink?.close();
  if (receiver) await new Promise((resolve) => receiver?.close(resolve));
  running = sink = receiver = undefined;
});

async function startReceiver(): Promise<{ url: string; hooks: Hook[] }> {
  const hooks: Hook[] = [];
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      hooks.push(JSON.parse(body) as Hook);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver?.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`, hooks };
}

async function startMailApp(overrides: Partial<ServerConfig> = {}) {
  sink = await startSmtpSink();
  const hooks = await startReceiver();
  const clock = manualClock(Date.UTC(2026, 2, 3, 10));
  const log = captureLog();
  const config = testConfig({
    publicUrl,
    environmentSettings: {
      consentCheckbox: true,
      consentText: boxText,
      smtpUrl: sink.url,
      mailFrom: 'Sam Rivera <coach@coach.example>',
      ...webhookEnvironment(hooks.url, secret).environmentSettings,
    },
    logLevel: 'info',
    rateLimit: { max: 1000, windowMs: 60_000 },
    ...overrides,
  });
  running = await startApp(config, { clock, logStream: log.stream });
  const version = consentVersion(consentWording({ privacyUrl: null, consentCheckbox: true, consentText: boxText, mailOn: true }));
  const { app, url } = running;
  const submit = async (email: string, ratings: number[], marketing = false) => {
    const response = await postLead(url, { email, firstName: 'Ana', ratings, consent: { version, marketing } });
    expect(response.status).toBe(201);
  };
  const deliverMail = async () => app.mailOutbox.deliverDue();
  return { app, url, clock, log, hooks: hooks.hooks, submit, deliverMail, sink };
}

/** The token of a link of the e-mail's plain-text part. */
function tokenIn(mail: ReceivedMail, path: '/profile' | '/confirm'): string {
  const match = new RegExp(`${publicUrl}${path}#([A-Za-z0-9_-]{43})`).exec(mail.text ?? '');
  if (!match?.[1]) throw new Error(`no ${path} link in the e-mail`);
  return match[1];
}

async function openLink<T>(url: string, path: '/api/profile' | '/api/confirm', token: string): Promise<{ status: number; body: T; headers: Headers }> {
  const response = await fetch(`${url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) });
  return { status: response.status, body: (await response.json()) as T, headers: response.headers };
}

test('the e-mail arrives with the profile; its private link opens the profile, and nothing personal is logged', async () => {
  const { url, submit, deliverMail, sink: mailSink, log } = await startMailApp();
  await submit('ana@example.org', [1, 2, 3, 1, 2, 3, 1, 2, 3]);
  expect(await deliverMail()).toMatchObject({ delivered: 1 });
  const [mail] = await mailSink.waitFor(1);
  if (!mail) throw new Error('no e-mail');
  expect(mail.subject).toBe('Your Core Driver Profile');
  expect(mail.envelopeTo).toEqual(['ana@example.org']);
  expect(mail.messageId).toMatch(/^<msg_[0-9a-f-]{36}@coach\.example>$/);
  for (const driver of coreDrivers) expect(mail.text).toContain(driver.shortName);
  // The box was left unticked: no confirm button and no course pitch.
  expect(mail.text).not.toContain('/confirm#');
  expect(mail.text).not.toContain('Show Me the Course');

  const opened = await openLink<ProfileResponse>(url, '/api/profile', tokenIn(mail, '/profile'));
  expect(opened.status).toBe(200);
  expect(opened.headers.get('cache-control')).toBe('no-store');
  expect(opened.headers.get('referrer-policy')).toBe('no-referrer');
  expect(opened.body).toMatchObject({ firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3], previous: null, showCourse: false });
  expect(Date.parse(opened.body.linkExpiresAt) - Date.parse(opened.body.submittedAt)).toBe(90 * DAY);

  const logged = log.lines.join('\n');
  expect(logged).not.toContain('ana@example.org');
  expect(logged).not.toContain(tokenIn(mail, '/profile'));
});

test('the confirm link needs a POST, records the opt-in once, fires lead.confirmed, and then the course may be shown', async () => {
  const { app, url, clock, submit, deliverMail, sink: mailSink, hooks } = await startMailApp();
  await submit('yes@example.org', [1, 1, 2, 2, 3, 3, 1, 2, 3], true);
  await deliverMail();
  await app.outbox?.deliverDue();
  const [mail] = await mailSink.waitFor(1);
  if (!mail) throw new Error('no e-mail');
  // The first e-mail of a ticked box: the confirm button, and no course pitch yet.
  expect(mail.text).toContain('Confirm here:');
  expect(mail.text).not.toContain('Show Me the Course');
  const confirmToken = tokenIn(mail, '/confirm');
  // A GET of the page (what a mail scanner does) is only the page: nothing is confirmed.
  expect((await fetch(`${url}/confirm`)).status).toBe(200);
  expect((await openLink<ProfileResponse>(url, '/api/profile', tokenIn(mail, '/profile'))).body.showCourse).toBe(false);

  clock.advance(60 * 60 * 1000);
  const confirmed = await openLink<ConfirmResponse>(url, '/api/confirm', confirmToken);
  expect(confirmed).toMatchObject({ status: 200, body: { confirmed: true, confirmedAt: new Date(clock.now()).toISOString() } });
  // Pressed again: still confirmed, at the same time, and nothing new is sent anywhere.
  const again = await openLink<ConfirmResponse>(url, '/api/confirm', confirmToken);
  expect(again).toMatchObject({ status: 200, body: confirmed.body });
  await app.outbox?.deliverDue();
  expect(hooks.map((hook) => hook.type)).toEqual(['lead.submitted', 'lead.confirmed']);
  expect(hooks[1]).toMatchObject({ timestamp: new Date(clock.now()).toISOString(), data: { email: 'yes@example.org', consent: { confirmedAt: new Date(clock.now()).toISOString() } } });
  expect((await openLink<ProfileResponse>(url, '/api/profile', tokenIn(mail, '/profile'))).body.showCourse).toBe(true);
});

test('links expire: the confirm link after seven days, the profile link after PROFILE_LINK_DAYS', async () => {
  const { url, clock, submit, deliverMail, sink: mailSink } = await startMailApp({ profileLinkDays: 30 });
  await submit('late@example.org', [2, 2, 2, 2, 2, 2, 2, 2, 2], true);
  await deliverMail();
  const [mail] = await mailSink.waitFor(1);
  if (!mail) throw new Error('no e-mail');
  expect(mail.text).toContain('This private link works for 30 days.');
  clock.advance(7 * DAY);
  expect((await openLink(url, '/api/confirm', tokenIn(mail, '/confirm'))).status).toBe(404);
  clock.advance(23 * DAY - 1);
  expect((await openLink(url, '/api/profile', tokenIn(mail, '/profile'))).status).toBe(200);
  clock.advance(1);
  const dead = await openLink<{ error: string }>(url, '/api/profile', tokenIn(mail, '/profile'));
  expect(dead).toMatchObject({ status: 404, body: { error: 'link_dead' } });
});

test('erasing the person kills the link at once, and their queued e-mail is never sent', async () => {
  const { app, url, submit, deliverMail, sink: mailSink } = await startMailApp();
  await submit('erase-me@example.org', [3, 3, 3, 3, 3, 3, 3, 3, 3]);
  await deliverMail();
  const [mail] = await mailSink.waitFor(1);
  if (!mail) throw new Error('no e-mail');
  await submit('erase-me@example.org', [1, 1, 1, 1, 1, 1, 1, 1, 1]);
  expect(await app.storage.dashboard.eraseLead('erase-me@example.org')).toMatchObject({ submissions: 2 });
  expect((await openLink(url, '/api/profile', tokenIn(mail, '/profile'))).status).toBe(404);
  expect(await deliverMail()).toMatchObject({ delivered: 0 });
  expect(mailSink.messages).toHaveLength(1);
});

test('a retake: the new e-mail shows, per driver, the earlier and the new rating with their dates; each link shows its own submission', async () => {
  const { url, clock, submit, deliverMail, sink: mailSink } = await startMailApp();
  await submit('again@example.org', [2, 2, 2, 1, 2, 2, 2, 2, 2]);
  await deliverMail();
  clock.advance(61 * DAY);
  await submit('again@example.org', [2, 2, 2, 2, 2, 2, 2, 2, 2]);
  await deliverMail();
  const [first, second] = await mailSink.waitFor(2);
  if (!first || !second) throw new Error('two e-mails expected');
  expect(second.text).toContain('You took the quiz on 3 March, and again on 3 May.');
  expect(second.text).toContain('Task Initiation: This is me → Sometimes, since 3 May');
  // Each link shows what it was made for: the first its own submission (a later one, which anyone
  // may send for this address, never changes it); the second its own, and what changed since the first.
  const opened = await openLink<ProfileResponse>(url, '/api/profile', tokenIn(first, '/profile'));
  expect(opened.body).toMatchObject({ ratings: [2, 2, 2, 1, 2, 2, 2, 2, 2], previous: null });
  const reopened = await openLink<ProfileResponse>(url, '/api/profile', tokenIn(second, '/profile'));
  expect(reopened.body).toMatchObject({ ratings: [2, 2, 2, 2, 2, 2, 2, 2, 2], previous: { ratings: [2, 2, 2, 1, 2, 2, 2, 2, 2] } });
});

test('the mail server down for 30 s, then up: every e-mail delivered once, by Message-ID', async () => {
  const { submit, deliverMail, sink: mailSink, clock } = await startMailApp();
  mailSink.setDown(true);
  for (let index = 0; index < 5; index += 1) await submit(`down-${index}@example.org`, [1, 2, 3, 1, 2, 3, 1, 2, 3]);
  // 30 s on the outbox's clock, looking every 5 s: only failed attempts (first retry after ~10 s).
  for (let elapsed = 0; elapsed <= 30_000; elapsed += 5_000) {
    expect((await deliverMail())?.delivered).toBe(0);
    clock.advance(5_000);
  }
  expect(mailSink.messages).toHaveLength(0);
  mailSink.setDown(false);
  // Back up: what is due goes now, the rest at its next retry (at most ~40 s more for the second).
  for (let round = 0; round < 20 && mailSink.messages.length < 5; round += 1) {
    await deliverMail();
    clock.advance(10_000);
  }
  const ids = (await mailSink.waitFor(5)).map((mail) => mail.messageId);
  expect(new Set(ids).size).toBe(5);
  // Nothing is sent twice afterwards.
  clock.advance(DAY);
  expect(await deliverMail()).toEqual({ delivered: 0, retrying: 0, gone: 0, expired: 0 });
  expect(mailSink.messages).toHaveLength(5);
});

test('a tampered or missing token is refused without a lookup; a well-formed unknown one is simply dead', async () => {
  const { url } = await startMailApp();
  for (const body of [{}, { token: 'short' }, { token: 'A'.repeat(43), extra: 1 }, []]) {
    const response = await fetch(`${url}/api/profile`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(response.status).toBe(400);
  }
  expect((await openLink(url, '/api/profile', 'A'.repeat(43))).status).toBe(404);
});
