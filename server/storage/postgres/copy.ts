/**
 * Postgres's side of `npm run coach -- migrate-to-postgres` (server/coach/migrate-to-postgres.ts):
 * every table the server keeps, with its columns' Postgres types, written into an empty database in
 * ONE transaction (a failed copy leaves it empty), keeping every id. SQLite's side is sqlite/copy.ts.
 */
import type pg from 'pg';
import { profileColumns } from '../profile-sums';
import { transaction } from './connection';

type Column = { name: string; type: string };
export type CopiedTable = { name: string; columns: Column[]; /** Paged by this integer key; small tables are read at once. */ key?: string };
type Row = Record<string, unknown>;

const text = (name: string): Column => ({ name, type: 'text' });
const bigint = (name: string): Column => ({ name, type: 'bigint' });

/** Every table the server keeps, in an order that satisfies the foreign keys. */
export const copiedTables: CopiedTable[] = [
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
      bigint('marketing_confirmed_at'),
    ],
  },
  {
    name: 'outbox',
    key: 'id',
    columns: [
      bigint('id'),
      text('message_id'),
      bigint('submission_id'),
      text('state'),
      { name: 'attempts', type: 'integer' },
      bigint('created_at'),
      bigint('next_attempt_at'),
      bigint('last_attempt_at'),
      { name: 'last_status', type: 'integer' },
      text('last_reply'),
      text('lease'),
      text('channel'),
      text('event'),
      // An erase told to the e-mail tool (its address sealed with the same SETTINGS_ENCRYPTION_KEY the secrets need).
      text('erase_address'),
      text('erase_masked'),
      text('erase_tool'),
      text('erase_how'),
    ],
  },
  // The results e-mail's links (hashes of their tokens): a profile link keeps working after the move.
  { name: 'links', columns: [text('token_hash'), text('kind'), bigint('submission_id'), bigint('created_at'), bigint('expires_at'), bigint('used_at')] },
  { name: 'coach_account', columns: [{ name: 'id', type: 'integer' }, text('password_hash'), bigint('password_set_at')] },
  {
    name: 'coach_sessions',
    key: 'id',
    columns: [bigint('id'), text('token_hash'), bigint('created_at'), bigint('last_seen_at'), bigint('expires_at'), text('browser')],
  },
  // The coach's door: passkeys and the second factor keep working after the move (challenges and reset links are short-lived: not copied).
  {
    name: 'coach_passkeys',
    columns: [text('id'), text('public_key'), bigint('counter'), text('transports'), text('name'), bigint('created_at'), bigint('last_used_at')],
  },
  { name: 'coach_second_factor', columns: [{ name: 'id', type: 'integer' }, text('secret'), text('pending'), bigint('enabled_at'), bigint('last_step')] },
  { name: 'coach_recovery_codes', columns: [text('code_hash'), bigint('used_at')] },
  // The coach's settings and their history, so the audit log's versions below read the same (secrets
  // stay sealed: the instances need SETTINGS_ENCRYPTION_KEY set to the key of DATA_DIR/secrets.key).
  { name: 'settings', columns: [text('key'), text('value'), bigint('updated_at')] },
  { name: 'settings_revision', columns: [{ name: 'id', type: 'integer' }, bigint('revision')] },
  { name: 'settings_pictures', columns: [text('hash'), text('content_type'), { name: 'bytes', type: 'bytea' }, bigint('created_at')] },
  { name: 'settings_versions', columns: [bigint('revision'), bigint('at'), text('settings'), text('picture_hash')] },
  // A settings change keeps which fields it changed, its version and what a restore brought back.
  {
    name: 'audit_log',
    key: 'id',
    columns: [
      bigint('id'),
      bigint('at'),
      text('action'),
      text('actor'),
      bigint('session_id'),
      text('browser'),
      bigint('signed_in_at'),
      text('fields'),
      bigint('revision'),
      bigint('restored_from'),
    ],
  },
  {
    name: 'funnel_sources',
    key: 'id',
    columns: [bigint('id'), text('utm_source'), text('utm_medium'), text('utm_campaign'), text('referrer_host'), text('first_day')],
  },
  { name: 'funnel_daily', columns: [text('day'), text('step'), bigint('source_id'), bigint('count')] },
  { name: 'funnel_daily_totals', columns: [text('day'), text('step'), bigint('count')] },
  { name: 'funnel_monthly', columns: [text('month'), text('step'), bigint('source_id'), bigint('count')] },
  { name: 'offer_daily', columns: [text('day'), text('offer'), text('pattern'), text('step'), bigint('count')] },
  { name: 'profile_daily', columns: [text('day'), ...profileColumns.map((name) => ({ name, type: 'integer' }))] },
  { name: 'analytics_meta', columns: [text('key'), text('value')] },
  // The sign-in throttle's counters go along, so moving does not hand a guesser fresh tries.
  { name: 'signin_throttle', columns: [text('key'), { name: 'failures', type: 'integer' }, bigint('last_failure_at')] },
];

const quote = (name: string) => `"${name}"`;

/** Copies one table from its pages; new rows then continue after the copied ids. */
async function copyTable(client: pg.PoolClient, table: CopiedTable, pages: Iterable<Row[]>): Promise<void> {
  const names = table.columns.map((column) => column.name);
  const insert = `INSERT INTO ${table.name} (${names.map(quote).join(', ')})
    SELECT * FROM unnest(${table.columns.map((column, index) => `$${index + 1}::${column.type}[]`).join(', ')})`;
  for (const rows of pages) {
    if (rows.length > 0) await client.query(insert, names.map((name) => rows.map((row) => row[name] ?? null)));
  }
  if (table.key !== undefined) {
    await client.query(`SELECT setval(pg_get_serial_sequence('${table.name}', '${table.key}'), greatest((SELECT max(${table.key}) FROM ${table.name}), 1))`);
  }
}

/**
 * Copies every table from `pagesOf` into the empty database of `pool`, in one transaction; throws,
 * having copied nothing, when the database already holds rows.
 */
export async function copyIntoPostgres(pool: pg.Pool, pagesOf: (table: CopiedTable) => Iterable<Row[]>): Promise<void> {
  const nonEmpty = [];
  for (const table of ['submissions', 'outbox', 'coach_account', 'audit_log', 'funnel_sources']) {
    if ((await countRows(pool, table)) > 0) nonEmpty.push(table);
  }
  if (nonEmpty.length > 0) {
    throw new Error(`The Postgres database of DATABASE_URL is not empty (${nonEmpty.join(', ')} hold rows): nothing was copied. Use a new, empty database.`);
  }
  await transaction(pool, async (client) => {
    // The aggregate and its time zone come from SQLite, replacing what opening built.
    await client.query('DELETE FROM profile_daily');
    await client.query('DELETE FROM analytics_meta');
    // The settings' revision and first version come from SQLite too, replacing those the migrations made.
    await client.query('DELETE FROM settings_versions');
    await client.query('DELETE FROM settings_revision');
    for (const table of copiedTables) await copyTable(client, table, pagesOf(table));
  });
}

/** How many rows a table (or view) holds. */
export async function countRows(pool: pg.Pool, name: string): Promise<number> {
  return (await pool.query<{ n: number }>(`SELECT count(*) AS n FROM ${name}`)).rows[0]?.n ?? 0;
}
