import * as v from 'valibot';
import { expect, test } from 'vitest';
import { emailSchema, firstNameSchema, isHoneypotFilled, leadSchema, ratingsSchema } from './lead';

test.each([
  ['you@example.com', 'you@example.com'],
  ['  you@example.com ', 'you@example.com'],
  ['a@b', 'a@b'],
])('the e-mail %j is accepted as %j', (input, output) => {
  expect(v.parse(emailSchema, input)).toBe(output);
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
])('the first name %j is accepted as %j', (input, output) => {
  expect(v.parse(firstNameSchema, input)).toBe(output);
});

test.each([
  ['', 'Please enter your first name.'],
  ['Ana\nBob', 'Please use only letters and punctuation in your first name.'],
  ['Ana\u202Ebob', 'Please use only letters and punctuation in your first name.'],
  ['A'.repeat(101), 'Please use at most 100 characters for your first name.'],
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
