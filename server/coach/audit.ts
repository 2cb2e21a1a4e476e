/**
 * The audit log: sign-ins (and failed ones), sign-outs, password changes, exports, erasures and
 * delivery retries. Who and when, never what: no address, name, search or client address.
 */
import type Database from 'better-sqlite3';
import type { AuditAction, AuditEntry } from '../../src/shared/coach-api';

export type Actor = { actor: 'dashboard'; sessionId: number | null } | { actor: 'command line' };

export function recordAudit(db: Database.Database, action: AuditAction, who: Actor, now: number): void {
  db.prepare<[number, string, string, number | null]>('INSERT INTO audit_log (at, action, actor, session_id) VALUES (?, ?, ?, ?)').run(
    now,
    action,
    who.actor,
    who.actor === 'dashboard' ? who.sessionId : null,
  );
}

type AuditRow = { id: number; at: number; action: AuditAction; actor: AuditEntry['actor']; session_id: number | null; fields: string | null };

/** Newest first, `limit` entries older than the cursor (an entry's id). */
export function listAudit(db: Database.Database, before: number | null, limit: number): { entries: AuditEntry[]; nextCursor: string | null } {
  const rows = db
    .prepare<[number, number], AuditRow>('SELECT id, at, action, actor, session_id, fields FROM audit_log WHERE id < ? ORDER BY id DESC LIMIT ?')
    .all(before ?? Number.MAX_SAFE_INTEGER, limit + 1);
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({ at: new Date(row.at).toISOString(), action: row.action, actor: row.actor, sessionId: row.session_id, fields: fieldsOf(row.fields) })),
    nextCursor: rows.length > limit && page.length > 0 ? String(page[page.length - 1]?.id) : null,
  };
}

/** The settings a change touched, as stored (a JSON array of keys); null for every other action. */
function fieldsOf(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const fields: unknown = JSON.parse(stored);
    return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : null;
  } catch {
    return null;
  }
}
