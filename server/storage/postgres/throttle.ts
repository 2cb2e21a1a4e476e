/**
 * The sign-in throttle's counters on Postgres (server/coach/throttle.ts decides what they mean):
 * one row per key, shared by every instance, a failure added atomically (a count gone quiet since
 * `forgetBefore` starts again), so N instances give a guesser no more tries than one.
 */
import { bound } from '../bound';
import type { ThrottleEntry, ThrottleTable } from '../storage';
import type { PostgresPool } from './connection';

type Row = { key: string; failures: number; last_failure_at: number };
const entryOf = (row: Row): ThrottleEntry => ({ failures: row.failures, lastFailureAt: row.last_failure_at });

export async function readThrottle(pool: PostgresPool, keys: string[]): Promise<Map<string, ThrottleEntry>> {
  const { rows } = await pool.query<Row>('SELECT key, failures, last_failure_at FROM signin_throttle WHERE key = ANY($1::text[])', [keys]);
  return new Map(rows.map((row) => [row.key, entryOf(row)]));
}

export async function addThrottleFailure(pool: PostgresPool, key: string, now: number, forgetBefore: number): Promise<ThrottleEntry> {
  const { rows } = await pool.query<Row>(
    `INSERT INTO signin_throttle (key, failures, last_failure_at) VALUES ($1, 1, $2)
     ON CONFLICT (key) DO UPDATE SET
       failures = CASE WHEN signin_throttle.last_failure_at < $3 THEN 1 ELSE signin_throttle.failures + 1 END,
       last_failure_at = excluded.last_failure_at
     RETURNING key, failures, last_failure_at`,
    [key, now, forgetBefore],
  );
  return entryOf(rows[0] as Row);
}

export async function clearThrottle(pool: PostgresPool, key: string): Promise<void> {
  await pool.query('DELETE FROM signin_throttle WHERE key = $1', [key]);
}

export async function pruneThrottle(pool: PostgresPool, before: number): Promise<void> {
  await pool.query('DELETE FROM signin_throttle WHERE last_failure_at < $1', [before]);
}

/** The throttle's table on Postgres. */
export const postgresThrottleTable = (pool: PostgresPool) =>
  bound(pool, { read: readThrottle, addFailure: addThrottleFailure, clear: clearThrottle, prune: pruneThrottle }) satisfies ThrottleTable;
