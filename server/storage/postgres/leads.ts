/**
 * Leads on Postgres, read as on SQLite (sqlite/leads.ts says how): newest first down the
 * submissions' key, a period as a range of it, e-mail search as a stretch of the e-mail index.
 * Also the person's detail, erasure and the counts of `stats`.
 */
import { calendarDay } from '../../../src/shared/days';
import { normalizeEmail } from '../email';
import { newMessageId } from '../message-id';
import { profileSumsByDay } from '../profile-sums';
import { DAY_MS, deliveryColumns, detailColumns, detailOf, type DetailRow, escapeLike, leaseEndOf, leadListPage, mergeSearchResults, type OutboxRow, statsOf, type SubmissionRow } from '../rows';
import { bound } from '../bound';
import { byChannel } from '../parts';
import { type OutboxChannel, type TimeRange, type ToolEraseRow } from '../storage';
import { type DashboardReads, type EraseResult, type LeadListParams, type LeadStats, NAME_SEARCH_WINDOW, type StoredLeadDetail, type StoredLeadPage } from '../dashboard-reads';
import { exportPages } from './export';
import { listDeliveries, retryDelivery } from './outbox';
import { parameters, type PostgresPool, transaction } from './connection';
import { addToProfiles, aggregateTimeZone } from './profiles';

/** The submission ids a period covers (see idRange in sqlite/leads.ts). */
export async function idRange(pool: PostgresPool, { fromMs, toMs }: TimeRange): Promise<{ lo: number; hi: number }> {
  const one = async (sql: string, value: number) => (await pool.query<{ id: number }>(sql, [value])).rows[0]?.id ?? null;
  const lo =
    fromMs === null
      ? 0
      : ((await one('SELECT id FROM submissions WHERE submitted_at >= $1 ORDER BY submitted_at, id LIMIT 1', fromMs)) ?? Number.MAX_SAFE_INTEGER);
  const hi =
    toMs === null
      ? Number.MAX_SAFE_INTEGER
      : ((await one('SELECT id FROM submissions WHERE submitted_at < $1 ORDER BY submitted_at DESC, id DESC LIMIT 1', toMs)) ?? 0);
  return { lo, hi };
}

export async function newestId(pool: PostgresPool): Promise<number> {
  return (await pool.query<{ id: number | null }>('SELECT max(id) AS id FROM submissions')).rows[0]?.id ?? 0;
}

const columns = 's.id, s.email, s.first_name, s.ratings, s.submitted_at';
/** The person's latest submission: no later one under the same address. */
const isLatest = 'NOT EXISTS (SELECT 1 FROM submissions AS later WHERE later.email = s.email AND later.id > s.id)';

export async function listLeads(pool: PostgresPool, { q, cursor, limit, fromMs, toMs }: LeadListParams): Promise<StoredLeadPage> {
  const range = await idRange(pool, { fromMs, toMs });
  const search = normalizeEmail(q);
  const periodOf = (add: (value: unknown) => string) =>
    [...(fromMs === null ? [] : [`s.submitted_at >= ${add(fromMs)}`]), ...(toMs === null ? [] : [`s.submitted_at < ${add(toMs)}`])].join(' AND ') ||
    'TRUE';
  if (search === '') {
    const { values, add } = parameters();
    const hi = Math.min(range.hi, cursor === null ? Number.MAX_SAFE_INTEGER : Number(cursor) - 1);
    const { rows } = await pool.query<SubmissionRow>(
      `SELECT ${columns} FROM submissions AS s WHERE s.id BETWEEN ${add(range.lo)} AND ${add(hi)} AND ${periodOf(add)} AND ${isLatest}
       ORDER BY s.id DESC LIMIT ${add(limit + 1)}`,
      values,
    );
    return leadListPage(rows, limit, (row) => String(row.id));
  }
  const after = cursor ?? '';
  const byEmail = parameters();
  const emailRows = (
    await pool.query<SubmissionRow>(
      `SELECT ${columns} FROM submissions AS s
       WHERE s.email >= ${byEmail.add(search)} AND s.email < ${byEmail.add(`${search}\u{10FFFF}`)} AND s.email > ${byEmail.add(after)}
         AND s.id BETWEEN ${byEmail.add(range.lo)} AND ${byEmail.add(range.hi)} AND ${periodOf(byEmail.add)} AND ${isLatest}
       ORDER BY s.email LIMIT ${byEmail.add(limit + 1)}`,
      byEmail.values,
    )
  ).rows;
  let nameRows: SubmissionRow[] = [];
  if (!search.includes('@')) {
    const newest = await newestId(pool);
    const byName = parameters();
    nameRows = (
      await pool.query<SubmissionRow>(
        `SELECT ${columns} FROM submissions AS s
         WHERE s.id BETWEEN ${byName.add(Math.max(range.lo, newest - NAME_SEARCH_WINDOW + 1))} AND ${byName.add(range.hi)}
           AND s.first_name ILIKE ${byName.add(`${escapeLike(q.trim())}%`)} ESCAPE '\\' AND s.email > ${byName.add(after)}
           AND ${periodOf(byName.add)} AND ${isLatest}
         ORDER BY s.email LIMIT ${byName.add(limit + 1)}`,
        byName.values,
      )
    ).rows;
  }
  return leadListPage(mergeSearchResults(emailRows, nameRows, limit), limit, (row) => row.email);
}

export async function emailOfLead(pool: PostgresPool, id: number): Promise<string | null> {
  const { rows } = await pool.query<{ email: string }>('SELECT email FROM submissions WHERE id = $1', [id]);
  return rows[0]?.email ?? null;
}

export async function leadDetail(pool: PostgresPool, id: number): Promise<StoredLeadDetail | null> {
  const email = await emailOfLead(pool, id);
  if (email === null) return null;
  const { rows } = await pool.query<DetailRow>(`SELECT ${detailColumns} FROM submissions AS s WHERE s.email = $1 ORDER BY s.id DESC`, [email]);
  const deliveries = await pool.query<OutboxRow & { submission_id: number }>(
    `SELECT ${deliveryColumns}, o.submission_id FROM outbox AS o
     WHERE o.submission_id IN (SELECT id FROM submissions WHERE email = $1) ORDER BY o.id`,
    [email],
  );
  return detailOf(email, rows, deliveries.rows);
}

/**
 * Removes a person: every submission under the stored form of their address (server/storage/email.ts)
 * and, by cascade, their outbox rows; their submissions leave the profile aggregate in the same
 * transaction. Postgres has no secure_delete (server/docs/postgres.md, "Differences from SQLite").
 */
export async function eraseLead(pool: PostgresPool, email: string, toolErase?: ToolEraseRow): Promise<EraseResult> {
  return transaction(pool, async (client) => {
    const { rows } = await client.query<{ id: number; submitted_at: number; ratings: string }>(
      'SELECT id, submitted_at, ratings FROM submissions WHERE email = $1 FOR UPDATE',
      [normalizeEmail(email)],
    );
    if (rows.length === 0) return { leads: 0, submissions: 0, pendingDeliveries: 0 };
    const ids = rows.map((row) => row.id);
    const pending = await client.query<{ n: number }>("SELECT count(*) AS n FROM outbox WHERE state = 'pending' AND submission_id = ANY($1::bigint[])", [ids]);
    const timeZone = await aggregateTimeZone(client);
    if (timeZone !== undefined) await addToProfiles(client, profileSumsByDay(rows, calendarDay(timeZone), -1), 0);
    // Locked (waiting for a claim in progress to commit, then read anew): a push being sent shows its lease.
    const pushes = await client.query<{ next_attempt_at: string; lease: string | null }>(
      "SELECT next_attempt_at, lease FROM outbox WHERE channel = 'tool' AND state = 'pending' AND submission_id = ANY($1::bigint[]) FOR UPDATE",
      [ids],
    );
    await client.query('DELETE FROM submissions WHERE id = ANY($1::bigint[])', [ids]);
    if (toolErase) {
      await client.query(
        `INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event, erase_address, erase_masked)
         VALUES ($1, NULL, $2, $3, 'tool', 'erase', $4, $5)`,
        [newMessageId(), toolErase.now, leaseEndOf(pushes.rows, toolErase.now), toolErase.sealedAddress, toolErase.maskedAddress],
      );
    }
    return { leads: 1, submissions: rows.length, pendingDeliveries: pending.rows[0]?.n ?? 0 };
  });
}

/** How many submissions a period holds, and how many people made them (see countInPeriod in sqlite/leads.ts). */
export async function countInPeriod(pool: PostgresPool, period: TimeRange): Promise<{ leads: number; submissions: number }> {
  const { lo, hi } = await idRange(pool, period);
  const { rows } = await pool.query<{ leads: number; submissions: number }>(
    `SELECT count(DISTINCT email)::int AS leads, count(*)::int AS submissions FROM submissions
     WHERE id BETWEEN $1 AND $2 AND submitted_at >= $3 AND submitted_at < $4`,
    [lo, hi, period.fromMs ?? Number.MIN_SAFE_INTEGER, period.toMs ?? Number.MAX_SAFE_INTEGER],
  );
  return rows[0] ?? { leads: 0, submissions: 0 };
}

export async function leadStats(pool: PostgresPool, now: number): Promise<LeadStats> {
  const one = async (sql: string, ...values: unknown[]) => (await pool.query<{ n: number | null }>(sql, values)).rows[0]?.n ?? null;
  return statsOf(
    {
      leads: (await one('SELECT count(DISTINCT email) AS n FROM submissions')) ?? 0,
      submissions: (await one('SELECT count(*) AS n FROM submissions')) ?? 0,
      last24h: (await one('SELECT count(*) AS n FROM submissions WHERE submitted_at >= $1', now - DAY_MS)) ?? 0,
      last7d: (await one('SELECT count(*) AS n FROM submissions WHERE submitted_at >= $1', now - 7 * DAY_MS)) ?? 0,
      states: (await pool.query<{ state: string; n: number }>('SELECT state, count(*) AS n FROM outbox GROUP BY state')).rows,
      oldestPending: await one("SELECT min(created_at) AS n FROM outbox WHERE state = 'pending'"),
    },
    now,
  );
}

/** How many deliveries wait on each channel (see pendingByChannel in sqlite/leads.ts). */
export async function pendingByChannel(pool: PostgresPool): Promise<Record<OutboxChannel, number>> {
  const waiting = byChannel(() => 0);
  const { rows } = await pool.query<{ channel: OutboxChannel; n: number }>("SELECT channel, count(*)::int AS n FROM outbox WHERE state = 'pending' GROUP BY channel");
  for (const { channel, n } of rows) waiting[channel] = n;
  return waiting;
}

/** What the dashboard reads and does with the leads on Postgres. */
export function postgresDashboardReads(pool: PostgresPool): DashboardReads {
  return {
    ...bound(pool, { listLeads, leadDetail, emailOfLead, eraseLead, leadStats, pendingByChannel, countInPeriod, listDeliveries, retryDelivery }),
    exportRows: (period) => exportPages(pool, period),
    // Backups of Postgres are the database's own (pg_dump, the provider's snapshots): server/docs/postgres.md.
    writeBackup: async () => false,
  };
}
