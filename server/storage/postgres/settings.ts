/**
 * The coach's settings, pictures and first-run set-up codes on Postgres (contract: SettingsTable and
 * SetupCodeTable in server/storage/access.ts). A settings write, and a restore, is one transaction:
 * the revision (its row lock orders concurrent writes), the rows, the picture, the version and the
 * audit entry.
 */
import { actorColumns } from '../rows';
import { changeTo, parseSnapshot, pictureHashOf, SETTINGS_VERSIONS_KEPT, versionOf, type VersionRow } from '../settings-versions';
import type { SetupCodeTable } from '../access';
import type { SettingsTable, SettingsWrite, StoredPicture } from '../storage';
import { type PostgresClient, type PostgresPool, transaction } from './connection';

export function postgresSettingsTable(pool: PostgresPool): SettingsTable {
  return {
    async readRevision() {
      const { rows } = await pool.query<{ revision: number }>('SELECT revision FROM settings_revision WHERE id = 1');
      return Number(rows[0]?.revision ?? 0);
    },
    async readSettings() {
      // One statement, one snapshot: the rows and the revision belong together.
      const { rows } = await pool.query<{ key: string | null; value: string | null; revision: number }>(
        'SELECT s.key, s.value, r.revision FROM settings_revision r LEFT JOIN settings s ON true WHERE r.id = 1',
      );
      return {
        revision: Number(rows[0]?.revision ?? 0),
        values: Object.fromEntries(rows.flatMap((row) => (row.key === null || row.value === null ? [] : [[row.key, row.value]]))),
      };
    },
    async writeSettings(change) {
      return transaction(pool, (client) => commit(client, change, null));
    },
    async restoreVersion({ revision, who, now }) {
      return transaction(pool, async (client) => {
        // The revision's row lock first, as every write takes it: the settings read next are the latest.
        await client.query('SELECT revision FROM settings_revision WHERE id = 1 FOR UPDATE');
        const { rows } = await client.query<{ settings: string }>('SELECT settings FROM settings_versions WHERE revision = $1', [revision]);
        const target = rows[0];
        if (!target) return null;
        const changes = changeTo(await storedIn(client), parseSnapshot(target.settings));
        return commit(client, { changes, audit: { action: 'settings_restored', who, fields: Object.keys(changes) }, now }, revision);
      });
    },
    async listVersions(before, limit) {
      const { rows } = await pool.query<VersionRow>(
        `SELECT v.revision, v.at, v.settings, a.action, a.actor, a.session_id, a.browser, a.signed_in_at, a.restored_from
         FROM settings_versions v LEFT JOIN audit_log a ON a.revision = v.revision
         WHERE v.revision < $1 ORDER BY v.revision DESC LIMIT $2`,
        [before ?? Number.MAX_SAFE_INTEGER, limit],
      );
      return rows.map(versionOf);
    },
    async readPicture(hash): Promise<StoredPicture | null> {
      const { rows } = await pool.query<{ hash: string; content_type: StoredPicture['contentType']; bytes: Buffer }>(
        'SELECT hash, content_type, bytes FROM settings_pictures WHERE hash = $1',
        [hash],
      );
      const row = rows[0];
      return row ? { hash: row.hash, contentType: row.content_type, bytes: row.bytes } : null;
    },
  };
}

async function storedIn(client: PostgresClient): Promise<Record<string, string>> {
  const { rows } = await client.query<{ key: string; value: string }>('SELECT key, value FROM settings');
  return Object.fromEntries(rows.map((row) => [row.key, row.value]));
}

/** Inside a transaction: the new revision (its row lock orders writes), the change, its picture, its version, pruning, the audit entry. */
async function commit(client: PostgresClient, change: SettingsWrite, restoredFrom: number | null): Promise<number> {
  // First, so concurrent writes queue here and each sees the one before.
  const { rows } = await client.query<{ revision: number }>('UPDATE settings_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision');
  const next = Number(rows[0]?.revision ?? 0);
  for (const [key, value] of Object.entries(change.changes)) {
    if (value === null) await client.query('DELETE FROM settings WHERE key = $1', [key]);
    else {
      await client.query(
        'INSERT INTO settings (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
        [key, value, change.now],
      );
    }
  }
  if (change.picture) {
    await client.query('INSERT INTO settings_pictures (hash, content_type, bytes, created_at) VALUES ($1, $2, $3, $4) ON CONFLICT (hash) DO NOTHING', [
      change.picture.hash,
      change.picture.contentType,
      change.picture.bytes,
      change.now,
    ]);
  }
  const values = await storedIn(client);
  await client.query('INSERT INTO settings_versions (revision, at, settings, picture_hash) VALUES ($1, $2, $3, $4)', [
    next,
    change.now,
    JSON.stringify(values),
    pictureHashOf(values),
  ]);
  await client.query('DELETE FROM settings_versions WHERE revision <= $1', [next - SETTINGS_VERSIONS_KEPT]);
  // Only pictures a kept version shows stay: a replaced one goes once no version shows it.
  await client.query('DELETE FROM settings_pictures WHERE hash NOT IN (SELECT picture_hash FROM settings_versions WHERE picture_hash IS NOT NULL)');
  const who = actorColumns(change.audit.who);
  await client.query(
    'INSERT INTO audit_log (at, action, actor, session_id, browser, signed_in_at, fields, revision, restored_from) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)',
    [
    change.now,
    change.audit.action,
    who.actor,
    who.sessionId,
    who.browser,
    who.signedInAt,
    JSON.stringify(change.audit.fields),
    next,
    restoredFrom,
    ],
  );
  return next;
}

export function postgresSetupCodeTable(pool: PostgresPool): SetupCodeTable {
  return {
    async insert(hash, expiresAt) {
      await pool.query('INSERT INTO coach_setup_codes (code_hash, expires_at) VALUES ($1, $2)', [hash, expiresAt]);
    },
    async find(hash) {
      const { rows } = await pool.query<{ expires_at: number }>('SELECT expires_at FROM coach_setup_codes WHERE code_hash = $1', [hash]);
      const row = rows[0];
      return row ? { hash, expiresAt: Number(row.expires_at) } : null;
    },
    async use(hash, passwordHash, now) {
      return transaction(pool, async (client) => {
        // The code's row is locked: two set-ups with the same code never both pass.
        const { rows } = await client.query<{ expires_at: number }>('SELECT expires_at FROM coach_setup_codes WHERE code_hash = $1 FOR UPDATE', [hash]);
        const code = rows[0];
        const inserted = await client.query(
          'INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
          [passwordHash, now],
        );
        // Decided in order: a password set meanwhile wins; then the code must be there and in its hour.
        if (inserted.rowCount === 0) return 'password_set' as const;
        if (!code || now >= Number(code.expires_at)) {
          throw new SetupRefused(code ? 'expired' : 'wrong');
        }
        await client.query('DELETE FROM coach_setup_codes');
        await client.query('DELETE FROM coach_sessions');
        return 'set' as const;
      }).catch((error: unknown) => {
        if (error instanceof SetupRefused) return error.verdict;
        throw error;
      });
    },
  };
}

/** Rolls the set-up's transaction back (the password it inserted) when the code does not hold. */
class SetupRefused extends Error {
  constructor(readonly verdict: 'wrong' | 'expired') {
    super(verdict);
  }
}
