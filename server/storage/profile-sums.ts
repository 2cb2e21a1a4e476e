/**
 * The daily aggregate of submitted profiles (table `profile_daily`), the part both backends share:
 * per day, how many submissions, how many rated driver N as 1, 2 or 3 (`dN_R`), and how many showed
 * each summary pattern (`pattern_<name>`). Kept in step with the submissions: added to in the
 * transaction that stores a batch, subtracted from when a person is erased, so the dashboard reads a
 * few hundred rows instead of every lead. Each backend's SQL is in its `profiles.ts`.
 *
 * Days are in the analytics time zone. The zone the table was built in is recorded in
 * `analytics_meta` under TIME_ZONE_KEY; when the server starts with another one, the table is
 * rebuilt from the submissions (one scan, once).
 */
import { type SummaryPattern, summaryPatterns } from '../../src/shared/summary-patterns';
import { DRIVER_COUNT, RATINGS } from '../../src/shared/constants';
import type { Day } from '../../src/shared/days';
import { decodeRatings } from '../../src/shared/ratings';
import type { ProfileTotals } from './storage';
import { summaryPatternOf } from './stored-profile';

const ratingColumns = Array.from({ length: DRIVER_COUNT }, (_, index) => RATINGS.map((rating) => `d${index + 1}_${rating}`)).flat();
const patternColumns = summaryPatterns.map((pattern) => `pattern_${pattern}`);
/** Every counter column, in a fixed order: submissions, the 27 rating counts, the 7 patterns. */
export const profileColumns = ['submissions', ...ratingColumns, ...patternColumns];

export const TIME_ZONE_KEY = 'profile_time_zone';

/** One submission's contribution: its time and its ratings as stored ("123123123"). */
export type ProfileRow = { submitted_at: number; ratings: string };

/** Adds `amount` to the counters (in the order of `profileColumns`) that one submission counts in. */
function addCounters(totals: number[], ratings: string, amount: number): void {
  bump(totals, 0, amount);
  decodeRatings(ratings).forEach((rating, index) => bump(totals, 1 + index * RATINGS.length + rating - 1, amount));
  bump(totals, 1 + ratingColumns.length + summaryPatterns.indexOf(summaryPatternOf(ratings)), amount);
}

function bump(totals: number[], index: number, amount: number): void {
  totals[index] = (totals[index] ?? 0) + amount;
}

/** What submissions add to (sign 1) or take from (sign -1) each day's counters. */
export function profileSumsByDay(rows: ProfileRow[], dayOf: (ms: number) => Day, sign: 1 | -1): Map<Day, number[]> {
  const byDay = new Map<Day, number[]>();
  for (const row of rows) {
    const day = dayOf(row.submitted_at);
    let totals = byDay.get(day);
    if (!totals) byDay.set(day, (totals = new Array<number>(profileColumns.length).fill(0)));
    addCounters(totals, row.ratings, sign);
  }
  return byDay;
}

/** The totals from a row of sums named like the columns (null sums: no day in the period). */
export function profileTotalsOf(row: Record<string, number | null> | undefined): ProfileTotals {
  const value = (column: string) => row?.[column] ?? 0;
  return {
    submissions: value('submissions'),
    ratings: Array.from({ length: DRIVER_COUNT }, (_, index) => RATINGS.map((rating) => value(`d${index + 1}_${rating}`))),
    patterns: Object.fromEntries(summaryPatterns.map((pattern) => [pattern, value(`pattern_${pattern}`)])) as Record<SummaryPattern, number>,
  };
}
