/**
 * The coach's password and sessions, kept in the database so a session can be revoked. The cookie
 * carries a random token; only its SHA-256 is stored, so a copy of the database signs nobody in.
 * A session ends after an idle time or, in any case, after its maximum lifetime; setting a new
 * password ends every session.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Actor, Session, SessionTable } from '../storage/storage';
import { browserInWords } from './access/browser-words';

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

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Who did something on the dashboard, as the audit log keeps it: the session, and its browser in
 * words with the time it signed in (an entry outlives its session, deleted at sign-out); no session:
 * not signed in (a failed set-up).
 */
export function dashboardActor(session: Session | null): Actor {
  if (session === null) return { actor: 'dashboard', sessionId: null, signedIn: null };
  // A session from before browsers were kept in words has none: "Unknown browser".
  return { actor: 'dashboard', sessionId: session.id, signedIn: { browser: session.browser || browserInWords(undefined), at: session.createdAt } };
}

/** Sessions with their rules (idle timeout, lifetime), over either backend's table. */
export class SessionStore {
  readonly #table: SessionTable;
  constructor(table: SessionTable) {
    this.#table = table;
  }

  /** Starts a session; the token goes in the cookie and is never stored. Expired ones are swept. `browser`: in words, for the coach's list. */
  async create(now: number, browser = ''): Promise<{ token: string; session: Session }> {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = now + sessionTimings.maxLifetimeMs;
    const id = await this.#table.insert(hashToken(token), now, expiresAt, now - sessionTimings.idleTimeoutMs, browser);
    return { token, session: { id, createdAt: now, lastSeenAt: now, expiresAt, browser } };
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
