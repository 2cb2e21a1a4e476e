/**
 * The export's rows on SQLite (server/leads/export.ts writes them as CSV), a page at a time.
 */
import type { TimeRange } from '../storage';
import type { ExportRow } from '../dashboard-reads';
import type { SqliteDatabase } from './binding';
import { idRange, newestId } from './leads';

/** Submission ids per page: each page is one complete query, so none stays open between pages. */
const EXPORT_WINDOW = 1000;

/**
 * One row per person, newest first: their address, latest name and profile, dates and number of
 * submissions, and the consent record of the latest. With a period, the people whose latest
 * submission falls in it. The submissions are read in windows of ids down from the newest (a period
 * becomes a range of ids through the time index), and each window looks up only its own people's
 * other submissions, so no page reads every lead and the server stays free between pages. What is
 * stored after the export starts is left out, so a person who submits again meanwhile is not lost.
 */
export function* exportPages(db: SqliteDatabase, period?: TimeRange): Generator<ExportRow[]> {
  const newest = newestId(db);
  const { lo, hi } = period ? idRange(db, period) : { lo: 0, hi: newest };
  const window = db.prepare<Record<string, number>, ExportRow>(
    `WITH candidates AS (
       SELECT s.id, s.email, s.first_name, s.ratings, s.submitted_at,
         s.consent_version, s.consent_wording, s.marketing_consent, s.marketing_confirmed_at
       FROM submissions AS s
       WHERE s.id BETWEEN @bottom AND @top AND +s.submitted_at >= @from AND +s.submitted_at < @to
     )
     SELECT c.email, c.first_name, c.ratings, c.submitted_at AS updated_at, person.created_at, person.submissions,
       c.consent_version, c.consent_wording, c.marketing_consent, c.marketing_confirmed_at
     FROM candidates AS c
     JOIN (
       SELECT email, min(submitted_at) AS created_at, count(*) AS submissions, max(id) AS latest
       FROM submissions
       WHERE email IN (SELECT email FROM candidates) AND id <= @newest
       GROUP BY email
     ) AS person ON person.email = c.email AND person.latest = c.id
     ORDER BY c.id DESC`,
  );
  const times = { from: period?.fromMs ?? 0, to: period?.toMs ?? Number.MAX_SAFE_INTEGER };
  for (let top = Math.min(hi, newest); top >= lo; top -= EXPORT_WINDOW) {
    const rows = window.all({ ...times, bottom: Math.max(lo, top - EXPORT_WINDOW + 1), top, newest });
    if (rows.length > 0) yield rows;
  }
}
