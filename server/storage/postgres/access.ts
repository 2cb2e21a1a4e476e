/**
 * The coach's door on Postgres (the contract: server/storage/access.ts; the rules:
 * server/coach/access/). Rows, so a passkey added or a challenge issued on one instance is seen by
 * every other; each single use (a challenge, a TOTP step, a recovery code, a reset link) is one
 * statement or one transaction, so two instances racing for it give it to one.
 */
import type { AccessTable } from '../access';
import { type PasskeyRow, toPasskey, toSecondFactor } from '../rows';
import { type PostgresPool, transaction } from './connection';

export function postgresAccessTable(pool: PostgresPool): AccessTable {
  return {
    async addPasskey(passkey) {
      await pool.query(
        'INSERT INTO coach_passkeys (id, public_key, counter, transports, name, created_at, last_used_at) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [passkey.id, passkey.publicKey, passkey.counter, JSON.stringify(passkey.transports), passkey.name, passkey.createdAt, passkey.lastUsedAt],
      );
    },
    async listPasskeys() {
      const { rows } = await pool.query<PasskeyRow>('SELECT * FROM coach_passkeys ORDER BY created_at, id');
      return rows.map(toPasskey);
    },
    async passkey(id) {
      const { rows } = await pool.query<PasskeyRow>('SELECT * FROM coach_passkeys WHERE id = $1', [id]);
      return rows[0] ? toPasskey(rows[0]) : null;
    },
    async usePasskey(id, counter, now) {
      return ((await pool.query('UPDATE coach_passkeys SET counter = $1, last_used_at = $2 WHERE id = $3', [counter, now, id])).rowCount ?? 0) > 0;
    },
    async renamePasskey(id, name) {
      return ((await pool.query('UPDATE coach_passkeys SET name = $1 WHERE id = $2', [name, id])).rowCount ?? 0) > 0;
    },
    async removePasskey(id) {
      return ((await pool.query('DELETE FROM coach_passkeys WHERE id = $1', [id])).rowCount ?? 0) > 0;
    },

    async addChallenge(hash, purpose, expiresAt, now) {
      await pool.query('DELETE FROM coach_challenges WHERE expires_at <= $1', [now]);
      await pool.query('INSERT INTO coach_challenges (challenge_hash, purpose, expires_at) VALUES ($1, $2, $3)', [hash, purpose, expiresAt]);
    },
    async takeChallenge(hash, purpose, now) {
      const { rows } = await pool.query<{ purpose: string; expires_at: number }>(
        'DELETE FROM coach_challenges WHERE challenge_hash = $1 RETURNING purpose, expires_at',
        [hash],
      );
      const row = rows[0];
      return row !== undefined && row.purpose === purpose && now < row.expires_at;
    },

    async readSecondFactor() {
      const { rows } = await pool.query<{ secret: string | null; pending: string | null; enabled_at: number | null; last_step: number }>(
        'SELECT secret, pending, enabled_at, last_step FROM coach_second_factor WHERE id = 1',
      );
      const left = await pool.query<{ left: number }>('SELECT count(*)::int AS left FROM coach_recovery_codes WHERE used_at IS NULL');
      return toSecondFactor(rows[0], left.rows[0]?.left ?? 0);
    },
    async startEnrolment(sealedSecret) {
      await pool.query('INSERT INTO coach_second_factor (id, pending) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET pending = excluded.pending', [sealedSecret]);
    },
    async confirmEnrolment(pending, recoveryCodeHashes, step, keepSession, now) {
      return transaction(pool, async (client) => {
        const taken = await client.query(
          'UPDATE coach_second_factor SET secret = pending, pending = NULL, enabled_at = $1, last_step = $2 WHERE id = 1 AND pending = $3',
          [now, step, pending],
        );
        if ((taken.rowCount ?? 0) === 0) return false;
        await client.query('DELETE FROM coach_recovery_codes');
        await client.query('INSERT INTO coach_recovery_codes (code_hash) SELECT unnest($1::text[])', [recoveryCodeHashes]);
        await client.query('DELETE FROM coach_sessions WHERE id <> $1', [keepSession]);
        return true;
      });
    },
    async useStep(step) {
      const result = await pool.query('UPDATE coach_second_factor SET last_step = $1 WHERE id = 1 AND secret IS NOT NULL AND last_step < $1', [step]);
      return (result.rowCount ?? 0) > 0;
    },
    async useRecoveryCode(hash, now) {
      const result = await pool.query('UPDATE coach_recovery_codes SET used_at = $1 WHERE code_hash = $2 AND used_at IS NULL', [now, hash]);
      return (result.rowCount ?? 0) > 0;
    },
    async clearSecondFactor() {
      await transaction(pool, async (client) => {
        await client.query('DELETE FROM coach_second_factor');
        await client.query('DELETE FROM coach_recovery_codes');
      });
    },

    async addResetToken(hash, expiresAt, now) {
      await pool.query('DELETE FROM coach_reset_tokens WHERE expires_at <= $1', [now]);
      await pool.query('INSERT INTO coach_reset_tokens (token_hash, expires_at) VALUES ($1, $2)', [hash, expiresAt]);
    },
    async useResetToken(hash, passwordHash, now) {
      return transaction(pool, async (client) => {
        const { rows } = await client.query<{ expires_at: number; used_at: number | null }>(
          'SELECT expires_at, used_at FROM coach_reset_tokens WHERE token_hash = $1 FOR UPDATE',
          [hash],
        );
        const row = rows[0];
        if (!row || row.used_at !== null) return 'wrong' as const;
        if (now >= row.expires_at) return 'expired' as const;
        await client.query('UPDATE coach_account SET password_hash = $1, password_set_at = $2 WHERE id = 1', [passwordHash, now]);
        await client.query('DELETE FROM coach_sessions');
        // Every other reset link ends too; this one stays as used, so a second click says so.
        await client.query('DELETE FROM coach_reset_tokens WHERE token_hash <> $1', [hash]);
        await client.query('UPDATE coach_reset_tokens SET used_at = $1 WHERE token_hash = $2', [now, hash]);
        return 'set' as const;
      });
    },

    async listBrowsers(now, idleBefore) {
      const { rows } = await pool.query<{ id: number; browser: string; created_at: number; last_seen_at: number; expires_at: number }>(
        'SELECT id, browser, created_at, last_seen_at, expires_at FROM coach_sessions WHERE expires_at > $1 AND last_seen_at > $2 ORDER BY last_seen_at DESC, id DESC',
        [now, idleBefore],
      );
      return rows.map((row) => ({ id: row.id, browser: row.browser, createdAt: row.created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at }));
    },
    async endOtherSessions(keep) {
      return (await pool.query('DELETE FROM coach_sessions WHERE id <> $1', [keep])).rowCount ?? 0;
    },
  };
}
