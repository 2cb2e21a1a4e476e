/** Postgres for a test: a fresh, empty database on the run's throwaway server (see postgres-global-setup.ts). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import type { PostgresSettings } from '../config';

/** Creates an empty database and returns its URL. */
export async function freshPostgresUrl(): Promise<string> {
  const admin = new URL(inject('postgresUrl'));
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: admin.href });
  await client.connect();
  try {
    await client.query(`CREATE DATABASE ${name}`);
  } finally {
    await client.end();
  }
  admin.pathname = `/${name}`;
  return admin.href;
}

/** The server's Postgres settings for a fresh database. */
export async function freshPostgres(poolSize = 5): Promise<PostgresSettings> {
  const url = await freshPostgresUrl();
  return { url, safeUrl: url, poolSize };
}
