/** Postgres for a test: a fresh, empty database on the run's throwaway server (see postgres-global-setup.ts). */
import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { PostgresSettings } from '../config';
import { createDatabase } from './postgres-cluster';

/** Creates an empty database and returns its URL. */
export function freshPostgresUrl(): Promise<string> {
  return createDatabase(inject('postgresUrl'), `test_${randomBytes(6).toString('hex')}`);
}

/** The server's Postgres settings for a fresh database. */
export async function freshPostgres(poolSize = 5): Promise<PostgresSettings> {
  const url = await freshPostgresUrl();
  return { url, safeUrl: url, poolSize };
}
