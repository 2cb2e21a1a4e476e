import { expect, test } from 'vitest';
import { normalizeEmail } from './email';

test.each([
  ['Ana@Example.COM', 'ana@example.com'],
  ['  ana@example.com\t', 'ana@example.com'],
  ['zoe\u0308@example.com', 'zo\u00EB@example.com'],
])('the address %j is stored as %j', (raw, normalized) => {
  expect(normalizeEmail(raw)).toBe(normalized);
});
