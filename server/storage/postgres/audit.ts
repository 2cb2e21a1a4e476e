/**
 * The audit log on Postgres: who and when, never what (no address, name, search or client address);
 * a settings change reads with the versions it went between (../rows.ts, `auditSelect`).
 */
import type { AuditAction } from '../../../src/shared/audit-actions';
import { actorColumns, auditPage, auditSelect, type AuditRow } from '../rows';
import { bound } from '../bound';
import type { Actor, AuditLog, StoredAuditEntry } from '../storage';
import type { PostgresPool } from './connection';

export async function recordAudit(pool: PostgresPool, action: AuditAction, who: Actor, now: number): Promise<void> {
  const { actor, sessionId, browser, signedInAt } = actorColumns(who);
  await pool.query('INSERT INTO audit_log (at, action, actor, session_id, browser, signed_in_at) VALUES ($1, $2, $3, $4, $5, $6)', [
    now,
    action,
    actor,
    sessionId,
    browser,
    signedInAt,
  ]);
}

/** Newest first, `limit` entries older than the cursor (an entry's id). */
export async function listAudit(pool: PostgresPool, before: number | null, limit: number): Promise<{ entries: StoredAuditEntry[]; nextCursor: string | null }> {
  const { rows } = await pool.query<AuditRow>(`${auditSelect} WHERE a.id < $1 ORDER BY a.id DESC LIMIT $2`, [
    before ?? Number.MAX_SAFE_INTEGER,
    limit + 1,
  ]);
  return auditPage(rows, limit);
}

/** The audit log on Postgres. */
export const postgresAuditLog = (pool: PostgresPool) => bound(pool, { record: recordAudit, list: listAudit }) satisfies AuditLog;
