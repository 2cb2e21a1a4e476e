import { expect, test } from 'vitest';
import { decodeRatings, encodeRatings } from './ratings';

test('nine ratings are stored as nine digits in driver order, and read back the same', () => {
  expect(encodeRatings([1, 2, 3, 1, 2, 3, 3, 2, 1])).toBe('123123321');
  expect(decodeRatings('123123321')).toEqual([1, 2, 3, 1, 2, 3, 3, 2, 1]);
});

test.each(['12312332', '1231233210', '123123324', '12312332x', ''])('%j is not a stored profile', (stored) => {
  expect(() => decodeRatings(stored)).toThrow(/nine ratings/);
});
