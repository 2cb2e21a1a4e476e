/**
 * The daily profile aggregate on Postgres (what it holds: server/storage/profile-sums.ts). Split
 * into shards: concurrent batches (of this instance or another) add to different rows of the day
 * instead of queueing for one row's lock until their commit; readers sum the shards.
 */
import { calendarDay, type Day } from '../../../src/shared/days';
import { profileColumns, profileSumsByDay, profileTotalsOf, type ProfileRow, TIME_ZONE_KEY } from '../profile-sums';
import type { ProfileTotals } from '../storage';
import { type PostgresClient, type PostgresPool, transaction } from './connection';

/** Rows per day of the profile aggregate: each batch adds to the next one. */
export const PROFILE_SHARDS = 16;

/** Quoted column names of the profile aggregate (the pattern columns have capitals). */
const quotedProfileColumns = profileColumns.map((column) => `"${column}"`);

/** Adds per-day sums to one shard of the profile aggregate: one statement per day. */
export async function addToProfiles(client: PostgresClient, byDay: Map<Day, number[]>, shard: number): Promise<void> {
  for (const [day, totals] of [...byDay].sort(([a], [b]) => (a < b ? -1 : 1))) {
    await client.query(
      `INSERT INTO profile_daily (day, shard, ${quotedProfileColumns.join(', ')})
       VALUES ($1, $2, ${quotedProfileColumns.map((_, index) => `$${index + 3}`).join(', ')})
       ON CONFLICT (day, shard) DO UPDATE SET ${quotedProfileColumns.map((column) => `${column} = profile_daily.${column} + excluded.${column}`).join(', ')}`,
      [day, shard, ...totals],
    );
  }
}

/**
 * The zone the aggregate was built in, or undefined before it was ever built; read with a share lock
 * inside a transaction that changes the aggregate, so a rebuild in another zone waits for it.
 */
export async function aggregateTimeZone(client: PostgresClient): Promise<string | undefined> {
  return (await client.query<{ value: string }>('SELECT value FROM analytics_meta WHERE key = $1 FOR SHARE', [TIME_ZONE_KEY])).rows[0]?.value;
}

/**
 * Builds the profile aggregate in `timeZone` if it was built in another (or never): one pass over
 * the submissions, in one transaction. The zone's row is locked first (batches read it with a share
 * lock, postgres/submissions.ts), then the table: batches in flight finish before, later ones wait.
 * Several instances asking at once: the first rebuilds, the others find the zone already right.
 */
export async function ensureProfileAggregate(pool: PostgresPool, timeZone: string): Promise<void> {
  const dayOf = calendarDay(timeZone);
  await transaction(pool, async (client) => {
    const current = await client.query<{ value: string }>('SELECT value FROM analytics_meta WHERE key = $1 FOR UPDATE', [TIME_ZONE_KEY]);
    if (current.rows[0]?.value === timeZone) return;
    await client.query('INSERT INTO analytics_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET value = excluded.value', [
      TIME_ZONE_KEY,
      timeZone,
    ]);
    await client.query('LOCK TABLE profile_daily IN EXCLUSIVE MODE');
    await client.query('DELETE FROM profile_daily');
    for (let after = 0; ; ) {
      const { rows } = await client.query<ProfileRow & { id: number }>(
        'SELECT id, submitted_at, ratings FROM submissions WHERE id > $1 ORDER BY id LIMIT 10000',
        [after],
      );
      const last = rows[rows.length - 1];
      if (!last) break;
      await addToProfiles(client, profileSumsByDay(rows, dayOf, 1), 0);
      after = last.id;
    }
  });
}

/** Sums the aggregate (every shard) over the days `from` to `to` (both included). */
export async function readProfileTotals(pool: PostgresPool, from: Day, to: Day): Promise<ProfileTotals> {
  const { rows } = await pool.query<Record<string, number | null>>(
    `SELECT ${quotedProfileColumns.map((column) => `sum(${column}) AS ${column}`).join(', ')} FROM profile_daily WHERE day BETWEEN $1 AND $2`,
    [from, to],
  );
  return profileTotalsOf(rows[0]);
}
