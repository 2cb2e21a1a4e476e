/**
 * Connections to the Postgres database of DATABASE_URL: the pool every instance keeps, one
 * transaction on a pooled connection, and creating a database (the tests' and the benchmark's
 * throwaway server, server/test/postgres-cluster.ts).
 */
import pg from 'pg';

const { Pool, types } = pg;

export type PostgresPool = pg.Pool;
export type PostgresClient = pg.PoolClient;

/** BIGINT (times in ms, ids, counts) and NUMERIC (sums) as numbers: all stay below 2^53. */
const typeParsers = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === types.builtins.INT8 || oid === types.builtins.NUMERIC
      ? (value: string) => Number(value)
      : types.getTypeParser(oid, format ?? 'text')) as typeof types.getTypeParser,
};

/** A pool of at most `max` connections to `url`; idle connections' errors go to `onError`. */
export function openPool(url: string, max = 1, onError?: (error: unknown) => void): pg.Pool {
  const pool = new Pool({ connectionString: url, max, connectionTimeoutMillis: 10_000, types: typeParsers });
  pool.on('error', (error) => onError?.(error));
  return pool;
}

/** Runs `work` in one transaction on one pooled connection: committed if it resolves, rolled back if it throws. */
export async function transaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** Builds positional parameters ($1, $2...) for a query assembled from parts. */
export function parameters() {
  const values: unknown[] = [];
  const add = (value: unknown) => {
    values.push(value);
    return `$${values.length}`;
  };
  return { values, add };
}

/** Creates an empty database `name` on the server of `adminUrl`; returns its URL. */
export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.href;
}
