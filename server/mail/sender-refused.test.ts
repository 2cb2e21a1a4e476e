/**
 * A refused sender loses no e-mail: a 5xx to MAIL FROM is the coach's to fix, not the visitor's
 * address gone. Mail pauses (nothing is dropped, nothing more is tried), the dashboard shows the
 * server's answer (Settings and Deliveries), and what waited goes out within 30 s of the mail
 * settings changing. Against a real SMTP server on loopback, on the outbox's injectable clock.
 */
import type { InjectOptions } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import type { DeliveriesResponse } from '../../src/shared/coach-api/deliveries';
import type { MailStatus } from '../../src/shared/coach-api/mail';
import { coachApi } from '../../src/shared/coach-api/routes';
import { SESSION_COOKIE } from '../coach/sessions';
import { setTestPassword, signIn } from '../test/coach-session';
import { postLead, type RunningApp, startApp, testConfig } from '../test/helpers';
import { manualClock } from '../test/manual-clock';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';

const publicUrl = 'https://quiz.example';
let running: RunningApp | undefined;
let sink: SmtpSink | undefined;

afterEach(async () => {
  await running?.app.close();
  await sink?.close();
  running = sink = undefined;
});

test('a refused sender pauses the mail, shows the answer on the dashboard, and the e-mails that waited go out within 30 s of the fix', async () => {
  sink = await startSmtpSink();
  const clock = manualClock(Date.UTC(2026, 2, 3, 10));
  running = await startApp(testConfig({ publicUrl, rateLimit: { max: 1000, windowMs: 60_000 } }), { clock });
  const { app, url } = running;
  await setTestPassword(app);
  const token = (await signIn(app, undefined, { origin: publicUrl })).cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  const request = (options: InjectOptions) => app.inject({ ...options, headers: { origin: publicUrl }, cookies: { [SESSION_COOKIE]: token } });
  await app.settings.change({ smtpUrl: sink.url, mailFrom: 'Sam Rivera <coach@coach.example>' }, { actor: 'command line' }, clock.now());
  sink.refuseSender({ code: 553, message: '5.7.1 Sender address rejected: not owned by user', unless: 'fixed@coach.example' });

  expect((await postLead(url, { email: 'first@example.org', firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] })).status).toBe(201);
  expect(await app.mailOutbox.deliverDue()).toEqual({ delivered: 0, retrying: 1, gone: 0, expired: 0 });
  // Kept, and due again 30 s on: never "gone" after one attempt.
  expect(await app.storage.outbox.email.nextDueAt()).toBe(clock.now() + 30_000);
  const status = (await request({ url: coachApi.mail })).json<MailStatus>();
  expect(status.senderRefused).toMatch(/^553 5\.7\.1 Sender address rejected: not owned by user/);
  const waiting = (await request({ url: coachApi.deliveries })).json<DeliveriesResponse>();
  expect(waiting).toMatchObject({ mailSenderRefused: status.senderRefused, counts: { pending: 1, gone: 0 } });
  // The e-mail's own technical answer is the server's reply.
  expect(waiting.deliveries[0]).toMatchObject({ lastStatus: 553, lastReply: expect.stringMatching(/^553 5\.7\.1 Sender address rejected: not owned by user/) });

  // Paused: a new visitor's e-mail waits too, and nothing more is tried until the settings change.
  expect((await postLead(url, { email: 'second@example.org', firstName: 'Ben', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] })).status).toBe(201);
  const connections = sink.connections;
  clock.advance(30_000);
  expect(await app.mailOutbox.deliverDue()).toEqual({ delivered: 0, retrying: 0, gone: 0, expired: 0 });
  expect(sink.connections).toBe(connections);

  // The coach fixes the sender: both e-mails go out, the first 30 s after its last try at most.
  await app.settings.change({ mailFrom: 'Sam Rivera <fixed@coach.example>' }, { actor: 'command line' }, clock.now());
  expect(await app.mailOutbox.deliverDue()).toEqual({ delivered: 2, retrying: 0, gone: 0, expired: 0 });
  expect(sink.messages.map((message) => message.envelopeTo).sort()).toEqual([['first@example.org'], ['second@example.org']]);
  expect((await request({ url: coachApi.mail })).json<MailStatus>().senderRefused).toBeNull();
});

test('a refused recipient keeps the server’s reply as its technical answer, without the address it quotes', async () => {
  sink = await startSmtpSink();
  running = await startApp(testConfig({ publicUrl }), { clock: manualClock(Date.UTC(2026, 2, 3, 10)) });
  const { app, url } = running;
  await app.settings.change({ smtpUrl: sink.url, mailFrom: 'Sam Rivera <coach@coach.example>' }, { actor: 'command line' }, Date.UTC(2026, 2, 3, 10));
  sink.refuseRecipients({ code: 550, message: '5.1.1 <nobody@example.org>: Recipient address rejected: User unknown' });
  expect((await postLead(url, { email: 'nobody@example.org', firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] })).status).toBe(201);
  expect(await app.mailOutbox.deliverDue()).toMatchObject({ gone: 1 });
  const { deliveries } = await app.storage.dashboard.listDeliveries({ filter: 'gone', cursor: null, limit: 10 });
  expect(deliveries.map((delivery) => [delivery.channel, delivery.lastStatus, delivery.lastReply])).toEqual([
    ['email', 550, '550 5.1.1 [address]: Recipient address rejected: User unknown'],
  ]);
});
