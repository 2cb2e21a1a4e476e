/**
 * The coach's password and sessions on Postgres (the rules are server/coach/sessions.ts): only a
 * hash of the password and of each session's token is stored. Sessions are rows, so signing in on
 * one instance works on all, and signing out or a new password ends a session everywhere.
 */
import { type SessionRow, toSession } from '../rows';
import type { SessionTable } from '../storage';
import { type PostgresPool, transaction } from './connection';

export async function readPasswordHash(pool: PostgresPool): Promise<string | null> {
  const { rows } = await pool.query<{ password_hash: string }>('SELECT password_hash FROM coach_account WHERE id = 1');
  return rows[0]?.password_hash ?? null;
}

/** Stores a new password hash and ends every session, in one transaction. */
export async function storePasswordHash(pool: PostgresPool, hash: string, now: number): Promise<void> {
  await transaction(pool, async (client) => {
    await client.query(
      `INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, $1, $2)
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, password_set_at = excluded.password_set_at`,
      [hash, now],
    );
    await client.query('DELETE FROM coach_sessions');
    // A password is set: no first-run set-up address works any more.
    await client.query('DELETE FROM coach_setup_codes');
  });
}

export function postgresSessionTable(pool: PostgresPool): SessionTable {
  return {
    readPasswordHash: () => readPasswordHash(pool),
    storePasswordHash: (hash, now) => storePasswordHash(pool, hash, now),
    async insert(tokenHash, now, expiresAt, idleBefore, browser = '') {
      await pool.query('DELETE FROM coach_sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [now, idleBefore]);
      const { rows } = await pool.query<{ id: number }>(
        'INSERT INTO coach_sessions (token_hash, created_at, last_seen_at, expires_at, browser) VALUES ($1, $2, $2, $3, $4) RETURNING id',
        [tokenHash, now, expiresAt, browser],
      );
      return rows[0]?.id ?? 0;
    },
    async byTokenHash(tokenHash) {
      const { rows } = await pool.query<SessionRow>('SELECT id, created_at, last_seen_at, expires_at, browser FROM coach_sessions WHERE token_hash = $1', [tokenHash]);
      return rows[0] ? toSession(rows[0]) : null;
    },
    async touch(id, now) {
      await pool.query('UPDATE coach_sessions SET last_seen_at = $1 WHERE id = $2', [now, id]);
    },
    async delete(id) {
      await pool.query('DELETE FROM coach_sessions WHERE id = $1', [id]);
    },
  };
}
