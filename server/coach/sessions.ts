/**
 * The coach's password and sessions, kept in the database so a session can be revoked. The cookie
 * carries a random token; only its SHA-256 is stored, so a copy of the database signs nobody in.
 * A session ends after an idle time or, in any case, after its maximum lifetime; setting a new
 * password ends every session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Session, SessionTable } from '../storage/storage';

export const sessionTimings = {
  /** Without a request for this long, the session ends. */
  idleTimeoutMs: 60 * 60 * 1000,
  /** However active, a session ends this long after sign-in. */
  maxLifetimeMs: 12 * 60 * 60 * 1000,
  /** last_seen_at is written at most this often (a write per request would cost an fsync each). */
  touchEveryMs: 60 * 1000,
} as const;

/**
 * `__Host-`: the browser accepts it only with Secure, Path=/ and no Domain, so no other site or
 * subdomain can set or overwrite it. Browsers accept Secure cookies over HTTPS, and over plain
 * http on localhost and 127.0.0.1 (Chromium and Firefox treat loopback as secure).
 */
export const SESSION_COOKIE = '__Host-core-drivers-coach';

export type { Session } from '../storage/storage';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** SQLite: the stored password hash, or null before one is set. */
export function readPasswordHash(db: Database.Database): string | null {
  return db.prepare<[], { password_hash: string }>('SELECT password_hash FROM coach_account WHERE id = 1').get()?.password_hash ?? null;
}

/** Stores a new password hash and ends every session, in one transaction. */
export function storePasswordHash(db: Database.Database, hash: string, now: number): void {
  db.transaction(() => {
    db.prepare<[string, number]>(
      `INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, ?, ?)
       ON CONFLICT (id) DO UPDATE SET password_hash = excluded.password_hash, password_set_at = excluded.password_set_at`,
    ).run(hash, now);
    db.prepare('DELETE FROM coach_sessions').run();
    db.prepare('DELETE FROM coach_setup_codes').run();
  }).immediate();
}

type SessionRow = { id: number; created_at: number; last_seen_at: number; expires_at: number };

const toSession = (row: SessionRow): Session => ({
  id: row.id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
});

/** The session table of a SQLite database. */
export function sqliteSessionTable(db: Database.Database): SessionTable {
  return {
    async insert(tokenHash, now, expiresAt, idleBefore) {
      db.prepare<[number, number]>('DELETE FROM coach_sessions WHERE expires_at <= ? OR last_seen_at <= ?').run(now, idleBefore);
      const { lastInsertRowid } = db
        .prepare<[string, number, number, number]>('INSERT INTO coach_sessions (token_hash, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?)')
        .run(tokenHash, now, now, expiresAt);
      return Number(lastInsertRowid);
    },
    async byTokenHash(tokenHash) {
      const row = db
        .prepare<[string], SessionRow>('SELECT id, created_at, last_seen_at, expires_at FROM coach_sessions WHERE token_hash = ?')
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

/** Sessions with their rules (idle timeout, lifetime), over either backend's table. */
export class SessionStore {
  readonly #table: SessionTable;
  constructor(table: SessionTable) {
    this.#table = table;
  }

  /** Starts a session; the token goes in the cookie and is never stored. Expired ones are swept. */
  async create(now: number): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + sessionTimings.maxLifetimeMs;
    const id = await this.#table.insert(hashToken(token), now, expiresAt, now - sessionTimings.idleTimeoutMs);
    return { token, session: { id, createdAt: now, lastSeenAt: now, expiresAt } };
  }

  /** The live session for this token (and keeps it alive), or null. */
  async find(token: string | undefined, now: number): Promise<Session | null> {
    if (token === undefined || token === '') return null;
    const session = await this.#table.byTokenHash(hashToken(token));
    if (!session) return null;
    if (now >= session.expiresAt || now - session.lastSeenAt >= sessionTimings.idleTimeoutMs) {
      await this.#table.delete(session.id);
      return null;
    }
    if (now - session.lastSeenAt >= sessionTimings.touchEveryMs) {
      await this.#table.touch(session.id, now);
      return { ...session, lastSeenAt: now };
    }
    return session;
  }

  end(id: number): Promise<void> {
    return this.#table.delete(id);
  }
}
