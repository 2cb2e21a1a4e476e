import { expect, test } from 'vitest';
import { newPasswordProblem } from './new-password';

test.each([
  ['eleven char', 'eleven char', 'tooShort'],
  ['', '', 'tooShort'],
  // Counted as a person counts: 12 emoji are 12 characters (24 UTF-16 units).
  ['🙂'.repeat(11), '🙂'.repeat(11), 'tooShort'],
  ['🙂'.repeat(12), '🙂'.repeat(12), null],
  ['twelve chars', 'twelve chars', null],
  ['twelve chars', 'twelve charz', 'mismatch'],
  ['short', 'other', 'tooShort'],
] as const)('%j typed, then %j: %s', (first, second, problem) => {
  expect(newPasswordProblem(first, second)).toBe(problem);
});
