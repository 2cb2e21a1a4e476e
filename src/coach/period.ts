import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS } from '../shared/coach-api';

/**
 * The period the dashboard shows: the last 7, 30 or 90 days up to today, or a custom range. Days are
 * calendar days `YYYY-MM-DD` in the analytics time zone the server reports, both ends included.
 */
export const presetDays = [7, 30, 90] as const;
export type PresetDays = (typeof presetDays)[number];

export type Period = { kind: 'preset'; days: PresetDays } | { kind: 'custom'; from: string; to: string };

export type DateRange = { from: string; to: string };

export const defaultPeriod: Period = { kind: 'preset', days: DEFAULT_PERIOD_DAYS };

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** Whether `value` is a real calendar day written `YYYY-MM-DD` (not 2026-02-30). */
export function isDay(value: string): boolean {
  if (!dayPattern.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/** The day `days` after `day` (negative: before). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Days from `from` to `to`, both included. */
export function daysInRange({ from, to }: DateRange): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Today's date in `timeZone` (an IANA name such as "UTC" or "Europe/Berlin") at the instant `now`. */
export function todayIn(timeZone: string, now: Date): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The days a period covers, given today's date. */
export function periodRange(period: Period, today: string): DateRange {
  if (period.kind === 'custom') return { from: period.from, to: period.to };
  return { from: addDays(today, -(period.days - 1)), to: today };
}

export type RangeProblem = 'badFrom' | 'badTo' | 'reversed' | 'future' | 'tooLong';

/** What is wrong with a custom range the coach typed, or null when the API will take it. */
export function customRangeProblem(range: DateRange, today: string): RangeProblem | null {
  if (!isDay(range.from)) return 'badFrom';
  if (!isDay(range.to)) return 'badTo';
  if (range.from > range.to) return 'reversed';
  if (range.from > today) return 'future';
  if (daysInRange(range) > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
}
