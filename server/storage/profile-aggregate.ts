/**
 * The daily aggregate of submitted profiles (table `profile_daily`): per day, how many submissions,
 * how many rated driver N as 1, 2 or 3, and how many showed each summary pattern. Kept in step with
 * the submissions: added to in the same transaction that stores a batch, subtracted from when a
 * person is erased, so the dashboard reads a few hundred rows instead of every lead.
 *
 * Days are in the analytics time zone. The zone the table was built in is recorded in
 * `analytics_meta`; when the server starts with another one, the table is rebuilt from the
 * submissions (one scan, once).
 */
import type Database from 'better-sqlite3';
import { calendarDay, type Day } from '../analytics/days';
import { DRIVER_COUNT, RATINGS } from '../../src/shared/constants';
import { summaryPatterns, type SummaryPattern } from '../../src/shared/coach-api';
import { summaryPatternOf } from '../leads/profile';

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
  for (let index = 0; index < DRIVER_COUNT; index += 1) bump(totals, 1 + index * RATINGS.length + Number(ratings[index]) - 1, amount);
  bump(totals, 1 + ratingColumns.length + summaryPatterns.indexOf(summaryPatternOf(ratings)), amount);
}

function bump(totals: number[], index: number, amount: number): void {
  totals[index] = (totals[index] ?? 0) + amount;
}

/** The counters one submission adds, in the order of `profileColumns`. */
export function countersOf(ratings: string): number[] {
  const counters = new Array<number>(profileColumns.length).fill(0);
  addCounters(counters, ratings, 1);
  return counters;
}

/**
 * Returns a function that adds (sign 1) or subtracts (sign -1) submissions to the aggregate, with
 * one statement per day touched. Call it inside the transaction that stores or erases them.
 */
export function profileAggregator(db: Database.Database, timeZone: string): (rows: ProfileRow[], sign: 1 | -1) => void {
  const dayOf = calendarDay(timeZone);
  const upsert = db.prepare(
    `INSERT INTO profile_daily (day, ${profileColumns.join(', ')}) VALUES (?${', ?'.repeat(profileColumns.length)})
     ON CONFLICT (day) DO UPDATE SET ${profileColumns.map((column) => `${column} = ${column} + excluded.${column}`).join(', ')}`,
  );
  return (rows, sign) => {
    for (const [day, totals] of profileSumsByDay(rows, dayOf, sign)) upsert.run(day, ...totals);
  };
}

/** What submissions add to (sign 1) or take from (sign -1) each day's counters (either backend). */
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

/** The zone the aggregate was built in, or null before it was ever built. */
export function aggregateTimeZone(db: Database.Database): string | null {
  const row = db.prepare<[string], { value: string }>('SELECT value FROM analytics_meta WHERE key = ?').get(TIME_ZONE_KEY);
  return row?.value ?? null;
}

/**
 * Makes sure the aggregate is built in `timeZone`: if it was built in another one (or never), it is
 * rebuilt from every submission in one transaction. Returns whether it rebuilt.
 */
export function ensureProfileAggregate(db: Database.Database, timeZone: string): boolean {
  if (aggregateTimeZone(db) === timeZone) return false;
  db.transaction(() => {
    db.prepare('DELETE FROM profile_daily').run();
    const add = profileAggregator(db, timeZone);
    // Pages of 10,000 by id (a connection cannot write while it is still reading a statement).
    const page = db.prepare<[number], ProfileRow & { id: number }>(
      'SELECT id, submitted_at, ratings FROM submissions WHERE id > ? ORDER BY id LIMIT 10000',
    );
    for (let rows = page.all(0); rows.length > 0; rows = page.all(rows[rows.length - 1]?.id ?? Number.MAX_SAFE_INTEGER)) {
      add(rows, 1);
    }
    db.prepare('INSERT INTO analytics_meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value').run(
      TIME_ZONE_KEY,
      timeZone,
    );
  }).immediate();
  return true;
}

export type ProfileTotals = {
  submissions: number;
  /** ratings[driverIndex][rating - 1] */
  ratings: number[][];
  patterns: Record<SummaryPattern, number>;
};

/** Sums the aggregate over the days `from` to `to` (both included). */
export function readProfileTotals(db: Database.Database, from: Day, to: Day): ProfileTotals {
  const row = db
    .prepare<[Day, Day], Record<string, number | null>>(
      `SELECT ${profileColumns.map((column) => `sum(${column}) AS ${column}`).join(', ')} FROM profile_daily WHERE day BETWEEN ? AND ?`,
    )
    .get(from, to);
  return profileTotalsOf(row);
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
