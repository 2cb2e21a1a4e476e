import { expect, test } from 'vitest';
import { iconInkOn } from './driver-icon';

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
