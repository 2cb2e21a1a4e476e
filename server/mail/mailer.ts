/**
 * Sends e-mail through the coach's SMTP server with Nodemailer, and says what the server did with
 * each message in the outbox's terms: accepted, refused for good (the recipient does not exist: like
 * a webhook's 410, never tried again), or failed for now (server down, busy, slow, or a setting to
 * fix, such as a wrong password: tried again with backoff for three days).
 *
 * Every attempt ends within its limit: Nodemailer's connection, greeting and socket timeouts are set
 * to it, and the outbox also races a timer of its own, cutting the conversation (`cut`) when it fires. Connections are pooled (at most as many as
 * the outbox sends at once) and kept open while mail flows. Nothing of the message goes into a log
 * line: not the address, not the name.
 */
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';
import { guardedSocket } from '../outbound/connect';
import type { MailSettings } from './mail-config';

export type OutgoingMail = {
  to: string;
  subject: string;
  /** The HTML part; without it, text only (the dashboard's test e-mail). */
  html?: string;
  text: string;
  /** `<id@domain>`: the same for every attempt at the same message, on every instance. */
  messageId: string;
};

/** A message composed ahead of sending (the results e-mail, in the render thread): its recipient and its bytes as sent. */
export type ComposedMail = { to: string; raw: Uint8Array };

/** Every message of ours as Nodemailer composes it: from the coach's sender, to one bare address. */
function messageOf(from: string, mail: OutgoingMail) {
  return {
    from,
    // The bare address as an object: Nodemailer never parses it for names, groups or other recipients.
    to: { name: '', address: mail.to },
    subject: mail.subject,
    html: mail.html,
    text: mail.text,
    messageId: mail.messageId,
    // RFC 3834: sent by a program, so out-of-office replies are not sent back to the coach.
    headers: { 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * The whole message, headers and MIME parts encoded, exactly as `send` would compose it: built in
 * the render thread, so the event loop only streams finished bytes (./renderer.ts).
 */
export function composeMail(from: string, mail: OutgoingMail): Promise<ComposedMail> {
  const composer = new MailComposer({ ...messageOf(from, mail), disableFileAccess: true, disableUrlAccess: true });
  return composer
    .compile()
    .build()
    .then((raw) => ({ to: mail.to, raw }));
}

/**
 * accepted: the server took it. refused: permanent for this recipient. failed: try again later.
 * `answer`: what the server said (its reply line, or why there was none), for the dashboard's test;
 * `stage`: Nodemailer's error code, where it failed (ECONNECTION, EAUTH, EENVELOPE, ...).
 */
export type MailOutcome = {
  result: 'accepted' | 'refused' | 'failed';
  smtpCode: number | null;
  answer?: string;
  stage?: string | null;
  /** The server refused the sender for good (a 5xx to MAIL FROM): no e-mail can go until the mail settings change. */
  senderRefused?: boolean;
};

/**
 * What a Nodemailer error means for the outbox. Only a refused recipient (a 5xx to RCPT TO) is final,
 * and only for that e-mail; a refused sender (a 5xx to MAIL FROM) is the coach's to fix: failed, and
 * said so (`senderRefused`), never a reason to drop the visitor's e-mail.
 */
export function mailOutcomeOf(error: unknown): MailOutcome {
  const { code, responseCode, command } = (error ?? {}) as { code?: unknown; responseCode?: unknown; command?: unknown };
  const { response, message } = (error ?? {}) as { response?: unknown; message?: unknown };
  const smtpCode = typeof responseCode === 'number' ? responseCode : null;
  const answer = typeof response === 'string' ? response : typeof message === 'string' ? message : 'no answer';
  const stage = typeof code === 'string' ? code : null;
  const permanent = code === 'EENVELOPE' && smtpCode !== null && smtpCode >= 500 && smtpCode < 600;
  if (permanent && command === 'RCPT TO') return { result: 'refused', smtpCode, answer, stage };
  if (permanent && command === 'MAIL FROM') return { result: 'failed', smtpCode, answer, stage, senderRefused: true };
  return { result: 'failed', smtpCode, answer, stage };
}

export type Mailer = {
  send(mail: OutgoingMail | ComposedMail): Promise<MailOutcome>;
  /** Asks the server whether it would take mail (the dashboard's check): connects, greets, logs in. */
  verify(): Promise<MailOutcome>;
  /**
   * Ends every SMTP conversation in flight now (an attempt cut at its limit: none outlives its
   * lease); later sends open new connections. The others in flight fail and are retried.
   */
  cut(): void;
  close(): void;
};

/**
 * The mail server's address as the transport's own options: host, port, TLS from the start
 * (`smtps://`) or STARTTLS, user and password. Nothing else in the address reaches Nodemailer:
 * options after a `?` (which Nodemailer would read, over the product's own: `requireTLS=false`,
 * `tls.rejectUnauthorized=false`, `debug=true`...) are never passed on.
 */
export function serverOf(url: string) {
  const parsed = new URL(url);
  const secure = parsed.protocol === 'smtps:';
  const user = decodeURIComponent(parsed.username);
  return {
    host: parsed.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: parsed.port === '' ? (secure ? 465 : 587) : Number(parsed.port),
    secure,
    auth: user === '' ? undefined : { user, pass: decodeURIComponent(parsed.password) },
  };
}

export function createMailer(settings: Pick<MailSettings, 'url' | 'from' | 'requireTls'> & Partial<Pick<MailSettings, 'guard'>>, options: { attemptLimitMs: number; maxConnections: number }): Mailer {
  const limit = options.attemptLimitMs;
  const open = () => nodemailer.createTransport({
    ...serverOf(settings.url),
    // The coach's own server (set on the dashboard) is reached only where OUTBOUND_ALLOWED_HOSTS allows.
    ...(settings.guard ? { getSocket: guardedSocket(settings.guard) } : {}),
    pool: true,
    maxConnections: options.maxConnections,
    // One quick resend on a fresh connection covers a pooled one the server closed while idle; more
    // would only repeat what the outbox's own retries do, with its backoff and its record.
    maxRequeues: 1,
    connectionTimeout: limit,
    greetingTimeout: limit,
    socketTimeout: limit,
    requireTLS: settings.requireTls,
    // No file or URL is ever read into a message: every part is a string built here.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
    debug: false,
  });
  let transport = open();
  let closed = false;
  return {
    async send(mail) {
      try {
        const info: { response?: unknown } = await transport.sendMail(
          'raw' in mail
            ? { envelope: { from: settings.from, to: [{ name: '', address: mail.to }] }, raw: Buffer.from(mail.raw.buffer, mail.raw.byteOffset, mail.raw.byteLength) }
            : messageOf(settings.from, mail),
        );
        return { result: 'accepted', smtpCode: 250, answer: typeof info.response === 'string' ? info.response : '250', stage: null };
      } catch (error) {
        return mailOutcomeOf(error);
      }
    },
    async verify() {
      try {
        await transport.verify();
        return { result: 'accepted', smtpCode: 250 };
      } catch (error) {
        return mailOutcomeOf(error);
      }
    },
    cut() {
      if (closed) return;
      const old = transport;
      transport = open();
      // `force`: the conversations in flight end too (without it, only idle connections would).
      old.close({ force: true });
    },
    close() {
      closed = true;
      transport.close();
    },
  };
}
