/**
 * The audit log on SQLite: who and when, never what (no address, name, search or client address);
 * a settings change reads with the versions it went between (../rows.ts, `auditSelect`).
 */
import type { AuditAction } from '../../../src/shared/audit-actions';
import { actorColumns, auditPage, auditSelect, type AuditRow } from '../rows';
import { bound } from '../bound';
import type { Actor, AuditLog, StoredAuditEntry } from '../storage';
import type { SqliteDatabase } from './binding';

export function recordAudit(db: SqliteDatabase, action: AuditAction, who: Actor, now: number): void {
  const { actor, sessionId, browser, signedInAt } = actorColumns(who);
  db.prepare<[number, string, string, number | null, string | null, number | null]>(
    'INSERT INTO audit_log (at, action, actor, session_id, browser, signed_in_at) VALUES (?, ?, ?, ?, ?, ?)',
  ).run(now, action, actor, sessionId, browser, signedInAt);
}

/** Newest first, `limit` entries older than the cursor (an entry's id). */
export function listAudit(db: SqliteDatabase, before: number | null, limit: number): { entries: StoredAuditEntry[]; nextCursor: string | null } {
  const rows = db
    .prepare<[number, number], AuditRow>(`${auditSelect} WHERE a.id < ? ORDER BY a.id DESC LIMIT ?`)
    .all(before ?? Number.MAX_SAFE_INTEGER, limit + 1);
  return auditPage(rows, limit);
}

/** The audit log of a SQLite database. */
export const sqliteAuditLog = (db: SqliteDatabase) => bound(db, { record: recordAudit, list: listAudit }) satisfies AuditLog;
