/**
 * The coach's settings, pictures and first-run set-up codes on SQLite (contract: SettingsTable and
 * SetupCodeTable in ../access.ts). A settings write, and a restore, is one IMMEDIATE transaction:
 * the rows, the picture, the revision, its version and the audit entry, committed with
 * synchronous=FULL before the coach is answered.
 */
import { actorColumns } from '../rows';
import { changeTo, parseSnapshot, pictureHashOf, SETTINGS_VERSIONS_KEPT, versionOf, type VersionRow } from '../settings-versions';
import type { SetupCodeTable } from '../access';
import type { Actor, SettingsTable, SettingsWrite, StoredPicture } from '../storage';
import type { SqliteDatabase } from './binding';

export function sqliteSettingsTable(db: SqliteDatabase): SettingsTable {
  const revision = db.prepare<[], { revision: number }>('SELECT revision FROM settings_revision WHERE id = 1');
  const rows = db.prepare<[], { key: string; value: string }>('SELECT key, value FROM settings');
  const upsert = db.prepare<[string, string, number]>(
    'INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at',
  );
  const remove = db.prepare<[string]>('DELETE FROM settings WHERE key = ?');
  const bump = db.prepare<[], { revision: number }>('UPDATE settings_revision SET revision = revision + 1 WHERE id = 1 RETURNING revision');
  const insertPicture = db.prepare<[string, string, Buffer, number]>(
    'INSERT INTO settings_pictures (hash, content_type, bytes, created_at) VALUES (?, ?, ?, ?) ON CONFLICT (hash) DO NOTHING',
  );
  const insertVersion = db.prepare<[number, number, string, string | null]>(
    'INSERT INTO settings_versions (revision, at, settings, picture_hash) VALUES (?, ?, ?, ?)',
  );
  const pruneVersions = db.prepare<[number]>('DELETE FROM settings_versions WHERE revision <= ?');
  const prunePictures = db.prepare(
    'DELETE FROM settings_pictures WHERE hash NOT IN (SELECT picture_hash FROM settings_versions WHERE picture_hash IS NOT NULL)',
  );
  const audit = db.prepare<[number, string, string, number | null, string | null, number | null, string, number, number | null]>(
    'INSERT INTO audit_log (at, action, actor, session_id, browser, signed_in_at, fields, revision, restored_from) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const picture = db.prepare<[string], { hash: string; content_type: StoredPicture['contentType']; bytes: Buffer }>(
    'SELECT hash, content_type, bytes FROM settings_pictures WHERE hash = ?',
  );
  const versions = db.prepare<[number, number], VersionRow>(
    `SELECT v.revision, v.at, v.settings, a.action, a.actor, a.session_id, a.browser, a.signed_in_at, a.restored_from
     FROM settings_versions v LEFT JOIN audit_log a ON a.revision = v.revision
     WHERE v.revision < ? ORDER BY v.revision DESC LIMIT ?`,
  );
  const version = db.prepare<[number], { settings: string }>('SELECT settings FROM settings_versions WHERE revision = ?');
  const stored = () => Object.fromEntries(rows.all().map((row) => [row.key, row.value]));

  /** Inside a transaction: the change, its picture, the new revision and its version, pruning, the audit entry. */
  function commit(change: SettingsWrite, restoredFrom: number | null): number {
    for (const [key, value] of Object.entries(change.changes)) {
      if (value === null) remove.run(key);
      else upsert.run(key, value, change.now);
    }
    if (change.picture) insertPicture.run(change.picture.hash, change.picture.contentType, change.picture.bytes, change.now);
    const next = bump.get()?.revision ?? 0;
    const values = stored();
    insertVersion.run(next, change.now, JSON.stringify(values), pictureHashOf(values));
    pruneVersions.run(next - SETTINGS_VERSIONS_KEPT);
    // Only pictures a kept version shows stay: a replaced one goes once no version shows it.
    prunePictures.run();
    const who = actorColumns(change.audit.who);
    audit.run(change.now, change.audit.action, who.actor, who.sessionId, who.browser, who.signedInAt, JSON.stringify(change.audit.fields), next, restoredFrom);
    return next;
  }

  const write = db.transaction((change: SettingsWrite): number => commit(change, null));
  const restore = db.transaction(({ revision: target, who, now }: { revision: number; who: Actor; now: number }): number | null => {
    const row = version.get(target);
    if (!row) return null;
    const changes = changeTo(stored(), parseSnapshot(row.settings));
    return commit({ changes, audit: { action: 'settings_restored', who, fields: Object.keys(changes) }, now }, target);
  });

  return {
    async readRevision() {
      return revision.get()?.revision ?? 0;
    },
    async readSettings() {
      // One read transaction, so the rows and the revision belong together.
      return db.transaction(() => ({ revision: revision.get()?.revision ?? 0, values: stored() }))();
    },
    async writeSettings(change) {
      return write.immediate(change);
    },
    async readPicture(hash): Promise<StoredPicture | null> {
      const row = picture.get(hash);
      return row ? { hash: row.hash, contentType: row.content_type, bytes: row.bytes } : null;
    },
    async listVersions(before, limit) {
      return versions.all(before ?? Number.MAX_SAFE_INTEGER, limit).map(versionOf);
    },
    async restoreVersion(request) {
      return restore.immediate(request);
    },
  };
}

export function sqliteSetupCodeTable(db: SqliteDatabase): SetupCodeTable {
  const find = db.prepare<[string], { expires_at: number }>('SELECT expires_at FROM coach_setup_codes WHERE code_hash = ?');
  const passwordSet = db.prepare<[], { one: number }>('SELECT 1 AS one FROM coach_account WHERE id = 1');
  const use = db.transaction((hash: string, passwordHash: string, now: number) => {
    if (passwordSet.get()) return 'password_set' as const;
    const code = find.get(hash);
    if (!code) return 'wrong' as const;
    if (now >= code.expires_at) return 'expired' as const;
    db.prepare<[string, number]>('INSERT INTO coach_account (id, password_hash, password_set_at) VALUES (1, ?, ?)').run(passwordHash, now);
    db.prepare('DELETE FROM coach_setup_codes').run();
    db.prepare('DELETE FROM coach_sessions').run();
    return 'set' as const;
  });
  return {
    async insert(hash, expiresAt) {
      db.prepare<[string, number]>('INSERT INTO coach_setup_codes (code_hash, expires_at) VALUES (?, ?)').run(hash, expiresAt);
    },
    async find(hash) {
      const row = find.get(hash);
      return row ? { hash, expiresAt: row.expires_at } : null;
    },
    async use(hash, passwordHash, now) {
      return use.immediate(hash, passwordHash, now);
    },
  };
}
