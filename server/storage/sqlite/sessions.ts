/**
 * The coach's password and sessions on SQLite (the rules are server/coach/sessions.ts): only a
 * hash of the password and of each session's token is stored.
 */
import { type SessionRow, toSession } from '../rows';
import type { SessionTable } from '../storage';
import type { SqliteDatabase } from './binding';

/** The stored password hash, or null before one is set. */
export function readPasswordHash(db: SqliteDatabase): string | null {
  return db.prepare<[], { password_hash: string }>('SELECT password_hash FROM coach_account WHERE id = 1').get()?.password_hash ?? null;
}

/** Stores a new password hash and ends every session and set-up code, in one transaction. */
export function storePasswordHash(db: SqliteDatabase, hash: string, now: number): void {
  db.transaction(() => {
    db.prepare<[string, number]>(
      `INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, password_set_at = excluded.password_set_at`,
    ).run(hash, now);
    db.prepare('DELETE FROM coach_sessions').run();
    // A password is set: no first-run set-up address works any more.
    db.prepare('DELETE FROM coach_setup_codes').run();
  }).immediate();
}

/** The session table of a SQLite database. */
export function sqliteSessionTable(db: SqliteDatabase): SessionTable {
  return {
    readPasswordHash: async () => readPasswordHash(db),
    storePasswordHash: async (hash, now) => storePasswordHash(db, hash, now),
    async insert(tokenHash, now, expiresAt, idleBefore, browser = '') {
      db.prepare<[number, number]>('DELETE FROM coach_sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(now, idleBefore);
      const { lastInsertRowid } = db
        .prepare<[string, number, number, number, string]>(
          'INSERT INTO coach_sessions (token_hash, created_at, last_seen_at, expires_at, browser) VALUES (?, ?, ?, ?, ?)',
        )
        .run(tokenHash, now, now, expiresAt, browser);
      return Number(lastInsertRowid);
    },
    async byTokenHash(tokenHash) {
      const row = db
        .prepare<[string], SessionRow>('SELECT id, created_at, last_seen_at, expires_at, browser FROM coach_sessions WHERE token_hash = ?')
        .get(tokenHash);
      return row ? toSession(row) : null;
    },
    async touch(id, now) {
      db.prepare<[number, number]>('UPDATE coach_sessions SET last_seen_at = ? WHERE id = ?').run(now, id);
    },
    async delete(id) {
      db.prepare<[number]>('DELETE FROM coach_sessions WHERE id = ?').run(id);
    },
  };
}
