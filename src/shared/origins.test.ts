import { expect, test } from 'vitest';
import { checkOrigin, checkOriginList } from './origins';

test.each([
  ['https://coach.example', { origin: 'https://coach.example' }],
  ['https://coach.example/', { origin: 'https://coach.example' }],
  ['HTTPS://Coach.Example:8443', { origin: 'https://coach.example:8443' }],
  ['https://bücher.example', { origin: 'https://xn--bcher-kva.example' }],
  ['http://127.0.0.2:4206', { origin: 'http://127.0.0.2:4206' }],
  ['http://localhost:3000', { origin: 'http://localhost:3000' }],
  ['http://coach.example', { problem: 'not_https' }],
  ['https://coach.example/quiz', { problem: 'path' }],
  ['https://coach.example?x=1', { problem: 'path' }],
  ['https://coach.example#top', { problem: 'path' }],
  ['https://*.coach.example', { problem: 'wildcard' }],
  ['https://me:pw@coach.example', { problem: 'credentials' }],
  ['coach.example', { problem: 'not_address' }],
  ['javascript:alert(1)', { problem: 'not_address' }],
  // The probe's site: accepted, it wrote `sandbox` into frame-ancestors and the quiz stopped on every page.
  ['https://a.example;sandbox', { problem: 'not_address' }],
  ["https://a.example;script-src_'unsafe-inline'", { problem: 'not_address' }],
  ['https://a.example%20sandbox', { problem: 'not_address' }],
  ['https://a_b.example', { problem: 'not_address' }],
  ['https://[::1]:8443', { origin: 'https://[::1]:8443' }],
  ['https://192.0.2.10', { origin: 'https://192.0.2.10' }],
  ['ftp://coach.example', { problem: 'not_address' }],
])('%s: %j', (entry, expected) => {
  expect(checkOrigin(entry)).toEqual(expected);
});

test.each([
  ['one per line, commas or spaces; repeats once', 'https://coach.example\nhttps://www.coach.example, https://coach.example/', { ok: true, value: ['https://coach.example', 'https://www.coach.example'] }],
  ['an array', ['https://coach.example'], { ok: true, value: ['https://coach.example'] }],
  ['nothing', '  ', { ok: true, value: [] }],
  ['a non-https site, named by its line', 'https://coach.example\nhttp://coach.example', {
    ok: false,
    message: 'Allowed sites: line 2 must start with https:// (http:// only for this computer: localhost or 127.0.0.1).',
  }],
  // The dashboard named only the first bad site: the coach fixed it, saved, and was refused again.
  ['every bad site, by its line, alike ones together', 'coach.example/quiz\nhttp://mysite.com\nhttps://ok.example\n\nwww.coach.example', {
    ok: false,
    message:
      'Allowed sites: lines 1 and 5 are not web addresses; write a site like https://coach.example. Line 2 must start with https:// (http:// only for this computer: localhost or 127.0.0.1).',
  }],
  ['three alike lines', 'a.example\nb.example\nc.example', { ok: false, message: 'Allowed sites: lines 1, 2 and 3 are not web addresses; write a site like https://coach.example.' }],
  ['sites on one line (the environment’s list), by their place', 'https://*.coach.example, https://coach.example/blog https://me:pw@coach.example', {
    ok: false,
    message:
      'Allowed sites: site 1 of 3 has a *; list each site exactly (https://coach.example and https://www.coach.example are two). Site 2 of 3 has a path, ? or # after its address; give the site only, like https://coach.example (no /page after it). Site 3 of 3 holds a user name or password; give the site only, like https://coach.example.',
  }],
  ['an array, by place', ['https://coach.example', 'http://a.example', 'http://b.example'], {
    ok: false,
    message: 'Allowed sites: sites 2 and 3 of 3 must start with https:// (http:// only for this computer: localhost or 127.0.0.1).',
  }],
  ['a path in the only site', 'https://coach.example/quiz', {
    ok: false,
    message: 'Allowed sites: the site has a path, ? or # after its address; give the site only, like https://coach.example (no /page after it).',
  }],
  ['a number', 42, { ok: false, message: 'Allowed sites: send the sites as text, one per line.' }],
  ['too many', Array.from({ length: 21 }, (_, i) => `https://s${i}.example`).join('\n'), { ok: false, message: 'Allowed sites: at most 20 sites (this has 21).' }],
])('a list: %s', (_what, input, expected) => {
  expect(checkOriginList('Allowed sites', input)).toEqual(expected);
});
