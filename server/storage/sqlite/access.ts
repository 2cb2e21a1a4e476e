/**
 * The coach's door on SQLite (the contract: server/storage/access.ts; the rules:
 * server/coach/access/): passkeys, challenges, the second factor, reset links, signed-in browsers.
 */
import type { AccessTable } from '../access';
import { type PasskeyRow, toPasskey, toSecondFactor } from '../rows';
import type { SqliteDatabase } from './binding';

export function sqliteAccessTable(db: SqliteDatabase): AccessTable {
  const clearSecondFactor = db.transaction(() => {
    db.prepare('DELETE FROM coach_second_factor').run();
    db.prepare('DELETE FROM coach_recovery_codes').run();
  });
  return {
    async addPasskey(passkey) {
      db.prepare<[string, string, number, string, string, number, number | null]>(
        'INSERT INTO coach_passkeys (id, public_key, counter, transports, name, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      ).run(passkey.id, passkey.publicKey, passkey.counter, JSON.stringify(passkey.transports), passkey.name, passkey.createdAt, passkey.lastUsedAt);
    },
    async listPasskeys() {
      return db.prepare<[], PasskeyRow>('SELECT * FROM coach_passkeys ORDER BY created_at, id').all().map(toPasskey);
    },
    async passkey(id) {
      const row = db.prepare<[string], PasskeyRow>('SELECT * FROM coach_passkeys WHERE id = ?').get(id);
      return row ? toPasskey(row) : null;
    },
    async usePasskey(id, counter, now) {
      return db.prepare<[number, number, string]>('UPDATE coach_passkeys SET counter = ?, last_used_at = ? WHERE id = ?').run(counter, now, id).changes > 0;
    },
    async renamePasskey(id, name) {
      return db.prepare<[string, string]>('UPDATE coach_passkeys SET name = ? WHERE id = ?').run(name, id).changes > 0;
    },
    async removePasskey(id) {
      return db.prepare<[string]>('DELETE FROM coach_passkeys WHERE id = ?').run(id).changes > 0;
    },

    async addChallenge(hash, purpose, expiresAt, now) {
      db.prepare<[number]>('DELETE FROM coach_challenges WHERE expires_at <= ?').run(now);
      db.prepare<[string, string, number]>('INSERT INTO coach_challenges (challenge_hash, purpose, expires_at) VALUES (?, ?, ?)').run(hash, purpose, expiresAt);
    },
    async takeChallenge(hash, purpose, now) {
      const row = db
        .prepare<[string], { purpose: string; expires_at: number }>('DELETE FROM coach_challenges WHERE challenge_hash = ? RETURNING purpose, expires_at')
        .get(hash);
      return row !== undefined && row.purpose === purpose && now < row.expires_at;
    },

    async readSecondFactor() {
      const row = db
        .prepare<[], { secret: string | null; pending: string | null; enabled_at: number | null; last_step: number }>(
          'SELECT secret, pending, enabled_at, last_step FROM coach_second_factor WHERE id = 1',
        )
        .get();
      const left = db.prepare<[], { left: number }>('SELECT count(*) AS left FROM coach_recovery_codes WHERE used_at IS NULL').get()?.left ?? 0;
      return toSecondFactor(row, left);
    },
    async startEnrolment(sealedSecret) {
      db.prepare<[string]>(
        `INSERT INTO coach_second_factor (id, pending) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET pending = excluded.pending`,
      ).run(sealedSecret);
    },
    async confirmEnrolment(pending, recoveryCodeHashes, step, keepSession, now) {
      return db.transaction(() => {
        const taken = db
          .prepare<[number, number, string]>('UPDATE coach_second_factor SET secret = pending, pending = NULL, enabled_at = ?, last_step = ? WHERE id = 1 AND pending = ?')
          .run(now, step, pending);
        if (taken.changes === 0) return false;
        db.prepare('DELETE FROM coach_recovery_codes').run();
        const insert = db.prepare<[string]>('INSERT INTO coach_recovery_codes (code_hash) VALUES (?)');
        for (const hash of recoveryCodeHashes) insert.run(hash);
        db.prepare<[number]>('DELETE FROM coach_sessions WHERE id <> ?').run(keepSession);
        return true;
      }).immediate();
    },
    async useStep(step) {
      return db.prepare<[number, number]>('UPDATE coach_second_factor SET last_step = ? WHERE id = 1 AND secret IS NOT NULL AND last_step < ?').run(step, step).changes > 0;
    },
    async useRecoveryCode(hash, now) {
      return db.prepare<[number, string]>('UPDATE coach_recovery_codes SET used_at = ? WHERE code_hash = ? AND used_at IS NULL').run(now, hash).changes > 0;
    },
    async clearSecondFactor() {
      clearSecondFactor.immediate();
    },

    async addResetToken(hash, expiresAt, now) {
      db.prepare<[number]>('DELETE FROM coach_reset_tokens WHERE expires_at <= ?').run(now);
      db.prepare<[string, number]>('INSERT INTO coach_reset_tokens (token_hash, expires_at) VALUES (?, ?)').run(hash, expiresAt);
    },
    async useResetToken(hash, passwordHash, now) {
      return db.transaction(() => {
        const row = db
          .prepare<[string], { expires_at: number; used_at: number | null }>('SELECT expires_at, used_at FROM coach_reset_tokens WHERE token_hash = ?')
          .get(hash);
        if (!row || row.used_at !== null) return 'wrong' as const;
        if (now >= row.expires_at) return 'expired' as const;
        db.prepare<[string, number]>('UPDATE coach_account SET password_hash = ?, password_set_at = ? WHERE id = 1').run(passwordHash, now);
        db.prepare('DELETE FROM coach_sessions').run();
        // Every other reset link ends too; this one stays as used, so a second click says so.
        db.prepare<[string]>('DELETE FROM coach_reset_tokens WHERE token_hash <> ?').run(hash);
        db.prepare<[number, string]>('UPDATE coach_reset_tokens SET used_at = ? WHERE token_hash = ?').run(now, hash);
        return 'set' as const;
      }).immediate();
    },

    async listBrowsers(now, idleBefore) {
      return db
        .prepare<[number, number], { id: number; browser: string; created_at: number; last_seen_at: number; expires_at: number }>(
          'SELECT id, browser, created_at, last_seen_at, expires_at FROM coach_sessions WHERE expires_at > ? AND last_seen_at > ? ORDER BY last_seen_at DESC, id DESC',
        )
        .all(now, idleBefore)
        .map((row) => ({ id: row.id, browser: row.browser, createdAt: row.created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at }));
    },
    async endOtherSessions(keep) {
      return db.prepare<[number]>('DELETE FROM coach_sessions WHERE id <> ?').run(keep).changes;
    },
  };
}
