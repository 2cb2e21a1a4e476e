/**
 * Vitest's global setup for the server tests: one throwaway Postgres server for the whole run
 * (server/test/postgres-cluster.ts), stopped and removed at the end, even when tests fail. Without
 * Postgres installed the run fails here, saying how to install it: the Postgres tests never skip.
 */
import type { TestProject } from 'vitest/node';
import { startPostgresCluster } from './postgres-cluster';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The test server's superuser URL; each test file makes its own database (server/test/postgres.ts). */
    postgresUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => void> {
  const cluster = await startPostgresCluster();
  project.provide('postgresUrl', cluster.url);
  return () => cluster.stop();
}
