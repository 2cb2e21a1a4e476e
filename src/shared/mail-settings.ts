/**
 * The rules of the two mail settings (src/shared/coach-settings.ts: `smtpUrl`, `mailFrom`; or
 * SMTP_URL and MAIL_FROM, which win): checked the same on the settings screen, on the server and at
 * start-up. Messages name the field and never repeat the address's password.
 *
 * The mail server's address is stored sealed like every secret: it holds the password.
 */
import { type Checked, parseAddress } from './checked';
import { hasHiddenCharacterInName } from './lead';
import { decodes } from './webhook-settings';


/** Longest address accepted: far beyond any real mail server's. */
const SMTP_URL_MAX_LENGTH = 2000;
/** RFC 5321's limit for an address, plus room for a display name. */
export const MAIL_FROM_MAX_LENGTH = 320;

/**
 * The coach's mail server: `smtp://user:password@host:587` (STARTTLS) or `smtps://...:465` (TLS
 * from the start). A password with special characters is percent-encoded (`/` is `%2F`).
 */
export function checkSmtpUrl(label: string, input: unknown): Checked<string> {
  const example = 'smtp://user:password@smtp.example.com:587';
  const parsed = parseAddress(label, typeof input === 'string' ? input.trim() : '', SMTP_URL_MAX_LENGTH, {
    empty: `paste your mail server's address, such as ${example}, or clear it.`,
    invalid: `use a complete address like ${example}.`,
  });
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    return { ok: false, message: `${label}: start it with smtp:// or smtps:// (your mail provider's SMTP settings give the host and port).` };
  }
  if (url.hostname === '') return { ok: false, message: `${label}: name the mail server's host, like ${example}.` };
  if (!decodes(url.username) || !decodes(url.password)) {
    return { ok: false, message: `${label}: the user name or password in it has a broken %-code (write a / as %2F, an @ as %40).` };
  }
  // The transport is built from the host, port, TLS mode, user and password (server/mail/mailer.ts);
  // options in the address would override the product's own (TLS required, time limits, no debug log).
  if (url.href.replace(/#.*$/, '').includes('?')) {
    return { ok: false, message: `${label}: nothing may follow the port: options after a ? are not read (TLS and time limits are set by the app).` };
  }
  if (url.pathname !== '' && url.pathname !== '/') return { ok: false, message: `${label}: nothing may follow the port.` };
  url.hash = '';
  return { ok: true, value: url.href };
}

/** An address inside a display name's angle brackets, or on its own. */
const addressPattern = /^[^\s@<>",;:()[\]\\]+@([^\s@<>",;:()[\]\\]+\.[^\s@<>",;:()[\]\\.]+)$/;

/**
 * Splits `Sam Rivera <coach@example.com>`, `"Rivera, Sam" <coach@example.com>` or `coach@example.com`
 * into its parts; null when it is not one address.
 */
export function senderOf(value: string): { name: string | null; address: string; domain: string } | null {
  const trimmed = value.trim();
  const named = /^(.*?)\s*<([^<>]*)>$/.exec(trimmed);
  const address = (named ? named[2] : trimmed)?.trim() ?? '';
  const domain = addressPattern.exec(address)?.[1];
  if (!domain) return null;
  let name = named?.[1]?.trim() ?? '';
  if (name.startsWith('"') && name.endsWith('"') && name.length >= 2) name = name.slice(1, -1);
  if (/["<>]/.test(name)) return null;
  return { name: name === '' ? null : name, address, domain: domain.toLowerCase() };
}

/** The address the results e-mail comes from: one address, with a name if the coach likes. */
export function checkMailFrom(label: string, input: unknown): Checked<string> {
  const example = 'coach@example.com or Sam Rivera <coach@example.com>';
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, message: `${label}: write the address e-mails come from, such as ${example}.` };
  const value = input.trim().normalize('NFC');
  if (value.length > MAIL_FROM_MAX_LENGTH) return { ok: false, message: `${label}: at most ${MAIL_FROM_MAX_LENGTH} characters.` };
  // A line break could add headers to every e-mail; other hidden characters could disguise the name.
  if (hasHiddenCharacterInName(value)) return { ok: false, message: `${label}: one line only, without invisible or control characters.` };
  if (senderOf(value) === null) return { ok: false, message: `${label}: use one e-mail address, such as ${example}.` };
  return { ok: true, value };
}
