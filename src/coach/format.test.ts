import { expect, test } from 'vitest';
import { distinctTimes, formatCount, formatDateTime, formatDay, formatPercent, formatTime, formatWait } from './format';

test.each([
  [0, '0'],
  [7, '7'],
  [1234, '1,234'],
  [1_000_000, '1,000,000'],
])('count %i reads %s', (value, expected) => {
  expect(formatCount(value)).toBe(expected);
});

test.each([
  [null, '–'],
  [0, '0%'],
  [0.5, '50%'],
  [2 / 7, '28.6%'],
  [1, '100%'],
  [1.5, '150%'],
  [0.0004, '0%'],
])('share %s reads %s', (value, expected) => {
  expect(formatPercent(value)).toBe(expected);
});

test.each([
  ['2026-11-23', false, 'Mon 23 Nov'],
  ['2026-11-23', true, 'Mon, 23 Nov 2026'],
  ['2027-01-01', true, 'Fri, 1 Jan 2027'],
])('day %s (year: %s) reads %s', (day, withYear, expected) => {
  expect(formatDay(day, withYear)).toBe(expected);
});

test('an instant reads as day and time in the time zone given', () => {
  expect(formatDateTime('2026-11-23T10:05:00.000Z', 'UTC')).toBe('23 Nov 2026, 10:05');
  expect(formatDateTime('2026-11-23T23:30:00.000Z', 'Europe/Berlin')).toBe('24 Nov 2026, 00:30');
  expect(formatTime(new Date('2026-11-23T16:05:30Z'), 'UTC')).toBe('16:05');
});

test.each<[string, string[], string[]]>([
  ['one a minute: to the minute', ['2026-11-23T10:05:10Z', '2026-11-23T10:06:10Z'], ['23 Nov 2026, 10:05', '23 Nov 2026, 10:06']],
  [
    'two in one minute: those two to the second, the other to the minute',
    ['2026-11-23T10:05:42Z', '2026-11-23T10:05:07Z', '2026-11-23T09:00:00Z'],
    ['23 Nov 2026, 10:05:42', '23 Nov 2026, 10:05:07', '23 Nov 2026, 09:00'],
  ],
  ['two in one second: numbered', ['2026-11-23T10:05:42.900Z', '2026-11-23T10:05:42.100Z'], ['23 Nov 2026, 10:05:42 (#2)', '23 Nov 2026, 10:05:42 (#1)']],
  ['the same minute in another day: to the minute', ['2026-11-23T10:05:00Z', '2026-11-24T10:05:00Z'], ['23 Nov 2026, 10:05', '24 Nov 2026, 10:05']],
])('instants side by side are told apart: %s', (_case, instants, expected) => {
  const items = instants.map((at, index) => ({ at, number: instants.length - index }));
  const names = distinctTimes(items, (item, time) => `${time} (#${item.number})`, 'UTC');
  expect(items.map((item) => names.get(item))).toEqual(expected);
});

test.each([
  [0.2, '1 second'],
  [1, '1 second'],
  [45, '45 seconds'],
  [60, '1 minute'],
  [61, '2 minutes'],
  [900, '15 minutes'],
  [3600, '1 hour'],
  [3700, '1 hour 2 minutes'],
  [7200, '2 hours'],
])('a wait of %s s reads %s', (seconds, expected) => {
  expect(formatWait(seconds)).toBe(expected);
});
