/**
 * Whether the results e-mail is on, and how it is sent. Two settings turn it on
 * (src/shared/coach-settings.ts): the mail server `smtpUrl` (SMTP_URL, or the settings screen,
 * stored sealed) and the sender `mailFrom` (MAIL_FROM, or the settings screen); the environment
 * wins. Their rules are src/shared/mail-settings.ts. The e-mail's links need the site's address, so
 * PUBLIC_URL must be set too (never the request's Host header, which a client chooses).
 *
 * The settings can change at any time, on any instance: server/settings/snapshot.ts asks here once
 * for each new revision of the settings. Messages never repeat the URL's password.
 */
import { senderOf } from '../../src/shared/mail-settings';
import { isLoopbackHost } from '../../src/shared/loopback';
import { withoutPassword } from '../config';
import type { OutboundPolicy } from '../outbound/allowed-hosts';

/** How the results e-mail is sent. */
export type MailSettings = {
  /** The mail server's URL as given, password included: only for the transport, never for a message or log. */
  url: string;
  /** The URL with its password replaced, for messages, logs and the dashboard. */
  safeUrl: string;
  /** The sender as given: `coach@example.com` or `Sam Rivera <coach@example.com>`. */
  from: string;
  /** The sender's address alone: where the dashboard's test e-mail goes. */
  fromAddress: string;
  /** The domain of the sender's address: the right side of every Message-ID. */
  domain: string;
  /** Plain `smtp://` to another machine must upgrade to TLS (STARTTLS) or fail: e-mails hold personal data. */
  requireTls: boolean;
  /** Where the server may connect (OUTBOUND_ALLOWED_HOSTS) when the coach set the server on the dashboard; null for SMTP_URL, the operator's. */
  guard: OutboundPolicy | null;
};

/** Mail is on or off, and when off, what is missing, in the coach's words. */
export type MailState = { on: true; settings: MailSettings } | { on: false; missing: string };

/**
 * The mail settings in force: `smtpUrl` opened (plaintext, password included) and `mailFrom`, both
 * already checked (at start-up, or when the coach saved them).
 */
export function mailStateOf(smtpUrl: string | null, mailFrom: string | null, publicUrl: string | null, guard: OutboundPolicy | null = null): MailState {
  if (smtpUrl === null) return { on: false, missing: 'the mail server (SMTP) is not set' };
  if (mailFrom === null) return { on: false, missing: 'the sender address is not set' };
  if (publicUrl === null) return { on: false, missing: "PUBLIC_URL is not set on the server (the e-mail's links point there)" };
  const url = new URL(smtpUrl);
  const sender = senderOf(mailFrom);
  if (sender === null) return { on: false, missing: 'the sender address is not one e-mail address' };
  return {
    on: true,
    settings: {
      url: url.href,
      safeUrl: withoutPassword(url),
      from: mailFrom,
      fromAddress: sender.address,
      domain: sender.domain,
      requireTls: url.protocol === 'smtp:' && !isLoopbackHost(url.hostname),
      guard,
    },
  };
}
