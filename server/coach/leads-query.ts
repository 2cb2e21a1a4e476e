/**
 * Leads for the dashboard, read so that no page reads every lead: newest first by keyset on the
 * submissions' primary key, a period turned into a range of that key through the index on
 * submission time, e-mail search as a stretch of the e-mail index (results in address order). A
 * lead is a person (one e-mail address) shown with their latest submission; "latest" is checked
 * per row on the e-mail index.
 *
 * Name search has no index (one more index would cost every stored lead a write): it looks at the
 * newest NAME_SEARCH_WINDOW submissions only, which server/README.md says.
 */
import type Database from 'better-sqlite3';
import type { Delivery, DeliveryState, LeadDetail, LeadListResponse, LeadSummary } from '../../src/shared/coach-api';
import { normalizeEmail } from '../storage/lead-store';
import { describeProfile, ratingsOf, summaryPatternOf, weakAndStrong } from '../leads/profile';

export const NAME_SEARCH_WINDOW = 50_000;

/** A period as instants: from (included) and to (excluded), in ms; null for open ends. */
export type TimeRange = { fromMs: number | null; toMs: number | null };

export type SubmissionRow = { id: number; email: string; first_name: string; ratings: string; submitted_at: number };

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The submission ids a period covers: the first submission stored at or after `fromMs` and the last
 * before `toMs`, each one step on the time index. Ids grow with time (they are given in the order
 * of storing, and times are the clock's), so the ids between hold the period; the period's times
 * are checked on every row as well.
 */
export function idRange(db: Database.Database, { fromMs, toMs }: TimeRange): { lo: number; hi: number } {
  const one = (sql: string, value: number) => db.prepare<[number], { id: number }>(sql).get(value)?.id ?? null;
  const lo =
    fromMs === null
      ? 0
      : (one('SELECT id FROM submissions WHERE submitted_at >= ? ORDER BY submitted_at LIMIT 1', fromMs) ?? Number.MAX_SAFE_INTEGER);
  const hi =
    toMs === null
      ? Number.MAX_SAFE_INTEGER
      : (one('SELECT id FROM submissions WHERE submitted_at < ? ORDER BY submitted_at DESC LIMIT 1', toMs) ?? 0);
  return { lo, hi };
}

const newestId = (db: Database.Database) =>
  db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM submissions').get()?.id ?? 0;

/** The person's latest submission: no later one under the same address (a probe of the e-mail index). */
const isLatest = 'NOT EXISTS (SELECT 1 FROM submissions AS later WHERE later.email = s.email AND later.id > s.id)';

/** The period's conditions on a row, or none without a period (so the index alone can answer). */
const inPeriod = (range: TimeRange) =>
  [
    ...(range.fromMs === null ? [] : ['+s.submitted_at >= @from']),
    ...(range.toMs === null ? [] : ['+s.submitted_at < @to']),
  ].join(' AND ') || '1';

const columns = 's.id, s.email, s.first_name, s.ratings, s.submitted_at';

export function toSummary(row: SubmissionRow): LeadSummary {
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

export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * `cursor`: for the list, the id of the last lead of the previous page; for a search, its e-mail
 * address (search results are in address order, so a page is the next stretch of the index).
 */
export type LeadListParams = TimeRange & { q: string; cursor: string | null; limit: number };

export function listLeads(db: Database.Database, { q, cursor, limit, fromMs, toMs }: LeadListParams): LeadListResponse {
  const range = { fromMs, toMs };
  const params = { ...idRange(db, range), from: fromMs ?? 0, to: toMs ?? 0, limit: limit + 1 };
  const period = inPeriod(range);
  const search = normalizeEmail(q);
  let rows: SubmissionRow[];
  let nextCursor: (row: SubmissionRow) => string;
  if (search === '') {
    // Newest first: down the primary key from the cursor, a page at a time.
    // One upper bound (SQLite uses one on each side of a rowid range): the cursor or the period's end.
    const hi = Math.min(params.hi, cursor === null ? Number.MAX_SAFE_INTEGER : Number(cursor) - 1);
    rows = db
      .prepare(`SELECT ${columns} FROM submissions AS s WHERE s.id BETWEEN @lo AND @hi AND ${period} AND ${isLatest} ORDER BY s.id DESC LIMIT @limit`)
      .all({ ...params, hi }) as SubmissionRow[];
    nextCursor = (row) => String(row.id);
  } else {
    // E-mail addresses are stored lower case: a prefix is a stretch of the e-mail index.
    const after = cursor ?? '';
    const periodIds = [...(fromMs === null ? [] : ['s.id >= @lo']), ...(toMs === null ? [] : ['s.id <= @hi'])].join(' AND ') || '1';
    const byEmail = db
      .prepare(
        `SELECT ${columns} FROM submissions AS s INDEXED BY submissions_by_email
         WHERE s.email >= @prefix AND s.email < @prefixEnd AND s.email > @after AND ${periodIds} AND ${period} AND ${isLatest}
         ORDER BY s.email LIMIT @limit`,
      )
      .all({ ...params, prefix: search, prefixEnd: `${search}\u{10FFFF}`, after }) as SubmissionRow[];
    // Names (case-insensitive for ASCII, as SQLite's LIKE) among the newest submissions only: a
    // stretch of the primary key (NOT INDEXED keeps the planner off the e-mail index).
    const byName = search.includes('@')
      ? []
      : (db
          .prepare(
            `SELECT ${columns} FROM submissions AS s NOT INDEXED
             WHERE s.id BETWEEN @nameLo AND @hi AND s.first_name LIKE @pattern ESCAPE '\\' AND s.email > @after AND ${period} AND ${isLatest}
             ORDER BY s.email LIMIT @limit`,
          )
          .all({ ...params, nameLo: Math.max(params.lo, newestId(db) - NAME_SEARCH_WINDOW + 1), pattern: `${escapeLike(q.trim())}%`, after }) as SubmissionRow[]);
    const merged = new Map<number, SubmissionRow>();
    for (const row of [...byEmail, ...byName]) merged.set(row.id, row);
    rows = [...merged.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)).slice(0, limit + 1);
    nextCursor = (row) => row.email;
  }
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { leads: page.map(toSummary), nextCursor: rows.length > limit && last ? nextCursor(last) : null };
}

export type DetailRow = SubmissionRow & {
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
  return detailOf(email, rows);
}

/** A person's detail from their submissions (newest first) with their deliveries. */
export function detailOf(email: string, rows: DetailRow[]): LeadDetail | null {
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
