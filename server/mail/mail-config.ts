/**
 * The mail settings of the environment (server/config.ts reads them with everything else): SMTP_URL
 * and MAIL_FROM turn the results e-mail on, both or neither. Messages name the variable and never
 * repeat the URL's password.
 */
import addressparser from 'nodemailer/lib/addressparser';
import { ConfigError, type Env, localHostnames, readRaw, withoutPassword } from '../config';

/** How the results e-mail is sent. */
export type MailSettings = {
  /** SMTP_URL as given, password included: only for the transport, never for a message or log. */
  url: string;
  /** The URL with its password replaced, for messages and logs. */
  safeUrl: string;
  /** MAIL_FROM as given: `coach@example.com` or `Sam Rivera <coach@example.com>`. */
  from: string;
  /** The domain of MAIL_FROM's address: the right side of every Message-ID. */
  domain: string;
  /** Plain `smtp://` to another machine must upgrade to TLS (STARTTLS) or fail: e-mails hold personal data. */
  requireTls: boolean;
};

/**
 * SMTP_URL and MAIL_FROM turn the results e-mail on; both or neither. `smtp://user:pass@host:587`
 * (STARTTLS, required unless the host is this machine) or `smtps://...:465` (TLS from the start); a
 * password with special characters is percent-encoded. The e-mail's links need the site's address,
 * so PUBLIC_URL must be set too (never the request's Host header, which a client chooses).
 */
export function readMail(env: Env, publicUrl: string | null): MailSettings | null {
  const raw = readRaw(env, 'SMTP_URL');
  const from = readRaw(env, 'MAIL_FROM');
  if (raw === undefined) {
    if (from !== undefined) throw new ConfigError('MAIL_FROM is set but SMTP_URL is not: set both to send the results by email, or neither.');
    return null;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('SMTP_URL must be a URL like smtp://user:password@smtp.example.com:587 (it could not be read as a URL).');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//.`);
  }
  if (url.hostname === '') throw new ConfigError(`SMTP_URL must name the mail server's host (got ${withoutPassword(url)}).`);
  if (from === undefined) throw new ConfigError('MAIL_FROM must be set when SMTP_URL is: the address the results email comes from, such as coach@example.com.');
  const parsed = addressparser(from);
  const only = parsed.length === 1 ? parsed[0] : undefined;
  const address = only && 'address' in only ? (only.address ?? '') : '';
  const domain = /^[^@\s]+@([^@\s]+\.[^@\s]+)$/.exec(address)?.[1];
  if (!domain) {
    throw new ConfigError('MAIL_FROM must be one email address, such as coach@example.com or "Sam Rivera <coach@example.com>".');
  }
  if (publicUrl === null) {
    throw new ConfigError("PUBLIC_URL must be set when SMTP_URL is: the email's links point there (for example https://quiz.example.com).");
  }
  return { url: url.href, safeUrl: withoutPassword(url), from, domain: domain.toLowerCase(), requireTls: url.protocol === 'smtp:' && !localHostnames.test(url.hostname) };
}

