/**
 * Mail, as the coach checks it on the settings screen (inside the coach API, so its guard applies: a
 * session, and the site's own Origin for every POST). The mail server and the sender themselves are
 * settings (PATCH /api/coach/settings `smtpUrl`, `mailFrom`; or SMTP_URL and MAIL_FROM, which win).
 *
 *   GET  /api/coach/mail       on or off, through which server (no password), what is missing
 *   POST /api/coach/mail/test  a test e-mail to the sender's own address; what the server answered
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { testEmailCopy } from '../../src/content/email';
import type { MailStatus, MailTestResult } from '../../src/shared/coach-api/mail';
import { coachApi, type CoachApiError } from '../../src/shared/coach-api/routes';
import { outboxTimings } from '../outbox/delivery-loop';
import type { Actor, Storage } from '../storage/storage';
import type { MailSettings } from './mail-config';
import type { LiveMail } from './mail-setup';
import { createMailer } from './mailer';

/** What the dashboard says while mail is off: what is missing, and where to set it. */
export const mailOffMessage = (missing: string) =>
  `Mail is off: ${missing}. Set the mail server and the sender on the Settings screen (or SMTP_URL and MAIL_FROM on the server).`;

/** The longest answer shown: a server's reply is one line or a few. */
const ANSWER_LIMIT = 500;

/**
 * A server's answer made safe to show: one line of printable text, cut, and the password taken out
 * wherever it appears (no server should echo it; none gets the chance to show it).
 */
export function shownAnswer(answer: string, settings: Pick<MailSettings, 'url'>): string {
  const url = new URL(settings.url);
  let text = answer.replace(/[\p{Cc}\p{Cf}]+/gu, ' ').trim();
  for (const secret of new Set([url.password, safeDecode(url.password)])) {
    if (secret.length >= 3) text = text.split(secret).join('***');
  }
  return text.length > ANSWER_LIMIT ? `${text.slice(0, ANSWER_LIMIT - 1)}…` : text;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

export function mailStatus(live: LiveMail): MailStatus {
  const { state } = live;
  return state.on
    ? { on: true, missing: null, server: state.settings.safeUrl, from: state.settings.from, senderRefused: senderRefusedAnswer(live) }
    : { on: false, missing: state.missing, server: null, from: null, senderRefused: null };
}

/** The refused sender's answer as the dashboard shows it (the password taken out), or null. */
export function senderRefusedAnswer(live: LiveMail): string | null {
  const refused = live.senderRefused;
  return refused === null || !live.state.on ? null : shownAnswer(refused.answer, live.state.settings);
}

type Options = { mail: LiveMail; storage: Pick<Storage, 'audit'>; now: () => number; actor: (request: FastifyRequest) => Actor };

export const mailRoutes: FastifyPluginAsync<Options> = async (app, { mail, storage, now, actor }) => {
  app.get(coachApi.mail, async () => mailStatus(mail));

  app.post(coachApi.mailTest, async (request, reply) => {
    const { state } = mail;
    if (!state.on) {
      return reply.code(409).send({ error: 'mail_not_configured', message: mailOffMessage(state.missing) } satisfies CoachApiError);
    }
    const { settings } = state;
    const sentAt = now();
    const messageId = `<test_${randomUUID()}@${settings.domain}>`;
    // A connection of its own, opened now: the answer is the server's as it stands, not a pooled connection's.
    const mailer = createMailer(settings, { attemptLimitMs: outboxTimings.requestTimeoutMs, maxConnections: 1 });
    const started = performance.now();
    try {
      const outcome = await mailer.send({ to: settings.fromAddress, subject: testEmailCopy.subject, text: testEmailCopy.text, messageId });
      await storage.audit.record('mail_test', actor(request), sentAt);
      return {
        outcome: outcome.result,
        stage: outcome.stage ?? null,
        server: settings.safeUrl,
        to: settings.fromAddress,
        smtpCode: outcome.smtpCode,
        answer: shownAnswer(outcome.answer ?? '', settings),
        durationMs: Math.round(performance.now() - started),
        sentAt: new Date(sentAt).toISOString(),
        messageId,
      } satisfies MailTestResult;
    } finally {
      mailer.close();
    }
  });
};
