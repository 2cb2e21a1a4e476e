import { expect, test } from 'vitest';
import { addDays, calendarDay, dayCount, daysBetween, isDay, isTimeZone, startOfDay, todayIn } from './days';

test.each([
  ['2026-11-23', true],
  ['2024-02-29', true],
  ['2026-02-29', false],
  ['2026-13-01', false],
  ['2026-1-01', false],
  ['26-11-23', false],
  ['2026-11-23T00:00', false],
])('isDay(%s) is %s', (value, expected) => {
  expect(isDay(value)).toBe(expected);
});

test('known IANA zones are accepted, made-up ones refused', () => {
  expect(isTimeZone('UTC')).toBe(true);
  expect(isTimeZone('Europe/Berlin')).toBe(true);
  expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
});

test('a day is the calendar day in the chosen zone', () => {
  const instant = Date.parse('2026-11-23T23:30:00Z');
  expect(calendarDay('UTC')(instant)).toBe('2026-11-23');
  expect(calendarDay('Europe/Berlin')(instant)).toBe('2026-11-24');
  expect(calendarDay('America/New_York')(instant)).toBe('2026-11-23');
  const dayOf = calendarDay('Asia/Kolkata');
  // The per-minute memory never answers for a different minute.
  expect(dayOf(Date.parse('2026-11-23T18:29:00Z'))).toBe('2026-11-23');
  expect(dayOf(Date.parse('2026-11-23T18:30:00Z'))).toBe('2026-11-24');
});

test('day arithmetic crosses months, years and leap days', () => {
  expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
  expect(daysBetween('2026-02-27', '2026-03-02')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  expect(dayCount('2026-01-01', '2026-12-31')).toBe(365);
  expect(dayCount('2026-01-02', '2026-01-01')).toBe(0);
});

test.each([
  ['UTC', '2026-11-23', '2026-11-23T00:00:00.000Z'],
  ['Europe/Berlin', '2026-11-23', '2026-11-22T23:00:00.000Z'],
  ['Europe/Berlin', '2026-03-29', '2026-03-28T23:00:00.000Z'], // summer time starts at 02:00 that day
  ['Europe/Berlin', '2026-03-30', '2026-03-29T22:00:00.000Z'],
  ['Asia/Kolkata', '2026-11-23', '2026-11-22T18:30:00.000Z'],
  ['America/Santiago', '2026-09-06', '2026-09-06T04:00:00.000Z'], // clocks jump from 00:00 to 01:00
  ['Pacific/Kiritimati', '2026-01-01', '2025-12-31T10:00:00.000Z'],
])('in %s, %s starts at %s', (zone, day, expected) => {
  const start = startOfDay(day, zone);
  expect(new Date(start).toISOString()).toBe(expected);
  expect(calendarDay(zone)(start)).toBe(day);
  expect(calendarDay(zone)(start - 1)).toBe(addDays(day, -1));
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
