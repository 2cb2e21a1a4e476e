/**
 * The rules of the webhook's two settings (src/shared/coach-settings.ts: `webhookUrl`,
 * `webhookSecret`; or LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET, which win). Both are stored sealed
 * like every secret: an address often carries a token of its own.
 */
import { type Checked, parseAddress } from './checked';
import { isLoopbackHost } from './loopback';

/** Longest address accepted: far beyond any real receiver's. */
const ADDRESS_MAX_LENGTH = 2000;

/** Whether a URL's user name or password has only %-codes that decode (the mail server's address too). */
export const decodes = (part: string) => {
  try {
    decodeURIComponent(part);
    return true;
  } catch {
    return false;
  }
};

/**
 * Where leads are sent: `https://`, or `http://` to this machine only (leads hold personal data).
 * A `user:password@` in it is sent as Basic authorization; the user name cannot hold a colon then.
 */
export function checkWebhookAddress(label: string, input: unknown): Checked<string> {
  const parsed = parseAddress(label, typeof input === 'string' ? input.trim() : '', ADDRESS_MAX_LENGTH, {
    empty: 'paste the address your e-mail tool gave you, or clear it.',
    invalid: 'use a complete address that starts with https://.',
  });
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    return { ok: false, message: `${label}: use https:// (leads hold personal data; plain http:// only to this computer).` };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, message: `${label}: use an address that starts with https://; ${url.protocol.replace(':', '')} addresses are not allowed.` };
  }
  if (!decodes(url.username) || !decodes(url.password)) return { ok: false, message: `${label}: the user name or password in it has a broken %-code.` };
  if (decodeURIComponent(url.username).includes(':')) return { ok: false, message: `${label}: a user name in it cannot hold a colon (:).` };
  // The part after # never reaches the receiver: left out, so the address shown is the one used.
  url.hash = '';
  return { ok: true, value: url.href };
}

/**
 * The key every delivery is signed with: a `whsec_...` secret as Standard Webhooks define it (base64
 * of at least 24 bytes after the prefix), or any other text of at least 24 characters.
 */
export function checkSigningSecret(label: string, input: unknown): Checked<string> {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, message: `${label}: paste the secret, or make a new one.` };
  const value = input.trim();
  if (value.length > 4096) return { ok: false, message: `${label}: at most 4096 characters.` };
  if (value.startsWith('whsec_')) {
    const key = value.slice('whsec_'.length);
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(key) ? Math.floor((key.replace(/=+$/, '').length * 3) / 4) : 0;
    if (bytes < 24) return { ok: false, message: `${label}: it starts with whsec_ but the rest is not a base64 key of at least 24 bytes.` };
    return { ok: true, value };
  }
  if (value.length < 24) return { ok: false, message: `${label}: at least 24 characters (or a whsec_ secret from your e-mail tool).` };
  return { ok: true, value };
}
