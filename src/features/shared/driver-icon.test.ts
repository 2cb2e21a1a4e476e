import { expect, test } from 'vitest';
import { iconInkOn, tintOf } from './driver-icon';

test.each([
  ['#F5E08A', 'ink'],
  ['#8CC4E8', 'ink'],
  ['#C8102E', 'white'],
  ['#A4432E', 'white'],
  ['#3F8F4F', 'white'],
  ['#FFFFFF', 'ink'],
  ['#000000', 'white'],
] as const)('an icon on %s is drawn in %s', (hex, ink) => {
  expect(iconInkOn(hex)).toBe(ink);
});

test.each([
  ['#BF0811', 0.16, '#f5d7d9'],
  ['#5EAD5A', 0.16, '#e5f2e5'],
  ['#FFA500', 0.16, '#fff1d6'],
  ['#FFA500', 1, '#ffa500'],
  ['#000000', 0, '#ffffff'],
] as const)('%s at %d over white is %s', (hex, share, tint) => {
  expect(tintOf(hex, share)).toBe(tint);
});
