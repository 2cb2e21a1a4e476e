/**
 * Leads for the dashboard, read so that no page reads every lead: newest first by keyset on the
 * submissions' primary key, a period turned into a range of that key through the index on
 * submission time, e-mail search as a range on the e-mail index. A lead is a person (one e-mail
 * address) shown with their latest submission; "latest" is checked per row on the e-mail index.
 *
 * Name search has no index (one more index would cost every stored lead a write): it looks at the
 * newest NAME_SEARCH_WINDOW submissions only, which server/README.md says.
 */
import type Database from 'better-sqlite3';
import type { Delivery, DeliveryState, LeadDetail, LeadListResponse, LeadSummary } from '../../src/shared/coach-api';
import { normalizeEmail } from '../storage/lead-store';
import { describeProfile, ratingsOf, summaryPatternOf, weakAndStrong } from '../leads/profile';

export const NAME_SEARCH_WINDOW = 100_000;

/** A period as instants: from (included) and to (excluded), in ms; null for open ends. */
export type TimeRange = { fromMs: number | null; toMs: number | null };

type SubmissionRow = { id: number; email: string; first_name: string; ratings: string; submitted_at: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The submission ids a period covers: the first id stored at or after `fromMs` and the last before
 * `toMs` (two lookups on the time index). Exact whatever the order of ids and times.
 */
export function idRange(db: Database.Database, { fromMs, toMs }: TimeRange): { lo: number; hi: number } {
  const one = (sql: string, value: number) => db.prepare<[number], { id: number | null }>(sql).get(value)?.id ?? null;
  const lo = fromMs === null ? 0 : (one('SELECT min(id) AS id FROM submissions WHERE submitted_at >= ?', fromMs) ?? Number.MAX_SAFE_INTEGER);
  const hi = toMs === null ? Number.MAX_SAFE_INTEGER : (one('SELECT max(id) AS id FROM submissions WHERE submitted_at < ?', toMs) ?? 0);
  return { lo, hi };
}

/** Conditions every listed row meets: in the id range and the period, and its person's latest. */
const listed = `s.id BETWEEN @lo AND @hi AND +s.submitted_at >= @from AND +s.submitted_at < @to
  AND NOT EXISTS (SELECT 1 FROM submissions AS later WHERE later.email = s.email AND later.id > s.id)`;

const columns = 's.id, s.email, s.first_name, s.ratings, s.submitted_at';

function toSummary(row: SubmissionRow): LeadSummary {
  return {
    id: String(row.id),
    email: row.email,
    firstName: row.first_name,
    ratings: ratingsOf(row.ratings),
    pattern: summaryPatternOf(row.ratings),
    submittedAt: iso(row.submitted_at),
    ...weakAndStrong(row.ratings),
  };
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

export type LeadListParams = TimeRange & { q: string; cursor: number | null; limit: number };

export function listLeads(db: Database.Database, { q, cursor, limit, fromMs, toMs }: LeadListParams): LeadListResponse {
  const range = idRange(db, { fromMs, toMs });
  const params = {
    lo: range.lo,
    hi: Math.min(range.hi, cursor === null ? Number.MAX_SAFE_INTEGER : cursor - 1),
    from: fromMs ?? 0,
    to: toMs ?? Number.MAX_SAFE_INTEGER,
    limit: limit + 1,
  };
  const search = normalizeEmail(q);
  let rows: SubmissionRow[];
  if (search === '') {
    rows = db.prepare(`SELECT ${columns} FROM submissions AS s WHERE ${listed} ORDER BY s.id DESC LIMIT @limit`).all(params) as SubmissionRow[];
  } else {
    // E-mail addresses are stored lower case: a prefix is a range of the e-mail index.
    const byEmail = db
      .prepare(
        `SELECT ${columns} FROM submissions AS s INDEXED BY submissions_by_email
         WHERE s.email >= @prefix AND s.email < @prefixEnd AND ${listed} ORDER BY s.id DESC LIMIT @limit`,
      )
      .all({ ...params, prefix: search, prefixEnd: `${search}\u{10FFFF}` }) as SubmissionRow[];
    // Names (case-insensitive for ASCII, as SQLite's LIKE) among the newest submissions only.
    const byName = search.includes('@')
      ? []
      : (db
          .prepare(
            `SELECT ${columns} FROM submissions AS s
             WHERE s.id > (SELECT coalesce(max(id), 0) FROM submissions) - @window
               AND s.first_name LIKE @pattern ESCAPE '\\' AND ${listed} ORDER BY s.id DESC LIMIT @limit`,
          )
          .all({ ...params, window: NAME_SEARCH_WINDOW, pattern: `${escapeLike(q.trim())}%` }) as SubmissionRow[]);
    const merged = new Map<number, SubmissionRow>();
    for (const row of [...byEmail, ...byName]) merged.set(row.id, row);
    rows = [...merged.values()].sort((a, b) => b.id - a.id).slice(0, limit + 1);
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { leads: page.map(toSummary), nextCursor: rows.length > limit && last ? String(last.id) : null };
}

type DetailRow = SubmissionRow & {
  o_id: number | null;
  webhook_id: string | null;
  state: DeliveryState | null;
  attempts: number | null;
  created_at: number | null;
  next_attempt_at: number | null;
  last_attempt_at: number | null;
  last_status: number | null;
};

export type OutboxRow = {
  o_id: number;
  webhook_id: string;
  state: DeliveryState;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  last_attempt_at: number | null;
  last_status: number | null;
};

export function toDelivery(row: OutboxRow): Delivery {
  return {
    id: String(row.o_id),
    webhookId: row.webhook_id,
    state: row.state,
    attempts: row.attempts,
    createdAt: iso(row.created_at),
    lastAttemptAt: row.last_attempt_at === null ? null : iso(row.last_attempt_at),
    lastStatus: row.last_status,
    nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
  };
}

/** The e-mail address of the person a lead id (any of their submissions' ids) belongs to. */
export function emailOfLead(db: Database.Database, id: number): string | null {
  return db.prepare<[number], { email: string }>('SELECT email FROM submissions WHERE id = ?').get(id)?.email ?? null;
}

/** A person with every submission, newest first, each as the visitor saw it with its delivery. */
export function leadDetail(db: Database.Database, id: number): LeadDetail | null {
  const email = emailOfLead(db, id);
  if (email === null) return null;
  const rows = db
    .prepare<[string], DetailRow>(
      `SELECT ${columns}, o.id AS o_id, o.webhook_id, o.state, o.attempts, o.created_at, o.next_attempt_at, o.last_attempt_at, o.last_status
       FROM submissions AS s LEFT JOIN outbox AS o ON o.submission_id = s.id
       WHERE s.email = ? ORDER BY s.id DESC`,
    )
    .all(email);
  const latest = rows[0];
  const first = rows[rows.length - 1];
  if (!latest || !first) return null;
  return {
    id: String(latest.id),
    email,
    firstName: latest.first_name,
    firstSubmittedAt: iso(first.submitted_at),
    submissions: rows.map((row) => ({
      submittedAt: iso(row.submitted_at),
      ...describeProfile(row.ratings),
      // Issue 11 adds the consent record to submissions; until then there is none to show.
      consent: null,
      delivery: row.o_id === null ? null : toDelivery(row as OutboxRow),
    })),
  };
}
