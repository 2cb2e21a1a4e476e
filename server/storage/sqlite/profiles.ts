/**
 * The daily profile aggregate on SQLite (what it holds: server/storage/profile-sums.ts): adding a
 * batch's submissions, building it in the analytics time zone, and summing a period.
 */
import { calendarDay, type Day } from '../../../src/shared/days';
import { profileColumns, profileSumsByDay, profileTotalsOf, type ProfileRow, TIME_ZONE_KEY } from '../profile-sums';
import type { ProfileTotals } from '../storage';
import type { SqliteDatabase } from './binding';

/**
 * Returns a function that adds (sign 1) or subtracts (sign -1) submissions to the aggregate, with
 * one statement per day touched. Call it inside the transaction that stores or erases them.
 */
export function profileAggregator(db: SqliteDatabase, timeZone: string): (rows: ProfileRow[], sign: 1 | -1) => void {
  const dayOf = calendarDay(timeZone);
  const upsert = db.prepare(
    `INSERT INTO profile_daily (day, ${profileColumns.join(', ')}) VALUES (?${', ?'.repeat(profileColumns.length)})
     ON CONFLICT (day) DO UPDATE SET ${profileColumns.map((column) => `${column} = ${column} + excluded.${column}`).join(', ')}`,
  );
  return (rows, sign) => {
    for (const [day, totals] of profileSumsByDay(rows, dayOf, sign)) upsert.run(day, ...totals);
  };
}

/** The zone the aggregate was built in, or null before it was ever built. */
export function aggregateTimeZone(db: SqliteDatabase): string | null {
  const row = db.prepare<[string], { value: string }>('SELECT value FROM analytics_meta WHERE key = ?').get(TIME_ZONE_KEY);
  return row?.value ?? null;
}

/**
 * Makes sure the aggregate is built in `timeZone`: if it was built in another one (or never), it is
 * rebuilt from every submission in one transaction. Returns whether it rebuilt.
 */
export function ensureProfileAggregate(db: SqliteDatabase, timeZone: string): boolean {
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

/** Sums the aggregate over the days `from` to `to` (both included). */
export function readProfileTotals(db: SqliteDatabase, from: Day, to: Day): ProfileTotals {
  const row = db
    .prepare<[Day, Day], Record<string, number | null>>(
      `SELECT ${profileColumns.map((column) => `sum(${column}) AS ${column}`).join(', ')} FROM profile_daily WHERE day BETWEEN ? AND ?`,
    )
    .get(from, to);
  return profileTotalsOf(row);
}
