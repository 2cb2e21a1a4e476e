/** GET /api/health's write on SQLite: one small row, committed (synchronous=FULL: on the disk). */
import type { SqliteDatabase } from './binding';

export function probeWrite(db: SqliteDatabase, now: number): void {
  db.prepare('INSERT INTO storage_health (id, checked_at) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at').run(now);
}
