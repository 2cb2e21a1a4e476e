import * as v from 'valibot';
import { expect, test } from 'vitest';
import { emailSchema, firstNameSchema, isHoneypotFilled, leadSchema, ratingsSchema } from './lead';

test.each([
  ['you@example.com', 'you@example.com'],
  ['  you@example.com ', 'you@example.com'],
  ['a@b', 'a@b'],
  ['first.last+tag@sub.example.co.uk', 'first.last+tag@sub.example.co.uk'],
  ['=cmd@example.com', '=cmd@example.com'],
  ['josé@exämple.com', 'josé@exämple.com'],
])('the e-mail %j is accepted as %j', (input, output) => {
  expect(v.parse(emailSchema, input)).toBe(output);
});

// The probe's forms: each was stored (201) and mailed; the mailer would have read the address inside.
test.each([
  'x<victim@example.com>',
  'Name <victim@example.com>',
  'grp:victim@example.com;',
  'victim@[127.0.0.1]',
  'victim@127.0.0.1',
  '"quoted"@example.com',
  'victim@example.com(comment)',
  'a,victim@example.com',
  '.dot@example.com',
  'two..dots@example.com',
  'you@-example.com',
])('the e-mail %j is refused: one plain address only', (input) => {
  expect(v.safeParse(emailSchema, input).issues?.[0].message).toBe('Please enter a valid email address.');
});

test.each(['', '   ', 'you.example.com', '@example.com', 'you@', 'y ou@example.com', 'you@exa\u0000mple.com', `${'a'.repeat(250)}@b.cd`, 42])(
  'the e-mail %j is refused with a message a visitor can read',
  (input) => {
    const result = v.safeParse(emailSchema, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0].message).toMatch(/^(Please enter a valid email address\.|That email address is too long\.)$/);
  },
);

test.each([
  ['Ana', 'Ana'],
  ['  José ', 'José'],
  ['Zoe\u0308', 'Zo\u00EB'],
  ['Mary-Jane O’Neil', 'Mary-Jane O’Neil'],
  ['محمد', 'محمد'],
  ['J. R.', 'J. R.'],
  ['Dr. Ana', 'Dr. Ana'],
  ['A'.repeat(50), 'A'.repeat(50)],
])('the first name %j is accepted as %j', (input, output) => {
  expect(v.parse(firstNameSchema, input)).toBe(output);
});

test.each([
  ['', 'Please enter your first name.'],
  ['Ana\nBob', 'Please use only letters and punctuation in your first name.'],
  ['Ana\u202Ebob', 'Please use only letters and punctuation in your first name.'],
  ['A'.repeat(51), 'Please use at most 50 characters for your first name.'],
  ['friend. URGENT reset at https://evil.example/reset now', 'Please write only your first name, without a web or email address.'],
  ['Ana www.evil.example', 'Please write only your first name, without a web or email address.'],
  ['Ana evil.example', 'Please write only your first name, without a web or email address.'],
  ['ana@evil.example', 'Please write only your first name, without a web or email address.'],
])('the first name %j is refused: %s', (input, message) => {
  expect(v.safeParse(firstNameSchema, input).issues?.[0].message).toBe(message);
});

test.each([[[1, 2, 3, 1, 2, 3, 1, 2]], [[1, 2, 3, 1, 2, 3, 1, 2, 4]], [[1, 2, 3, 1, 2, 3, 1, 2, '3']], ['123123123']])(
  'the ratings %j are refused',
  (ratings) => {
    expect(v.safeParse(ratingsSchema, ratings).issues?.[0].message).toBe(
      'Please answer all 9 questions with a rating from 1 to 3.',
    );
  },
);

test('a lead has exactly its fields; the honeypot is optional and only text in it counts', () => {
  const lead = { email: 'you@example.com', firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] };
  expect(v.safeParse(leadSchema, lead).success).toBe(true);
  expect(v.safeParse(leadSchema, { ...lead, website: '' }).success).toBe(true);
  expect(v.safeParse(leadSchema, { ...lead, admin: true }).success).toBe(false);
  expect(isHoneypotFilled({ website: ' ' })).toBe(false);
  expect(isHoneypotFilled({})).toBe(false);
  expect(isHoneypotFilled({ website: 'http://spam.example' })).toBe(true);
});

/** Characters that hide what a text says: each is refused in both the e-mail and the first name. */
const hiddenCharacters: [string, string][] = [
  ['zero-width space', '\u200B'],
  ['left-to-right mark', '\u200E'],
  ['right-to-left mark', '\u200F'],
  ['Arabic letter mark', '\u061C'],
  ['right-to-left override', '\u202E'],
  ['left-to-right embedding', '\u202A'],
  ['first strong isolate', '\u2068'],
  ['pop directional isolate', '\u2069'],
  ['word joiner', '\u2060'],
  ['byte-order mark', '\uFEFF'],
  ['soft hyphen', '\u00AD'],
  ['line separator', '\u2028'],
  ['paragraph separator', '\u2029'],
  ['object replacement character', '\uFFFC'],
  ['tag letter a', '\u{E0061}'],
  ['cancel tag', '\u{E007F}'],
  ['Mongolian vowel separator', '\u180E'],
  ['Hangul filler', '\u3164'],
  ['no-break space', '\u00A0'],
  ['ideographic space', '\u3000'],
  ['NUL', '\u0000'],
  ['escape', '\u001B'],
  ['next line (C1)', '\u0085'],
  ['private use', '\uE000'],
];

test.each(hiddenCharacters)('an e-mail address with a %s in it is refused', (_name, character) => {
  for (const email of [`bi-20${character}@example.com`, `bi-20@exa${character}mple.com`]) {
    expect(v.safeParse(emailSchema, email).issues?.[0].message).toBe('Please enter a valid email address.');
  }
});

test.each(hiddenCharacters)('a first name with a %s in it is refused', (_name, character) => {
  for (const name of [`An${character}a`, `Ana ${character}Bo`]) {
    expect(v.safeParse(firstNameSchema, name).issues?.[0].message).toBe('Please use only letters and punctuation in your first name.');
  }
});

test.each([
  ['Persian, ZWNJ between letters', 'نیلو\u200Cفر'],
  ['Hindi, ZWJ after a virama', 'क्\u200Dष'],
  ['Malayalam, ZWJ for a chillu', 'ന്\u200Dനി'],
])('%s: the joiner is kept', (_name, name) => {
  expect(v.parse(firstNameSchema, name)).toBe(name.normalize('NFC'));
});

test.each([
  ['ZWNJ at the start', '\u200CAna'],
  ['ZWJ at the end', 'Ana\u200D!'],
  ['ZWJ beside a space', 'Ana \u200DBo'],
])('%s is refused', (_name, name) => {
  expect(v.safeParse(firstNameSchema, name).success).toBe(false);
});

test.each([
  ['email', 'Please enter a valid email address.'],
  ['firstName', 'Please enter your first name.'],
  ['ratings', 'Please answer all 9 questions with a rating from 1 to 3.'],
])('a lead without %s is told, in words, what to send', (field, message) => {
  const complete = { email: 'you@example.com', firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] };
  const lead = Object.fromEntries(Object.entries(complete).filter(([key]) => key !== field));
  const issue = v.safeParse(leadSchema, lead).issues?.[0];
  expect(issue?.path?.[0]?.key).toBe(field);
  expect(issue?.message).toBe(message);
});
