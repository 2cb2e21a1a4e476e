/**
 * The e-mail tool's pace window on SQLite (`tool_pace`, `tool_pace_hold`): the same table as
 * Postgres's, a slot taken in one immediate transaction. One process holds the database, so this
 * is the server's one window; it outlives a restart, so a burst just before one still counts. The
 * connections at once (`tool_connection`) likewise, taken in an immediate transaction.
 */
import { earliestSlot, freeConnection, type PaceWindow, type StoredPause } from '../pace';
import type { SqliteDatabase } from './binding';

export function sqlitePaceWindow(db: SqliteDatabase): PaceWindow {
  const starts = db.prepare<[string, number, number], { slot: number }>('SELECT slot FROM tool_pace WHERE key = ? AND slot > ? ORDER BY slot DESC LIMIT ?');
  const holdOf = db.prepare<[string], { until: number }>('SELECT until FROM tool_pace_hold WHERE key = ?');
  const prune = db.prepare<[string, number]>('DELETE FROM tool_pace WHERE key = ? AND slot <= ?');
  const insert = db.prepare<[string, number]>('INSERT INTO tool_pace (key, slot) VALUES (?, ?)');
  const removeOne = db.prepare<[string, number]>('DELETE FROM tool_pace WHERE rowid = (SELECT rowid FROM tool_pace WHERE key = ? AND slot = ? LIMIT 1)');
  const setHold = db.prepare<[string, number]>(
    'INSERT INTO tool_pace_hold (key, until) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET until = max(until, excluded.until)',
  );
  const heldConnections = db.prepare<[string, number], { slot: number }>('SELECT slot FROM tool_connection WHERE key = ? AND expires_at > ?');
  const holdConnection = db.prepare<[string, number, string, number]>(
    'INSERT INTO tool_connection (key, slot, holder, expires_at) VALUES (?, ?, ?, ?) ON CONFLICT (key, slot) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at',
  );
  const releaseConnection = db.prepare<[string, number, string]>('DELETE FROM tool_connection WHERE key = ? AND slot = ? AND holder = ?');
  const takeConnection = db.transaction((key: string, size: number, holder: string, now: number, expiresAt: number) => {
    const slot = freeConnection(
      heldConnections.all(key, now).map((row) => row.slot),
      size,
    );
    if (slot !== null) holdConnection.run(key, slot, holder, expiresAt);
    return slot;
  });
  const others = db.prepare<[string]>('DELETE FROM tool_pause WHERE settings <> ?');
  const addPause = db.prepare<[string, number, string, number]>('INSERT INTO tool_pause (settings, status, detail, at) VALUES (?, ?, ?, ?) ON CONFLICT (settings) DO NOTHING');
  const pauseOf = db.prepare<[string], StoredPause>('SELECT status, detail, at FROM tool_pause WHERE settings = ?');
  const lift = db.prepare<[string]>('DELETE FROM tool_pause WHERE settings = ?');
  const pause = db.transaction((settings: string, { status, detail, at }: StoredPause) => {
    others.run(settings);
    return addPause.run(settings, status, detail, at).changes === 1;
  });
  const slot = (key: string, requests: number, windowMs: number, now: number) =>
    earliestSlot(
      starts.all(key, now - windowMs, requests).map((row) => row.slot),
      holdOf.get(key)?.until ?? 0,
      requests,
      windowMs,
      now,
    );
  const take = db.transaction((key: string, requests: number, windowMs: number, now: number, latest: number) => {
    prune.run(key, now - windowMs);
    const at = slot(key, requests, windowMs, now);
    if (at > latest) return null;
    insert.run(key, at);
    return at;
  });
  return {
    take: async (key, requests, windowMs, now, latest) => take.immediate(key, requests, windowMs, now, latest),
    giveBack: async (key, at) => void removeOne.run(key, at),
    nextFree: async (key, requests, windowMs, now) => slot(key, requests, windowMs, now),
    hold: async (key, until) => void setHold.run(key, until),
    takeConnection: async (key, size, holder, now, expiresAt) => takeConnection.immediate(key, size, holder, now, expiresAt),
    releaseConnection: async (key, slot, holder) => void releaseConnection.run(key, slot, holder),
    pause: async (settings, stored) => pause.immediate(settings, stored),
    pausedFor: async (settings) => pauseOf.get(settings) ?? null,
    resume: async (settings) => void lift.run(settings),
  };
}
