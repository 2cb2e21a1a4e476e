/**
 * The e-mail tool's pace window on Postgres (`tool_pace`, `tool_pace_hold`), shared by every
 * instance: a slot is taken in one transaction under an advisory lock of its key, so two instances
 * never both take the last room in a window. Each row is one request's start time; rows that left
 * every window are deleted as slots are taken. The connections at once (`tool_connection`): a row
 * per connection held, with its holder and the end of its hold, taken under a lock of its key too.
 */
import { earliestSlot, freeConnection, type PaceWindow } from '../pace';
import { type PostgresClient, type PostgresPool, transaction } from './connection';

/** The key's starts still in the window (newest first, only as many as count) and its hold. */
async function windowOf(client: PostgresClient | PostgresPool, key: string, requests: number, windowMs: number, now: number) {
  const starts = await client.query<{ slot: string }>('SELECT slot FROM tool_pace WHERE key = $1 AND slot > $2 ORDER BY slot DESC LIMIT $3', [
    key,
    now - windowMs,
    requests,
  ]);
  const hold = await client.query<{ until: string }>('SELECT until FROM tool_pace_hold WHERE key = $1', [key]);
  return { newestFirst: starts.rows.map((row) => Number(row.slot)), heldUntil: Number(hold.rows[0]?.until ?? 0) };
}

export function postgresPaceWindow(pool: PostgresPool): PaceWindow {
  return {
    take: (key, requests, windowMs, now, latest) =>
      transaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended('tool_pace:' || $1, 0))", [key]);
        await client.query('DELETE FROM tool_pace WHERE key = $1 AND slot <= $2', [key, now - windowMs]);
        const { newestFirst, heldUntil } = await windowOf(client, key, requests, windowMs, now);
        const at = earliestSlot(newestFirst, heldUntil, requests, windowMs, now);
        if (at > latest) return null;
        await client.query('INSERT INTO tool_pace (key, slot) VALUES ($1, $2)', [key, at]);
        return at;
      }),
    async giveBack(key, slot) {
      await pool.query('DELETE FROM tool_pace WHERE ctid = (SELECT ctid FROM tool_pace WHERE key = $1 AND slot = $2 LIMIT 1)', [key, slot]);
    },
    async nextFree(key, requests, windowMs, now) {
      const { newestFirst, heldUntil } = await windowOf(pool, key, requests, windowMs, now);
      return earliestSlot(newestFirst, heldUntil, requests, windowMs, now);
    },
    takeConnection: (key, size, holder, now, expiresAt) =>
      transaction(pool, async (client) => {
        await client.query("SELECT pg_advisory_xact_lock(hashtextextended('tool_connection:' || $1, 0))", [key]);
        const held = await client.query<{ slot: number }>('SELECT slot FROM tool_connection WHERE key = $1 AND expires_at > $2', [key, now]);
        const slot = freeConnection(
          held.rows.map((row) => row.slot),
          size,
        );
        if (slot === null) return null;
        await client.query(
          'INSERT INTO tool_connection (key, slot, holder, expires_at) VALUES ($1, $2, $3, $4) ON CONFLICT (key, slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at',
          [key, slot, holder, expiresAt],
        );
        return slot;
      }),
    async releaseConnection(key, slot, holder) {
      await pool.query('DELETE FROM tool_connection WHERE key = $1 AND slot = $2 AND holder = $3', [key, slot, holder]);
    },
    pause: (settings, { status, detail, at }) =>
      transaction(pool, async (client) => {
        await client.query('DELETE FROM tool_pause WHERE settings <> $1', [settings]);
        const added = await client.query('INSERT INTO tool_pause (settings, status, detail, at) VALUES ($1, $2, $3, $4) ON CONFLICT (settings) DO NOTHING', [
          settings,
          status,
          detail,
          at,
        ]);
        return added.rowCount === 1;
      }),
    async pausedFor(settings) {
      const found = await pool.query<{ status: number; detail: string; at: string }>('SELECT status, detail, at FROM tool_pause WHERE settings = $1', [settings]);
      const row = found.rows[0];
      return row ? { status: row.status, detail: row.detail, at: Number(row.at) } : null;
    },
    async resume(settings) {
      await pool.query('DELETE FROM tool_pause WHERE settings = $1', [settings]);
    },
    async hold(key, until) {
      await pool.query(
        'INSERT INTO tool_pace_hold (key, until) VALUES ($1, $2) ON CONFLICT (key) DO UPDATE SET until = greatest(tool_pace_hold.until, excluded.until)',
        [key, until],
      );
    },
  };
}
