import { expect, test } from 'vitest';
import type { Rating } from './constants';
import { dayInWords, describeChanges, driverChanges } from './profile-changes';

const day = (iso: string) => Date.parse(iso);
const r = (digits: string) => [...digits].map(Number) as Rating[];

test.each([
  ['no change', '123123123', '123123123', []],
  ['one driver', '111111111', '111211111', [{ driverId: 4, driver: 'Task Initiation', before: 1, after: 2 }]],
  [
    'first and last, both ways',
    '311111113',
    '111111111',
    [
      { driverId: 1, driver: 'Impulse Control', before: 3, after: 1 },
      { driverId: 9, driver: 'Self-Monitoring', before: 3, after: 1 },
    ],
  ],
])('driverChanges: %s', (_name, earlier, later, expected) => {
  expect(driverChanges(r(earlier), r(later))).toEqual(expected);
});

test('every driver changed gives nine lines in driver order', () => {
  expect(driverChanges(r('111111111'), r('333333333')).map((change) => change.driverId)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

test.each([
  ['the same year: day and month', '2026-03-03T10:00:00Z', 'UTC', '2026-11-20T00:00:00Z', '3 March'],
  ['another year: with the year', '2025-12-31T10:00:00Z', 'UTC', '2026-01-02T00:00:00Z', '31 December 2025'],
  ['the day in the given zone, not UTC', '2026-03-03T23:30:00Z', 'Europe/Berlin', '2026-05-01T00:00:00Z', '4 March'],
  ['New Year in the zone decides the year', '2025-12-31T23:30:00Z', 'Europe/Berlin', '2026-01-01T12:00:00Z', '1 January'],
])('dayInWords: %s', (_name, at, zone, now, expected) => {
  expect(dayInWords(day(at), zone, day(now))).toBe(expected);
});

test('describeChanges: the issue example, with both dates and the rest counted', () => {
  const words = (at: number) => dayInWords(at, 'UTC', day('2026-06-01T00:00:00Z'));
  const summary = describeChanges(
    { ratings: r('222122222'), at: day('2026-01-03T09:00:00Z') },
    { ratings: r('222222222'), at: day('2026-03-03T09:00:00Z') },
    words,
  );
  expect(summary).toEqual({
    title: 'What changed since last time',
    intro: 'You took the quiz on 3 January, and again on 3 March.',
    lines: ['Task Initiation: This is me → Sometimes, since 3 March'],
    changes: [{ driverId: 4, driver: 'Task Initiation', before: 1, after: 2 }],
    closing: 'The other 8 drivers kept their ratings.',
  });
});

test.each([
  ['nothing changed', '123123123', 'Every driver has the same rating as last time. Steady is good news too.'],
  ['all but one changed', '231231233', 'The other driver kept its rating.'],
])('describeChanges closing: %s', (_name, later, closing) => {
  const summary = describeChanges({ ratings: r('123123123'), at: 0 }, { ratings: r(later), at: 1 }, () => '1 January');
  expect(summary.closing).toBe(closing);
});

test('describeChanges: a retake the same day names the day once', () => {
  const words = (at: number) => dayInWords(at, 'UTC', day('2026-12-01T00:00:00Z'));
  const summary = describeChanges(
    { ratings: r('222122222'), at: day('2026-11-27T09:00:00Z') },
    { ratings: r('222222222'), at: day('2026-11-27T17:00:00Z') },
    words,
  );
  expect(summary.intro).toBe('You took the quiz on 27 November, and again later that day.');
  expect(summary.lines).toEqual(['Task Initiation: This is me → Sometimes, since 27 November']);
});
