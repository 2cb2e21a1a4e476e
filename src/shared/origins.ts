/**
 * The coach's sites allowed to show the quiz in a frame (EMBED_ORIGINS, or the dashboard's embed
 * settings): each exactly one origin, `https://site[:port]`, or `http://` to this machine for trying
 * it out. They become the CSP `frame-ancestors` and the only targets of the frame's messages, so
 * there is no wildcard, path or credential: a message needs one exact origin.
 */

import { isLoopbackHost } from './loopback';

export type OriginProblem = 'not_address' | 'not_https' | 'wildcard' | 'credentials' | 'path';

/**
 * An origin as it may stand in the page's security policy: the scheme, a host of dot-separated
 * letters, digits and hyphens (a name after punycode, or an IPv4 address) or an IPv6 address in
 * brackets, and a port. Anything else in a host the URL parser lets through (`;`, `'`, a space...)
 * would write into the policy itself: `https://a.example;sandbox` would sandbox every page.
 */
const strictOrigin = /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/** The origin of one entry, or what is wrong with it. */
export function checkOrigin(entry: string): { origin: string } | { problem: OriginProblem } {
  if (entry.includes('*')) return { problem: 'wildcard' };
  let url: URL;
  try {
    url = new URL(entry);
  } catch {
    return { problem: 'not_address' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: 'not_address' };
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) return { problem: 'not_https' };
  if (url.username !== '' || url.password !== '') return { problem: 'credentials' };
  if (!/^https?:\/\/[^/?#]+\/?$/i.test(entry)) return { problem: 'path' };
  if (!strictOrigin.test(url.origin)) return { problem: 'not_address' };
  return { origin: url.origin };
}

/** The most sites one list may hold: a coach's domains, with and without www, a staging site... */
export const MAX_EMBED_ORIGINS = 20;

/** One list as typed: sites separated by line breaks, commas or spaces. */
export function splitOrigins(input: string): string[] {
  return input.split(/[\s,]+/).filter((entry) => entry !== '');
}

const problemText: Record<OriginProblem, string> = {
  not_address: 'is not a web address; write a site like https://coach.example.',
  not_https: 'must start with https:// (http:// only for this computer: localhost or 127.0.0.1).',
  wildcard: 'has a *; list each site exactly (https://coach.example and https://www.coach.example are two).',
  credentials: 'holds a user name or password; give the site only, like https://coach.example.',
  path: 'has a path, ? or # after its address; give the site only, like https://coach.example (no /page after it).',
};

/**
 * Checks a list (text, or an array of text) and returns its origins without repeats, or the first
 * problem as a message starting with `label` and naming the site by its place in the list (never
 * repeating what was typed).
 */
export function checkOriginList(label: string, input: unknown): { ok: true; value: string[] } | { ok: false; message: string } {
  const entries = typeof input === 'string' ? splitOrigins(input) : Array.isArray(input) && input.every((item) => typeof item === 'string') ? input.flatMap(splitOrigins) : null;
  if (entries === null) return { ok: false, message: `${label}: send the sites as text, one per line.` };
  if (entries.length > MAX_EMBED_ORIGINS) return { ok: false, message: `${label}: at most ${MAX_EMBED_ORIGINS} sites (this has ${entries.length}).` };
  const origins: string[] = [];
  for (const [index, entry] of entries.entries()) {
    const checked = checkOrigin(entry);
    if ('problem' in checked) {
      const which = entries.length === 1 ? 'the site' : `site ${index + 1} of ${entries.length}`;
      return { ok: false, message: `${label}: ${which} ${problemText[checked.problem]}` };
    }
    if (!origins.includes(checked.origin)) origins.push(checked.origin);
  }
  return { ok: true, value: origins };
}
