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
import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { ServerConfig } from '../config';
import { DATABASE_FILE, openDatabase } from '../storage/lead-db';
import { PostgresStorage } from '../storage/postgres/postgres-storage';
import { profileColumns } from '../storage/profile-aggregate';

type Column = { name: string; type: string };
type Table = { name: string; columns: Column[]; /** Paged by this integer key; small tables are read at once. */ key?: string };

const text = (name: string): Column => ({ name, type: 'text' });
const bigint = (name: string): Column => ({ name, type: 'bigint' });

/** Every table the server keeps, in an order that satisfies the foreign keys. */
export const copiedTables: Table[] = [
  {
    name: 'submissions',
    key: 'id',
    columns: [
      bigint('id'),
      text('public_id'),
      text('email'),
      text('first_name'),
      text('ratings'),
      bigint('submitted_at'),
      text('idempotency_key'),
      text('consent_version'),
      text('consent_wording'),
      { name: 'marketing_consent', type: 'smallint' },
    ],
  },
  {
    name: 'outbox',
    key: 'id',
    columns: [
      bigint('id'),
      text('webhook_id'),
      bigint('submission_id'),
      text('state'),
      { name: 'attempts', type: 'integer' },
      bigint('created_at'),
      bigint('next_attempt_at'),
      bigint('last_attempt_at'),
      { name: 'last_status', type: 'integer' },
      text('lease'),
    ],
  },
  { name: 'coach_account', columns: [{ name: 'id', type: 'integer' }, text('password_hash'), bigint('password_set_at')] },
  { name: 'coach_sessions', key: 'id', columns: [bigint('id'), text('token_hash'), bigint('created_at'), bigint('last_seen_at'), bigint('expires_at')] },
  { name: 'audit_log', key: 'id', columns: [bigint('id'), bigint('at'), text('action'), text('actor'), bigint('session_id')] },
  { name: 'funnel_sources', key: 'id', columns: [bigint('id'), text('utm_source'), text('utm_medium'), text('utm_campaign'), text('referrer_host')] },
  { name: 'funnel_daily', columns: [text('day'), text('step'), bigint('source_id'), bigint('count')] },
  { name: 'funnel_daily_totals', columns: [text('day'), text('step'), bigint('count')] },
  { name: 'funnel_monthly', columns: [text('month'), text('step'), bigint('source_id'), bigint('count')] },
  { name: 'profile_daily', columns: [text('day'), ...profileColumns.map((name) => ({ name, type: 'integer' }))] },
  { name: 'analytics_meta', columns: [text('key'), text('value')] },
];

const PAGE = 5_000;
const quote = (name: string) => `"${name}"`;

/** Copies one table, a page at a time; returns how many rows. */
async function copyTable(sqlite: Database.Database, client: pg.PoolClient, table: Table): Promise<number> {
  const names = table.columns.map((column) => column.name);
  const insert = `INSERT INTO ${table.name} (${names.map(quote).join(', ')})
    SELECT * FROM unnest(${table.columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ')})`;
  const write = async (rows: Record<string, unknown>[]) => {
    if (rows.length > 0) await client.query(insert, names.map((name) => rows.map((row) => row[name] ?? null)));
  };
  const select = `SELECT ${names.join(', ')} FROM ${table.name}`;
  if (table.key === undefined) {
    const rows = sqlite.prepare<[], Record<string, unknown>>(select).all();
    await write(rows);
    return rows.length;
  }
  const page = sqlite.prepare<[number], Record<string, unknown>>(`${select} WHERE ${table.key} > ? ORDER BY ${table.key} LIMIT ${PAGE}`);
  let copied = 0;
  for (let after = 0; ; ) {
    const rows = page.all(after);
    await write(rows);
    copied += rows.length;
    if (rows.length < PAGE) break;
    after = Number(rows[rows.length - 1]?.[table.key]);
  }
  // New rows continue after the copied ids.
  await client.query(`SELECT setval(pg_get_serial_sequence('${table.name}', '${table.key}'), greatest((SELECT max(${table.key}) FROM ${table.name}), 1))`);
  return copied;
}

export type TableCount = { table: string; sqlite: number; postgres: number };

/** Copies everything and compares counts; returns them, or throws (having copied nothing). */
export async function copySqliteToPostgres(sqlite: Database.Database, storage: PostgresStorage): Promise<TableCount[]> {
  const client = await storage.pool.connect();
  try {
    const nonEmpty = [];
    for (const table of ['submissions', 'outbox', 'coach_account', 'audit_log', 'funnel_sources']) {
      const { rows } = await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${table}`);
      if ((rows[0]?.n ?? 0) > 0) nonEmpty.push(table);
    }
    if (nonEmpty.length > 0) {
      throw new Error(`The Postgres database of DATABASE_URL is not empty (${nonEmpty.join(', ')} hold rows): nothing was copied. Use a new, empty database.`);
    }
    // One snapshot of SQLite (a read transaction), one transaction in Postgres.
    sqlite.exec('BEGIN');
    await client.query('BEGIN');
    try {
      // The aggregate and its time zone come from SQLite, replacing what opening built.
      await client.query('DELETE FROM profile_daily');
      await client.query('DELETE FROM analytics_meta');
      for (const table of copiedTables) await copyTable(sqlite, client, table);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      sqlite.exec('COMMIT');
    }
    const counts: TableCount[] = [];
    for (const { name } of [...copiedTables, { name: 'leads' }]) {
      const postgres = (await client.query<{ n: number }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]?.n ?? 0;
      const fromSqlite = sqlite.prepare<[], { n: number }>(`SELECT count(*) AS n FROM ${name}`).get()?.n ?? 0;
      counts.push({ table: name, sqlite: fromSqlite, postgres });
    }
    return counts;
  } finally {
    client.release();
  }
}

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
  const sqlite = openDatabase(config.dataDir);
  try {
    const storage = await PostgresStorage.open(config.database, { outbox: false, timeZone: config.environmentSettings.analyticsTimeZone ?? 'UTC' });
    try {
      const started = performance.now();
      const counts = await copySqliteToPostgres(sqlite, storage);
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
    } finally {
      await storage.close();
    }
  } finally {
    sqlite.close();
  }
}
