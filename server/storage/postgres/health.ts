/** GET /api/health's write on Postgres: one small row, committed. */
import type { PostgresPool } from './connection';

export async function probeWrite(pool: PostgresPool, now: number): Promise<void> {
  await pool.query('INSERT INTO storage_health (id, checked_at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET checked_at = excluded.checked_at', [now]);
}
