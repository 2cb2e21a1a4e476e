/**
 * The coach's export of every lead as CSV (`npm run coach -- export`, the dashboard's download):
 * the only output of personal data. Cells are quoted and formulas neutralised, so opening the file
 * in a spreadsheet never runs what a visitor typed, while plain addresses stay exact for e-mail
 * tools (./csv-cell.ts).
 */
import { coreDrivers } from '../../src/content/drivers';
import { weakAndStrong } from '../../src/shared/insights';
import { decodeRatings } from '../../src/shared/ratings';
import type { Storage, TimeRange } from '../storage/storage';
import type { ExportRow } from '../storage/dashboard-reads';
import { addressCell, csvCell } from './csv-cell';

/** A row of cells; a `formatted` part is cells already written by `csvCell`. */
const csvRow = (cells: (string | number | { formatted: string })[]) =>
  `${cells.map((cell) => (typeof cell === 'object' ? cell.formatted : csvCell(cell))).join(',')}\r\n`;

/** The profile's cells (nine ratings, weak and strong drivers), formatted once per distinct profile. */
const profileCells = new Map<string, string>();
function profileCellsOf(ratings: string): string {
  let cells = profileCells.get(ratings);
  if (cells === undefined) {
    const decoded = decodeRatings(ratings);
    const { weakDrivers, strongDrivers } = weakAndStrong(decoded);
    cells = [...decoded, weakDrivers.join('; '), strongDrivers.join('; ')].map(csvCell).join(',');
    // At most 3^9 = 19,683 profiles exist.
    profileCells.set(ratings, cells);
  }
  return cells;
}

/** The marketing-consent box of the latest submission: yes, no, or empty when it was not shown. */
const marketingCell = (value: number | null) => (value === null ? '' : value === 1 ? 'yes' : 'no');

/** The export's first line: a byte-order mark (so spreadsheet programs read accented names as UTF-8) and the column names. */
function csvHeader(): string {
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
    // The double opt-in: when the visitor pressed the confirm button of the results e-mail (server/mail/).
    'marketing_confirmed_utc',
  ];
  return `\uFEFF${csvRow(header)}`;
}

/** One lead's line of the export. */
function csvLine(row: ExportRow): string {
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
    row.marketing_confirmed_at === null ? '' : new Date(row.marketing_confirmed_at).toISOString(),
  ]);
}

/** One chunk of the export: its CSV text and how many leads it holds. */
export type CsvChunk = { csv: string; leads: number };

/**
 * The export in chunks, newest person first: first the byte-order mark (so spreadsheet programs
 * read accented names as UTF-8) and the header, then one line per person with their address,
 * latest name and profile, dates and number of submissions, a page of the storage's rows at a time
 * (so the server stays free between chunks). With a period, the people whose latest submission
 * falls in it.
 */
export async function* csvChunks(storage: Pick<Storage, 'dashboard'>, period?: TimeRange): AsyncGenerator<CsvChunk> {
  yield { csv: csvHeader(), leads: 0 };
  for await (const rows of storage.dashboard.exportRows(period)) yield { csv: rows.map(csvLine).join(''), leads: rows.length };
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
