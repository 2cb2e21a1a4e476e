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

/** What is wrong, said of one site ("line 2 is") or of several ("lines 1 and 3 are"). */
const problemText: Record<OriginProblem, (many: boolean) => string> = {
  not_address: (many) => `${many ? 'are not web addresses' : 'is not a web address'}; write a site like https://coach.example.`,
  not_https: () => 'must start with https:// (http:// only for this computer: localhost or 127.0.0.1).',
  wildcard: (many) => `${many ? 'have' : 'has'} a *; list each site exactly (https://coach.example and https://www.coach.example are two).`,
  credentials: (many) => `${many ? 'hold' : 'holds'} a user name or password; give the site only, like https://coach.example.`,
  path: (many) => `${many ? 'have' : 'has'} a path, ? or # after its address; give the site only, like https://coach.example (no /page after it).`,
};

/** "1", "1 and 3", "1, 3 and 5". */
function numbers(places: number[]): string {
  return places.length === 1 ? `${places[0]}` : `${places.slice(0, -1).join(', ')} and ${places[places.length - 1]}`;
}

type Placed = { entry: string; place: number };

/**
 * Each site of a list with where the coach finds it: its line when the text has sites on more than
 * one line (the dashboard's field, one per line), else its place among the sites.
 */
function placeSites(list: string | string[]): { sites: Placed[]; unit: 'line' | 'site' } {
  const lines = typeof list === 'string' ? list.split(/\r?\n/).map(splitOrigins) : [list.flatMap(splitOrigins)];
  const byLine = lines.filter((entries) => entries.length > 0).length > 1;
  const sites = lines.flatMap((entries, line) => entries.map((entry) => ({ entry, line: line + 1 })));
  return { sites: sites.map(({ entry, line }, index) => ({ entry, place: byLine ? line : index + 1 })), unit: byLine ? 'line' : 'site' };
}

/** Where the bad sites are: "the site", "line 2", "lines 1 and 3", "site 2 of 3", "sites 1 and 2 of 3". */
function where(places: number[], unit: 'line' | 'site', count: number): string {
  if (count === 1) return 'the site';
  const named = `${unit}${places.length > 1 ? 's' : ''} ${numbers(places)}`;
  return unit === 'site' ? `${named} of ${count}` : named;
}

/**
 * Checks a list (text, or an array of text) and returns its origins without repeats, or every
 * problem in one message starting with `label`, naming each bad site by its line (or its place in
 * the list), never repeating what was typed.
 */
export function checkOriginList(label: string, input: unknown): { ok: true; value: string[] } | { ok: false; message: string } {
  const list = typeof input === 'string' ? input : Array.isArray(input) && input.every((item) => typeof item === 'string') ? input : null;
  if (list === null) return { ok: false, message: `${label}: send the sites as text, one per line.` };
  const { sites, unit } = placeSites(list);
  if (sites.length > MAX_EMBED_ORIGINS) return { ok: false, message: `${label}: at most ${MAX_EMBED_ORIGINS} sites (this has ${sites.length}).` };
  const origins: string[] = [];
  const problems = new Map<OriginProblem, number[]>();
  for (const { entry, place } of sites) {
    const checked = checkOrigin(entry);
    if ('origin' in checked) {
      if (!origins.includes(checked.origin)) origins.push(checked.origin);
      continue;
    }
    const places = problems.get(checked.problem) ?? [];
    if (!places.includes(place)) places.push(place);
    problems.set(checked.problem, places);
  }
  if (problems.size === 0) return { ok: true, value: origins };
  const sentences = [...problems].map(([problem, places]) => `${where(places, unit, sites.length)} ${problemText[problem](places.length > 1)}`);
  return { ok: false, message: `${label}: ${sentences.map((sentence, index) => (index === 0 ? sentence : sentence.charAt(0).toUpperCase() + sentence.slice(1))).join(' ')}` };
}
