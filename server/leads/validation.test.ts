/**
 * Bad requests: each gets the right 4xx, names the field, repeats nothing that was sent and stores
 * nothing. One server serves them all (none of them may store anything).
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { BODY_LIMIT_BYTES } from '../http/json-body';
import { captureLog, fixtureEmail, fixtureName, postLead, type RunningApp, startApp, testConfig, validLead, sqliteDb } from '../test/helpers';

let running: RunningApp;
let url: string;
const log = captureLog();

beforeAll(async () => {
  running = await startApp(testConfig({ logLevel: 'info', rateLimit: { max: 1000, windowMs: 60_000 } }), { logStream: log.stream });
  url = running.url;
});

afterAll(async () => {
  await running.app.close();
  expect(log.lines.length).toBeGreaterThan(0);
  for (const line of log.lines) {
    expect(line).not.toContain(fixtureEmail);
    expect(line).not.toContain(fixtureName);
  }
});

function countRows(table: 'leads' | 'submissions'): number {
  return (sqliteDb(running.app).prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;
}

const tooLongName = 'A'.repeat(51);
const validationMatrix: [string, unknown, string | null][] = [
  ['e-mail missing', { firstName: fixtureName, ratings: validLead.ratings }, 'email'],
  ['e-mail not a string', { ...validLead, email: 42 }, 'email'],
  ['e-mail without @', { ...validLead, email: 'zephyrine.example.org' }, 'email'],
  ['e-mail empty after trimming', { ...validLead, email: '   ' }, 'email'],
  ['e-mail with a space inside', { ...validLead, email: 'zeph yrine@example.org' }, 'email'],
  ['e-mail too long', { ...validLead, email: `${'a'.repeat(250)}@example.org` }, 'email'],
  ['first name missing', { email: fixtureEmail, ratings: validLead.ratings }, 'firstName'],
  ['first name null', { ...validLead, firstName: null }, 'firstName'],
  ['first name empty', { ...validLead, firstName: ' ' }, 'firstName'],
  ['first name over 50 characters', { ...validLead, firstName: tooLongName }, 'firstName'],
  // The probe's forms, each stored (201) and mailed before: a display name, a group, an IP literal.
  ['e-mail with a display name', { ...validLead, email: 'x<zephyrine@example.org>' }, 'email'],
  ['e-mail as a group', { ...validLead, email: 'grp:zephyrine@example.org;' }, 'email'],
  ['e-mail at an IP literal', { ...validLead, email: 'zephyrine@[127.0.0.1]' }, 'email'],
  ['e-mail with a quoted local part', { ...validLead, email: '"zeph yrine"@example.org' }, 'email'],
  ['e-mail with a comment', { ...validLead, email: 'zephyrine(x)@example.org' }, 'email'],
  ['first name holding a web address', { ...validLead, firstName: 'friend. URGENT reset at https://evil.example/reset now' }, 'firstName'],
  ['first name holding an e-mail address', { ...validLead, firstName: 'Zeph zephyrine@example.org' }, 'firstName'],
  ['first name with a NUL', { ...validLead, firstName: 'Zeph\u0000yrine' }, 'firstName'],
  ['first name with a newline', { ...validLead, firstName: 'Zeph\nyrine' }, 'firstName'],
  ['first name with a right-to-left override', { ...validLead, firstName: 'Zeph\u202Eenirye' }, 'firstName'],
  ['first name with a lone surrogate', { ...validLead, firstName: 'Zeph\uD800' }, 'firstName'],
  ['ratings missing', { email: fixtureEmail, firstName: fixtureName }, 'ratings'],
  ['ratings not an array', { ...validLead, ratings: '123123123' }, 'ratings'],
  ['eight ratings', { ...validLead, ratings: validLead.ratings.slice(1) }, 'ratings'],
  ['ten ratings', { ...validLead, ratings: [...validLead.ratings, 1] }, 'ratings'],
  ['a rating of 0', { ...validLead, ratings: [0, 2, 3, 1, 2, 3, 1, 2, 3] }, 'ratings'],
  ['a rating of 4', { ...validLead, ratings: [4, 2, 3, 1, 2, 3, 1, 2, 3] }, 'ratings'],
  ['a rating as a string', { ...validLead, ratings: ['1', 2, 3, 1, 2, 3, 1, 2, 3] }, 'ratings'],
  ['a fractional rating', { ...validLead, ratings: [1.5, 2, 3, 1, 2, 3, 1, 2, 3] }, 'ratings'],
  ['an extra key', { ...validLead, admin: true }, 'admin'],
  ['an extra key that is not a name', { ...validLead, 'x y<z>': 1 }, null],
  ['a honeypot that is not a string', { ...validLead, website: 5 }, 'website'],
  ['an array body', [validLead], null],
  ['a string body', '"hello"', null],
  ['a null body', 'null', null],
];

test.each(validationMatrix)('%s: 400 naming the field, nothing stored', async (_case, body, field) => {
  const response = await postLead(url, body);
  expect(response.status).toBe(400);
  const answer = (await response.json()) as { error: string; field: string | null; message: string };
  expect(answer).toMatchObject({ error: 'invalid_request', field });
  expect(answer.message.length).toBeGreaterThan(0);
  expect(JSON.stringify(answer)).not.toContain('Zeph');
  expect(JSON.stringify(answer)).not.toContain('example.org');
  expect(countRows('submissions')).toBe(0);
});

test.each([
  ['a __proto__ key', `{"email":"${fixtureEmail}","firstName":"${fixtureName}","ratings":[1,2,3,1,2,3,1,2,3],"__proto__":{"admin":true}}`],
  ['a constructor.prototype key', `{"email":"${fixtureEmail}","firstName":"${fixtureName}","ratings":[1,2,3,1,2,3,1,2,3],"constructor":{"prototype":{"admin":true}}}`],
  ['broken JSON', `{"email":"${fixtureEmail}","firstName":"${fixtureName}",`],
  ['an empty body', ''],
])('%s: 400, nothing stored, the input not echoed', async (_case, body) => {
  const response = await postLead(url, body);
  expect(response.status).toBe(400);
  const text = await response.text();
  expect(text).not.toContain('Zeph');
  expect(text).not.toContain('example.org');
  expect(countRows('submissions')).toBe(0);
});

test('a body over the limit gets 413 and nothing is stored', async () => {
  const response = await postLead(url, { ...validLead, padding: 'x'.repeat(BODY_LIMIT_BYTES) });
  expect(response.status).toBe(413);
  expect(await response.json()).toMatchObject({ error: 'payload_too_large' });
  expect(countRows('submissions')).toBe(0);
});

test.each([
  ['text/plain', JSON.stringify(validLead)],
  ['application/x-www-form-urlencoded', `email=${encodeURIComponent(fixtureEmail)}&firstName=${fixtureName}`],
  ['multipart/form-data; boundary=x', '--x--'],
  ['application/jsonp', JSON.stringify(validLead)],
])('content type %s gets 415 and nothing is stored', async (contentType, body) => {
  const response = await postLead(url, body, { 'content-type': contentType });
  expect(response.status).toBe(415);
  expect(await response.json()).toMatchObject({ error: 'unsupported_media_type' });
  expect(countRows('submissions')).toBe(0);
});


/** The Unicode policy at the API: each hidden character, in each field, is a 400 naming that field. */
const hiddenCharacters = ['\u200B', '\u200E', '\u200F', '\u061C', '\u202E', '\u2066', '\u2060', '\uFEFF', '\u00AD', '\u2028', '\u2029', '\uFFFC', '\u{E0041}', '\u3164', '\u00A0'];

test.each(hiddenCharacters.flatMap((character) => [['email', character] as const, ['firstName', character] as const]))(
  '%s with a hidden character (%j): 400 naming the field, in words, nothing stored',
  async (field, character) => {
    const value = field === 'email' ? `zephyrine${character}.fixture@example.org` : `Zeph${character}yrine`;
    const response = await postLead(url, { ...validLead, [field]: value });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { field: string; message: string };
    expect(body.field).toBe(field);
    expect(body.message).toMatch(/^Please /);
    expect(countRows('submissions')).toBe(0);
  },
);
