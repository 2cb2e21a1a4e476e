import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS } from '../shared/coach-api/routes';
import { addDays, dayCount, isDay } from '../shared/days';

/**
 * The period the dashboard shows: the last 7, 30 or 90 days up to today, or a custom range. Days are
 * calendar days `YYYY-MM-DD` in the analytics time zone the server reports, both ends included
 * (src/shared/days.ts).
 */
export const presetDays = [7, 30, 90] as const;
export type PresetDays = (typeof presetDays)[number];

export type Period = { kind: 'preset'; days: PresetDays } | { kind: 'custom'; from: string; to: string };

export type DateRange = { from: string; to: string };

export const defaultPeriod: Period = { kind: 'preset', days: DEFAULT_PERIOD_DAYS };

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
  if (dayCount(range.from, range.to) > MAX_PERIOD_DAYS) return 'tooLong';
  return null;
}
