/**
 * The sign-in throttle's counters on SQLite (server/coach/throttle.ts decides what they mean): one
 * row per key, a failure added atomically (a count gone quiet since `forgetBefore` starts again).
 */
import { bound } from '../bound';
import type { ThrottleEntry, ThrottleTable } from '../storage';
import type { SqliteDatabase } from './binding';

type Row = { key: string; failures: number; last_failure_at: number };
const entryOf = (row: Row): ThrottleEntry => ({ failures: row.failures, lastFailureAt: row.last_failure_at });

export function readThrottle(db: SqliteDatabase, keys: string[]): Map<string, ThrottleEntry> {
  const read = db.prepare<[string], Row>('SELECT key, failures, last_failure_at FROM signin_throttle WHERE key = ?');
  return new Map(keys.flatMap((key) => {
    const row = read.get(key);
    return row ? [[key, entryOf(row)] as const] : [];
  }));
}

export function addThrottleFailure(db: SqliteDatabase, key: string, now: number, forgetBefore: number): ThrottleEntry {
  const row = db
    .prepare<[string, number, number], Row>(
      `INSERT INTO signin_throttle (key, failures, last_failure_at) VALUES (?, 1, ?)
       ON CONFLICT (key) DO UPDATE SET
         failures = CASE WHEN last_failure_at < ? THEN 1 ELSE failures + 1 END,
         last_failure_at = excluded.last_failure_at
       RETURNING key, failures, last_failure_at`,
    )
    .get(key, now, forgetBefore) as Row;
  return entryOf(row);
}

export function clearThrottle(db: SqliteDatabase, key: string): void {
  db.prepare('DELETE FROM signin_throttle WHERE key = ?').run(key);
}

export function pruneThrottle(db: SqliteDatabase, before: number): void {
  db.prepare('DELETE FROM signin_throttle WHERE last_failure_at < ?').run(before);
}

/** The throttle's table of a SQLite database. */
export const sqliteThrottleTable = (db: SqliteDatabase) =>
  bound(db, { read: readThrottle, addFailure: addThrottleFailure, clear: clearThrottle, prune: pruneThrottle }) satisfies ThrottleTable;
