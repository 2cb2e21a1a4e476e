/**
 * SQLite's side of `npm run coach -- migrate-to-postgres` (server/coach/migrate-to-postgres.ts):
 * every table read from one snapshot, a page at a time; Postgres's side is postgres/copy.ts.
 */
import type { SqliteDatabase } from './binding';

type Row = Record<string, unknown>;

/** Runs `work` inside one read transaction: everything it reads comes from one snapshot. */
export async function inReadSnapshot<T>(db: SqliteDatabase, work: () => Promise<T>): Promise<T> {
  db.exec('BEGIN');
  try {
    return await work();
  } finally {
    db.exec('COMMIT');
  }
}

/** A table's rows, `pageSize` at a time by its integer `key`; a table without one at once. */
export function* tablePages(db: SqliteDatabase, table: { name: string; columns: { name: string }[]; key?: string }, pageSize: number): Generator<Row[]> {
  const select = `SELECT ${table.columns.map((column) => column.name).join(', ')} FROM ${table.name}`;
  if (table.key === undefined) {
    yield db.prepare<[], Row>(select).all();
    return;
  }
  const page = db.prepare<[number], Row>(`${select} WHERE ${table.key} > ? ORDER BY ${table.key} LIMIT ${pageSize}`);
  for (let after = 0; ; ) {
    const rows = page.all(after);
    yield rows;
    if (rows.length < pageSize) return;
    after = Number(rows[rows.length - 1]?.[table.key]);
  }
}

/** How many rows a table (or view) holds. */
export function countRows(db: SqliteDatabase, name: string): number {
  return db.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${name}`).get()?.n ?? 0;
}
