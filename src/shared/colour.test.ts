import { expect, test } from 'vitest';
import { contrastRatio, formatRatio, mixColours, parseHexColour, relativeLuminance } from './colour';

test.each([
  ['#0e4d55', '#0e4d55'],
  ['#0E4D55', '#0e4d55'],
  ['  #09c ', '#0099cc'],
  ['#FFF', '#ffffff'],
  ['0e4d55', null],
  ['#0e4d5', null],
  ['#0e4d55ff', null],
  ['teal', null],
  ['rgb(14, 77, 85)', null],
  ['#ggg', null],
  ['', null],
])('%j is the colour %s', (input, expected) => {
  expect(parseHexColour(input)).toBe(expected);
});

test.each([
  ['#000000', 0],
  ['#ffffff', 1],
  ['#808080', 0.2158605],
  ['#ff0000', 0.2126],
])('the relative luminance of %s is %f', (colour, expected) => {
  expect(relativeLuminance(colour as `#${string}`)).toBeCloseTo(expected, 6);
});

test.each([
  // Reference values from WebAIM's contrast checker.
  ['#000000', '#ffffff', '21.0:1'],
  ['#ffffff', '#000000', '21.0:1'],
  ['#777777', '#ffffff', '4.4:1'],
  ['#767676', '#ffffff', '4.5:1'],
  ['#0e4d55', '#fbfaf6', '9.0:1'],
  ['#ffa500', '#ffffff', '1.9:1'],
  ['#123456', '#123456', '1.0:1'],
])('%s on %s has a contrast of %s', (a, b, expected) => {
  expect(formatRatio(contrastRatio(a as `#${string}`, b as `#${string}`))).toBe(expected);
});

test('a ratio just under 4.5 never reads as 4.5', () => {
  expect(formatRatio(4.4999)).toBe('4.4:1');
  expect(formatRatio(4.5)).toBe('4.5:1');
});

test.each([
  ['#000000', '#ffffff', 0, '#ffffff'],
  ['#000000', '#ffffff', 1, '#000000'],
  ['#000000', '#ffffff', 0.5, '#808080'],
  ['#0e4d55', '#000000', 0.7, '#0a363b'],
])('mixing %s into %s at %f gives %s', (a, b, weight, expected) => {
  expect(mixColours(a as `#${string}`, b as `#${string}`, weight)).toBe(expected);
});
