/**
 * `npm run coach -- migrate-to-postgres`: copies the SQLite database under DATA_DIR into the empty
 * Postgres database of DATABASE_URL — submissions (the leads), the outbox with its schedule, the
 * password, sessions, the audit log, the funnel counts and the profile aggregate — keeping every
 * id, in ONE Postgres transaction (a failed copy leaves the database empty), read from one SQLite
 * snapshot. Then it counts every table on both sides and says whether they match.
 *
 * Stop the server first: leads stored in SQLite after the snapshot would not be copied.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from '../config';
import { copySqliteToPostgres } from '../storage/copy-to-postgres';
import { DATABASE_FILE } from '../storage/open-storage';

/** The command: checks its two databases, copies, prints the counts; 0 when they all match. */
export async function migrateToPostgres(config: ServerConfig): Promise<number> {
  if (config.database === null) {
    process.stderr.write('Set DATABASE_URL to the new, empty Postgres database (postgres://user:password@host:5432/database) to copy into.\n');
    return 2;
  }
  if (!existsSync(join(config.dataDir, DATABASE_FILE))) {
    process.stderr.write(`No lead database in ${config.dataDir} (${DATABASE_FILE} is not there) to copy from. Check DATA_DIR.\n`);
    return 1;
  }
  const started = performance.now();
  const counts = await copySqliteToPostgres(config.dataDir, config.database);
  const width = Math.max(...counts.map((count) => count.table.length));
  for (const { table, sqlite: from, postgres: to } of counts) {
    process.stdout.write(`${table.padEnd(width)}  ${String(from).padStart(9)} → ${String(to).padStart(9)}  ${from === to ? 'ok' : 'DIFFERENT'}\n`);
  }
  const mismatched = counts.filter((count) => count.sqlite !== count.postgres);
  process.stdout.write(
    mismatched.length === 0
      ? `Copied in ${((performance.now() - started) / 1000).toFixed(1)} s; every count matches. Start the server with DATABASE_URL set.\n`
      : `The counts of ${mismatched.map((count) => count.table).join(', ')} differ: was the server still running? Empty the Postgres database and run this again with the server stopped.\n`,
  );
  return mismatched.length === 0 ? 0 : 1;
}
