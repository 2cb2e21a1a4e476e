/**
 * The export's rows on Postgres (server/leads/export.ts writes them as CSV), a page at a time.
 */
import type { TimeRange } from '../storage';
import type { ExportRow } from '../dashboard-reads';
import { parameters, type PostgresPool } from './connection';
import { idRange, newestId } from './leads';

const PAGE = 5000;

/**
 * One row per person, newest first, read a page at a time down the submissions' key (on Postgres by
 * submission id; SQLite by time: the same order unless the clocks of instances disagree). What is
 * stored after the export starts is left out, so a person who submits again meanwhile is not lost.
 */
export async function* exportPages(pool: PostgresPool, period?: TimeRange): AsyncGenerator<ExportRow[]> {
  const newest = await newestId(pool);
  const range = period ? await idRange(pool, period) : { lo: 0, hi: newest };
  let hi = Math.min(range.hi, newest);
  for (;;) {
    const { values, add } = parameters();
    const snapshot = add(newest);
    const conditions = [`s.id BETWEEN ${add(range.lo)} AND ${add(hi)}`];
    if (period?.fromMs != null) conditions.push(`s.submitted_at >= ${add(period.fromMs)}`);
    if (period?.toMs != null) conditions.push(`s.submitted_at < ${add(period.toMs)}`);
    const { rows } = await pool.query<ExportRow & { id: number }>(
      `SELECT s.id, s.email, s.first_name, s.ratings, s.submitted_at AS updated_at,
         (SELECT min(f.submitted_at) FROM submissions AS f WHERE f.email = s.email AND f.id <= ${snapshot}) AS created_at,
         (SELECT count(*) FROM submissions AS c WHERE c.email = s.email AND c.id <= ${snapshot}) AS submissions,
         s.consent_version, s.consent_wording, s.marketing_consent, s.marketing_confirmed_at
       FROM submissions AS s
       WHERE ${conditions.join(' AND ')}
         AND NOT EXISTS (SELECT 1 FROM submissions AS later WHERE later.email = s.email AND later.id > s.id AND later.id <= ${snapshot})
       ORDER BY s.id DESC LIMIT ${PAGE}`,
      values,
    );
    if (rows.length > 0) yield rows;
    const last = rows[rows.length - 1];
    if (!last || rows.length < PAGE) return;
    hi = last.id - 1;
  }
}
