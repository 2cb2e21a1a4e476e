/**
 * Leads on SQLite, read so that no dashboard page reads every lead: newest first by keyset on the
 * submissions' primary key, a period turned into a range of that key through the index on
 * submission time, e-mail search as a stretch of the e-mail index (results in address order). A
 * lead is a person (one e-mail address) shown with their latest submission; "latest" is checked
 * per row on the e-mail index. Also the person's detail, erasure and the counts of `stats`.
 */
import { normalizeEmail } from '../email';
import { newMessageId } from '../message-id';
import { DAY_MS, deliveryColumns, detailColumns, detailOf, type DetailRow, escapeLike, leaseEndOf, leadListPage, mergeSearchResults, type OutboxRow, statsOf, type SubmissionRow } from '../rows';
import { bound } from '../bound';
import { byChannel } from '../parts';
import { type OutboxChannel, type TimeRange, type ToolEraseRow } from '../storage';
import { type DashboardReads, type EraseResult, type LeadListParams, type LeadStats, NAME_SEARCH_WINDOW, type StoredLeadDetail, type StoredLeadPage } from '../dashboard-reads';
import { backupDatabase, truncateWal } from './connection';
import { exportPages } from './export';
import { listDeliveries, retryDelivery } from './outbox';
import type { SqliteDatabase } from './binding';
import { aggregateTimeZone, profileAggregator } from './profiles';
import type { ProfileRow } from '../profile-sums';

/**
 * The submission ids a period covers: the first submission stored at or after `fromMs` and the last
 * before `toMs`, each one step on the time index. Ids grow with time (they are given in the order
 * of storing, and times are the clock's), so the ids between hold the period; the period's times
 * are checked on every row as well.
 */
export function idRange(db: SqliteDatabase, { fromMs, toMs }: TimeRange): { lo: number; hi: number } {
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

export const newestId = (db: SqliteDatabase) =>
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

export function listLeads(db: SqliteDatabase, { q, cursor, limit, fromMs, toMs }: LeadListParams): StoredLeadPage {
  const range = { fromMs, toMs };
  const params = { ...idRange(db, range), from: fromMs ?? 0, to: toMs ?? 0, limit: limit + 1 };
  const period = inPeriod(range);
  const search = normalizeEmail(q);
  if (search === '') {
    // Newest first: down the primary key from the cursor, a page at a time.
    // One upper bound (SQLite uses one on each side of a rowid range): the cursor or the period's end.
    const hi = Math.min(params.hi, cursor === null ? Number.MAX_SAFE_INTEGER : Number(cursor) - 1);
    const rows = db
      .prepare(`SELECT ${columns} FROM submissions AS s WHERE s.id BETWEEN @lo AND @hi AND ${period} AND ${isLatest} ORDER BY s.id DESC LIMIT @limit`)
      .all({ ...params, hi }) as SubmissionRow[];
    return leadListPage(rows, limit, (row) => String(row.id));
  }
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
  return leadListPage(mergeSearchResults(byEmail, byName, limit), limit, (row) => row.email);
}

export function emailOfLead(db: SqliteDatabase, id: number): string | null {
  return db.prepare<[number], { email: string }>('SELECT email FROM submissions WHERE id = ?').get(id)?.email ?? null;
}

export function leadDetail(db: SqliteDatabase, id: number): StoredLeadDetail | null {
  const email = emailOfLead(db, id);
  if (email === null) return null;
  const rows = db.prepare<[string], DetailRow>(`SELECT ${detailColumns} FROM submissions AS s WHERE s.email = ? ORDER BY s.id DESC`).all(email);
  const deliveries = db
    .prepare<[string], OutboxRow & { submission_id: number }>(
      `SELECT ${deliveryColumns}, o.submission_id FROM outbox AS o
       WHERE o.submission_id IN (SELECT id FROM submissions WHERE email = ?) ORDER BY o.id`,
    )
    .all(email);
  return detailOf(email, rows, deliveries);
}

/**
 * Removes a person: every submission under their address, and by cascade their outbox rows (their
 * Idempotency-Keys are stored on the submissions), with secure_delete so the freed space is zeroed,
 * then a TRUNCATE checkpoint so the WAL file holds no old copy either. Their submissions leave the
 * daily profile aggregate in the same transaction.
 */
export function eraseLead(db: SqliteDatabase, email: string, toolErase?: ToolEraseRow): EraseResult {
  db.pragma('secure_delete = ON');
  // The stored form of the address (server/storage/email.ts): a pasted address with a zero-width
  // space or in capitals erases the person, found through the e-mail index.
  const address = normalizeEmail(email);
  const person = 'SELECT id FROM submissions WHERE email = ?';
  const result = db.transaction((): EraseResult => {
    const submissions = db.prepare<[string], { n: number }>(`SELECT count(*) AS n FROM (${person})`).get(address)?.n ?? 0;
    if (submissions === 0) return { leads: 0, submissions: 0, pendingDeliveries: 0 };
    const pending = db
      .prepare<[string], { n: number }>(`SELECT count(*) AS n FROM outbox WHERE state = 'pending' AND submission_id IN (${person})`)
      .get(address);
    const timeZone = aggregateTimeZone(db);
    if (timeZone !== null) {
      const rows = db.prepare<[string], ProfileRow>(`SELECT submitted_at, ratings FROM submissions WHERE id IN (${person})`).all(address);
      profileAggregator(db, timeZone)(rows, -1);
    }
    const pushes = db
      .prepare<[string], { next_attempt_at: number; lease: string | null }>(
        `SELECT next_attempt_at, lease FROM outbox WHERE channel = 'tool' AND state = 'pending' AND submission_id IN (${person})`,
      )
      .all(address);
    db.prepare(`DELETE FROM submissions WHERE id IN (${person})`).run(address);
    if (toolErase) queueToolErase(db, toolErase, leaseEndOf(pushes, toolErase.now));
    return { leads: 1, submissions, pendingDeliveries: pending?.n ?? 0 };
  }).immediate();
  if (!truncateWal(db)) {
    throw new Error('The erase is committed, but the WAL checkpoint was blocked by another reader; run erase again to finish cleaning.');
  }
  return result;
}

/** The e-mail tool's erase, due `dueAt` (once the person's pushes being sent have ended): see ToolEraseRow. */
function queueToolErase(db: SqliteDatabase, { sealedAddress, maskedAddress, now }: ToolEraseRow, dueAt: number): void {
  db.prepare<[string, number, number, string, string]>(
    `INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event, erase_address, erase_masked)
     VALUES (?, NULL, ?, ?, 'tool', 'erase', ?, ?)`,
  ).run(newMessageId(), now, dueAt, sealedAddress, maskedAddress);
}

/** How many submissions a period holds, and how many people made them: a stretch of the primary key (`idRange`). */
export function countInPeriod(db: SqliteDatabase, period: TimeRange): { leads: number; submissions: number } {
  const { lo, hi } = idRange(db, period);
  const count = db.prepare<[number, number, number, number], { leads: number; submissions: number }>(
    'SELECT count(DISTINCT email) AS leads, count(*) AS submissions FROM submissions WHERE id BETWEEN ? AND ? AND submitted_at >= ? AND submitted_at < ?',
  );
  return count.get(lo, hi, period.fromMs ?? Number.MIN_SAFE_INTEGER, period.toMs ?? Number.MAX_SAFE_INTEGER) ?? { leads: 0, submissions: 0 };
}

export function leadStats(db: SqliteDatabase, now = Date.now()): LeadStats {
  const one = (sql: string, ...params: number[]) => (db.prepare(sql).get(...params) as { n: number | null }).n;
  return statsOf(
    {
      leads: one('SELECT count(*) AS n FROM leads') ?? 0,
      submissions: one('SELECT count(*) AS n FROM submissions') ?? 0,
      last24h: one('SELECT count(*) AS n FROM submissions WHERE submitted_at >= ?', now - DAY_MS) ?? 0,
      last7d: one('SELECT count(*) AS n FROM submissions WHERE submitted_at >= ?', now - 7 * DAY_MS) ?? 0,
      states: db.prepare<[], { state: string; n: number }>('SELECT state, count(*) AS n FROM outbox GROUP BY state').all(),
      oldestPending: one("SELECT min(created_at) AS n FROM outbox WHERE state = 'pending'"),
    },
    now,
  );
}

/** How many deliveries wait on each channel: the pending rows' index by channel (`outbox_due_by_channel`). */
export function pendingByChannel(db: SqliteDatabase): Record<OutboxChannel, number> {
  const waiting = byChannel(() => 0);
  const counts = db.prepare<[], { channel: OutboxChannel; n: number }>("SELECT channel, count(*) AS n FROM outbox WHERE state = 'pending' GROUP BY channel").all();
  for (const { channel, n } of counts) waiting[channel] = n;
  return waiting;
}

/** What the dashboard reads and does with the leads of a SQLite database. */
export function sqliteDashboardReads(db: SqliteDatabase): DashboardReads {
  return {
    ...bound(db, { listLeads, leadDetail, emailOfLead, eraseLead, leadStats, pendingByChannel, countInPeriod, listDeliveries, retryDelivery }),
    // A page at a time, each one complete query: the thread is free between pages.
    exportRows: async function* (period) {
      yield* exportPages(db, period);
    },
    writeBackup: async (target) => (backupDatabase(db, target), true),
  };
}
