/**
 * A link visitors may open (a course, a privacy policy, a help line, an offer): an absolute https://
 * address (http:// only to this machine, for trying it out), or a phone number where allowed; never
 * `javascript:` or `data:`, never with a user name or password.
 */
import { type Checked, fail, parseAddress } from './checked';
import { isLoopbackHost } from './loopback';

/** Longest link accepted: far beyond any real page address, well below what browsers cut. */
export const LINK_MAX_LENGTH = 2000;

export type LinkScheme = 'https:' | 'tel:';

export function checkLink(label: string, input: unknown, schemes: readonly LinkScheme[] = ['https:']): Checked<string> {
  if (typeof input !== 'string') return fail(`${label}: send the address as text.`);
  const trimmed = input.trim();
  // A phone number is often typed with spaces: tel:+1 555 123 4567.
  const raw = /^tel:/i.test(trimmed) ? trimmed.replace(/\s+/g, '') : trimmed;
  const allowed = schemes.includes('tel:') ? 'an https:// address or a phone number as tel:+15551234567' : 'an address that starts with https://';
  const parsed = parseAddress(label, raw, LINK_MAX_LENGTH, { empty: `paste ${allowed}, or clear the field.`, invalid: `use ${allowed} (this is not a complete address).` });
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol === 'tel:' && schemes.includes('tel:')) {
    return /^tel:\+?[0-9][0-9-]{2,30}$/.test(url.href) ? { ok: true, value: url.href } : fail(`${label}: a phone link looks like tel:+15551234567.`);
  }
  const localTrial = url.protocol === 'http:' && isLoopbackHost(url.hostname);
  if (url.protocol !== 'https:' && !localTrial) {
    if (url.protocol === 'http:') return fail(`${label}: use https:// (a plain http:// link is not private).`);
    return fail(`${label}: use ${allowed}; ${url.protocol.replace(':', '')} links are not allowed.`);
  }
  if (url.username !== '' || url.password !== '') return fail(`${label}: remove the user name or password from the address.`);
  return { ok: true, value: url.href };
}
