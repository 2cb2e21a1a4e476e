/**
 * `npm run coach -- migrate-to-postgres` (server/coach/migrate-to-postgres.ts says what it prints):
 * the SQLite database under DATA_DIR copied into the empty Postgres database of DATABASE_URL,
 * read from one SQLite snapshot (sqlite/copy.ts) and written in ONE Postgres transaction
 * (postgres/copy.ts), keeping every id; then every table counted on both sides.
 */
import type { PostgresSettings } from '../config';
import { copiedTables, copyIntoPostgres, countRows as countPostgresRows } from './postgres/copy';
import { PostgresStorage } from './postgres/storage';
import { countRows as countSqliteRows, inReadSnapshot, tablePages } from './sqlite/copy';
import { SqliteStorage } from './sqlite/storage';

const PAGE = 5_000;

export type TableCount = { table: string; sqlite: number; postgres: number };

/** Copies everything and compares counts; returns them, or throws (having copied nothing). */
export async function copySqliteToPostgres(dataDir: string, database: PostgresSettings): Promise<TableCount[]> {
  const sqlite = SqliteStorage.openForCommands(dataDir);
  try {
    const postgres = await PostgresStorage.open(database, {});
    try {
      // One snapshot of SQLite (a read transaction), one transaction in Postgres.
      await inReadSnapshot(sqlite.db, () => copyIntoPostgres(postgres.pool, (table) => tablePages(sqlite.db, table, PAGE)));
      // Counted after the snapshot: a server still storing leads shows as a difference.
      const counts: TableCount[] = [];
      for (const { name } of [...copiedTables, { name: 'leads' }]) {
        counts.push({ table: name, sqlite: countSqliteRows(sqlite.db, name), postgres: await countPostgresRows(postgres.pool, name) });
      }
      return counts;
    } finally {
      await postgres.close();
    }
  } finally {
    await sqlite.close();
  }
}
