import { expect, test } from 'vitest';
import { errorsAfterEdit, type GateErrors } from './gate-errors';

const invalidEmail = 'Please enter a valid email address.';
const missingName = 'Please enter your first name.';
const both: GateErrors = { email: invalidEmail, firstName: missingName };

test.each([
  ['a fixed address loses its error', both, 'email', 'sam@example.com', { firstName: missingName }],
  ['an address still without an @ keeps it', both, 'email', 'sam.example.com', both],
  ['an address half typed keeps it', both, 'email', 'sam@', both],
  ['spaces around a fixed address are fine', { email: invalidEmail }, 'email', '  sam@example.com ', {}],
  ['a name typed loses its error', both, 'firstName', 'Sam', { email: invalidEmail }],
  ['a name of spaces keeps it', both, 'firstName', '   ', both],
  ['a field without an error gains none while typing', {}, 'email', 'not yet', {}],
  ['editing one field leaves the other’s error', { firstName: missingName }, 'email', 'sam@example.com', { firstName: missingName }],
] as const)('%s', (_name, errors, field, value, expected) => {
  expect(errorsAfterEdit(errors, field, value)).toEqual(expected);
});

test('nothing changes, not even the object, while the error stands', () => {
  expect(errorsAfterEdit(both, 'email', 'x')).toBe(both);
});
