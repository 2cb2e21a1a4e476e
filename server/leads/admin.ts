/**
 * What the coach's commands do (`npm run leads -- export | erase <email> | stats | backup <file>`), as functions on
 * an open database, so they are tested without a shell. Only `exportCsv` ever outputs personal data.
 */
import { chmodSync, existsSync } from 'node:fs';
import type Database from 'better-sqlite3';
import { coreDrivers } from '../../src/content/drivers';
import { idRange, type TimeRange } from '../coach/leads-query';
import { normalizeEmail } from '../storage/lead-store';
import { aggregateTimeZone, profileAggregator, type ProfileRow } from '../storage/profile-aggregate';
import { addressCell, csvCell } from './csv-cell';

/** A row of cells; a `formatted` part is cells already written by `csvCell`. */
const csvRow = (cells: (string | number | { formatted: string })[]) =>
  `${cells.map((cell) => (typeof cell === 'object' ? cell.formatted : csvCell(cell))).join(',')}\r\n`;

const driverNames = (ratings: string, rating: string) =>
  coreDrivers.filter((_driver, index) => ratings[index] === rating).map((driver) => driver.shortName).join('; ');

/** The profile's cells (nine ratings, weak and strong drivers), formatted once per distinct profile. */
const profileCells = new Map<string, string>();
function profileCellsOf(ratings: string): string {
  let cells = profileCells.get(ratings);
  if (cells === undefined) {
    cells = [...ratings, driverNames(ratings, '1'), driverNames(ratings, '3')].map(csvCell).join(',');
    // At most 3^9 = 19,683 profiles exist.
    profileCells.set(ratings, cells);
  }
  return cells;
}

export type ExportRow = {
  email: string;
  first_name: string;
  ratings: string;
  created_at: number;
  updated_at: number;
  submissions: number;
  consent_version: string | null;
  consent_wording: string | null;
  marketing_consent: number | null;
};

/** The marketing-consent box of the latest submission: yes, no, or empty when it was not shown. */
const marketingCell = (value: number | null) => (value === null ? '' : value === 1 ? 'yes' : 'no');

/** The export's first line: a byte-order mark (so spreadsheet programs read accented names as UTF-8) and the column names. */
export function csvHeader(): string {
  const header = [
    'email',
    'first_name',
    ...coreDrivers.map((driver) => driver.shortName),
    'weak_drivers',
    'strong_drivers',
    'first_submitted_utc',
    'last_submitted_utc',
    'submissions',
    // The consent record of the latest submission (server/leads/consent.ts); its time is that submission's.
    'marketing_consent',
    'consent_version',
    'consent_wording',
    'consent_recorded_utc',
  ];
  return `\uFEFF${csvRow(header)}`;
}

/** One lead's line of the export. */
export function csvLine(row: ExportRow): string {
  return csvRow([
    { formatted: addressCell(row.email) },
    row.first_name,
    { formatted: profileCellsOf(row.ratings) },
    new Date(row.created_at).toISOString(),
    new Date(row.updated_at).toISOString(),
    row.submissions,
    marketingCell(row.marketing_consent),
    row.consent_version ?? '',
    row.consent_wording ?? '',
    row.consent_version === null ? '' : new Date(row.updated_at).toISOString(),
  ]);
}

/** Submission ids per chunk of the export: each chunk is one complete query, so none stays open between chunks. */
const EXPORT_WINDOW = 1000;

/** One chunk of the export: its CSV text and how many leads it holds. */
export type CsvChunk = { csv: string; leads: number };

/**
 * The export in chunks, newest first: first the byte-order mark (so spreadsheet programs read
 * accented names as UTF-8) and the header, then one line per person with their address, latest name
 * and profile, dates and number of submissions. With a period, the people whose latest submission
 * falls in it. The submissions are read in windows of ids down from the newest (a period becomes a
 * range of ids through the time index), and each window looks up only its own people's other
 * submissions, so no chunk reads every lead and the server stays free between chunks. What is
 * stored after the export starts is left out, so a person who submits again meanwhile is not lost.
 */
export function* csvChunks(db: Database.Database, period?: TimeRange): Generator<CsvChunk> {
  yield { csv: csvHeader(), leads: 0 };
  const newest = db.prepare<[], { id: number | null }>('SELECT max(id) AS id FROM submissions').get()?.id ?? 0;
  const { lo, hi } = period ? idRange(db, period) : { lo: 0, hi: newest };
  const window = db.prepare<Record<string, number>, ExportRow>(
    `WITH candidates AS (
       SELECT s.id, s.email, s.first_name, s.ratings, s.submitted_at,
         s.consent_version, s.consent_wording, s.marketing_consent
       FROM submissions AS s
       WHERE s.id BETWEEN @bottom AND @top AND +s.submitted_at >= @from AND +s.submitted_at < @to
     )
     SELECT c.email, c.first_name, c.ratings, c.submitted_at AS updated_at, person.created_at, person.submissions,
       c.consent_version, c.consent_wording, c.marketing_consent
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
    if (rows.length > 0) yield { csv: rows.map(csvLine).join(''), leads: rows.length };
  }
}

/** Writes chunks of the export through `write`; returns the number of leads. */
export async function writeCsv(chunks: AsyncIterable<CsvChunk>, write: (chunk: string) => void): Promise<number> {
  let leads = 0;
  for await (const chunk of chunks) {
    write(chunk.csv);
    leads += chunk.leads;
  }
  return leads;
}

/** The whole export (see `csvChunks`) through `write`; returns the number of leads. */
export function exportCsv(db: Database.Database, write: (chunk: string) => void, period?: TimeRange): number {
  let leads = 0;
  for (const chunk of csvChunks(db, period)) {
    write(chunk.csv);
    leads += chunk.leads;
  }
  return leads;
}

export type EraseResult = { leads: number; submissions: number; pendingDeliveries: number };

/**
 * Removes a person: every submission under their address, and by cascade their outbox rows (their
 * Idempotency-Keys are stored on the submissions), with secure_delete so the freed space is zeroed,
 * then a TRUNCATE checkpoint so the WAL file holds no old copy either. Their submissions leave the
 * daily profile aggregate in the same transaction.
 */
export function eraseLead(db: Database.Database, email: string): EraseResult {
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
    db.prepare(`DELETE FROM submissions WHERE id IN (${person})`).run(address);
    return { leads: 1, submissions, pendingDeliveries: pending?.n ?? 0 };
  }).immediate();
  const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
  if (checkpoint?.busy) {
    throw new Error('The erase is committed, but the WAL checkpoint was blocked by another reader; run erase again to finish cleaning.');
  }
  return result;
}

/**
 * A consistent copy of the whole database in one file (VACUUM INTO), safe while the server runs.
 * The target must not exist yet: a backup never overwrites anything.
 */
export function backupDatabase(db: Database.Database, target: string): void {
  if (existsSync(target)) throw new Error('The backup file already exists; choose a new name.');
  db.prepare('VACUUM INTO ?').run(target);
  chmodSync(target, 0o600);
}

export type LeadStats = {
  leads: number;
  submissions: number;
  submissionsLast24h: number;
  submissionsLast7d: number;
  outbox: { pending: number; delivered: number; gone: number; expired: number; oldestPendingAgeMs: number | null };
};

/** The counts `leadStats` is made of, as either backend reads them. */
export type StatsCounts = {
  leads: number;
  submissions: number;
  last24h: number;
  last7d: number;
  states: { state: string; n: number }[];
  oldestPending: number | null;
};

export const DAY_MS = 24 * 60 * 60 * 1000;

export function statsOf(counts: StatsCounts, now: number): LeadStats {
  const inState = (state: string) => counts.states.find((row) => row.state === state)?.n ?? 0;
  return {
    leads: counts.leads,
    submissions: counts.submissions,
    submissionsLast24h: counts.last24h,
    submissionsLast7d: counts.last7d,
    outbox: {
      pending: inState('pending'),
      delivered: inState('delivered'),
      gone: inState('gone'),
      expired: inState('expired'),
      oldestPendingAgeMs: counts.oldestPending === null ? null : now - counts.oldestPending,
    },
  };
}

export function leadStats(db: Database.Database, now = Date.now()): LeadStats {
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
