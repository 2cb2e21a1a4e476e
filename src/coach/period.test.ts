import { expect, test } from 'vitest';
import { addDays, customRangeProblem, daysInRange, isDay, periodRange, todayIn } from './period';

test.each([
  [{ kind: 'preset', days: 7 } as const, '2026-11-23', { from: '2026-11-17', to: '2026-11-23' }],
  [{ kind: 'preset', days: 30 } as const, '2026-03-01', { from: '2026-01-31', to: '2026-03-01' }],
  [{ kind: 'preset', days: 90 } as const, '2026-01-15', { from: '2025-10-18', to: '2026-01-15' }],
  [{ kind: 'custom', from: '2026-02-01', to: '2026-02-10' } as const, '2026-11-23', { from: '2026-02-01', to: '2026-02-10' }],
])('%o up to %s covers %o', (period, today, expected) => {
  const range = periodRange(period, today);
  expect(range).toEqual(expected);
  if (period.kind === 'preset') expect(daysInRange(range)).toBe(period.days);
});

test.each([
  ['2026-11-23', 1, '2026-11-24'],
  ['2026-12-31', 1, '2027-01-01'],
  ['2028-03-01', -1, '2028-02-29'],
  ['2026-03-29', 1, '2026-03-30'], // a daylight-saving change in Europe makes no difference in UTC days
])('%s plus %i day(s) is %s', (day, days, expected) => {
  expect(addDays(day, days)).toBe(expected);
});

test.each([
  ['2026-11-23', true],
  ['2028-02-29', true],
  ['2026-02-29', false],
  ['2026-13-01', false],
  ['2026-1-01', false],
  ['', false],
  ['yesterday', false],
])('isDay(%j) is %s', (value, expected) => {
  expect(isDay(value)).toBe(expected);
});

test.each([
  ['UTC', '2026-11-23T23:30:00Z', '2026-11-23'],
  ['Europe/Berlin', '2026-11-23T23:30:00Z', '2026-11-24'],
  ['America/New_York', '2026-11-23T03:00:00Z', '2026-11-22'],
])('today in %s at %s is %s', (timeZone, instant, expected) => {
  expect(todayIn(timeZone, new Date(instant))).toBe(expected);
});

test.each([
  [{ from: '2026-11-01', to: '2026-11-23' }, null],
  [{ from: '2026-11-23', to: '2026-11-23' }, null],
  [{ from: '2026-11-31', to: '2026-11-23' }, 'badFrom'],
  [{ from: '2026-11-01', to: '' }, 'badTo'],
  [{ from: '2026-11-10', to: '2026-11-01' }, 'reversed'],
  [{ from: '2026-11-24', to: '2026-11-30' }, 'future'],
  [{ from: '2024-09-15', to: '2026-11-23' }, null], // 800 days
  [{ from: '2024-09-14', to: '2026-11-23' }, 'tooLong'],
])('custom range %o: %s', (range, problem) => {
  expect(customRangeProblem(range, '2026-11-23')).toBe(problem);
});
