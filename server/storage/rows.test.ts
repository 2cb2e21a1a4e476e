import { expect, test } from 'vitest';
import { wholeMonths } from './rows';

test.each([
  ['2026-01-01', '2026-01-31', { first: '2026-01', last: '2026-01', headEnd: '2025-12-31', tailStart: '2026-02-01' }],
  ['2026-01-15', '2026-03-10', { first: '2026-02', last: '2026-02', headEnd: '2026-01-31', tailStart: '2026-03-01' }],
  ['2025-12-31', '2026-02-28', { first: '2026-01', last: '2026-02', headEnd: '2025-12-31', tailStart: '2026-03-01' }],
  ['2026-01-02', '2026-01-31', null],
  ['2026-02-10', '2026-03-09', null],
])('whole months from %s to %s: %j', (from, to, expected) => {
  expect(wholeMonths(from, to)).toEqual(expected);
});
