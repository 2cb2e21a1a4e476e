/**
 * Days of the dashboard: calendar days in ONE time zone, the analytics time zone (UTC unless
 * ANALYTICS_TIME_ZONE names another IANA zone). Funnel counts, profile aggregates and the periods
 * the coach picks all use it, on the server and in the dashboard. Days are strings `YYYY-MM-DD`,
 * so they sort and compare as text.
 */

export type Day = string;

const dayPattern = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 24 * 60 * 60 * 1000;

/** True when `timeZone` is an IANA zone name this Node knows (`Europe/Berlin`, `UTC`...). */
export function isTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** A function giving the calendar day of an instant (ms since the epoch) in `timeZone`. */
export function calendarDay(timeZone: string): (ms: number) => Day {
  // en-CA formats as YYYY-MM-DD.
  const format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  let lastMinute = Number.NaN;
  let lastDay = '';
  return (ms) => {
    // A day changes only on a minute boundary in every zone: remember the last minute's answer.
    const minute = Math.floor(ms / 60_000);
    if (minute !== lastMinute) {
      lastMinute = minute;
      lastDay = format.format(ms);
    }
    return lastDay;
  };
}

/** Today's day in `timeZone` at the instant `now`. */
export function todayIn(timeZone: string, now: Date): Day {
  return calendarDay(timeZone)(now.getTime());
}

/** A valid `YYYY-MM-DD` (a real date: no 2026-02-30). */
export function isDay(value: string): boolean {
  const match = dayPattern.exec(value);
  if (!match) return false;
  const [, year, month, day] = match.map(Number) as [number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day `n` days after `day` (before, when negative). */
export function addDays(day: Day, n: number): Day {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from `from` to `to`, both included. */
export function daysBetween(from: Day, to: Day): Day[] {
  const days: Day[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** Number of days from `from` to `to`, both included (0 when `to` is before `from`). */
export function dayCount(from: Day, to: Day): number {
  const ms = (day: Day) => Date.parse(`${day}T00:00:00Z`);
  return Math.max(0, Math.round((ms(to) - ms(from)) / DAY_MS) + 1);
}

/**
 * The first instant (ms) of `day` in `timeZone`: where a period starts, for queries on submission
 * times. Daylight-saving days work too.
 */
export function startOfDay(day: Day, timeZone: string): number {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  const dayOf = calendarDay(timeZone);
  // Local midnight is UTC midnight minus the zone's offset, taken at (about) that instant.
  let guess = utcMidnight - offsetMs(utcMidnight, timeZone);
  guess = utcMidnight - offsetMs(guess, timeZone);
  // Where daylight saving starts or ends at midnight the day begins an hour off: step to its first
  // minute (offsets are whole minutes; these loops run at most an hour's worth of steps).
  while (dayOf(guess) < day) guess += 60_000;
  while (dayOf(guess - 60_000) === day) guess -= 60_000;
  return guess;
}

/** The zone's offset from UTC at instant `ms`, in ms (positive east of Greenwich). */
function offsetMs(ms: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(ms);
  const get = (type: string) => Number(parts.find((part) => part.type === type)?.value);
  const local = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return local - Math.floor(ms / 60_000) * 60_000;
}
