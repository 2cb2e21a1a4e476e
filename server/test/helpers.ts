import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll } from 'vitest';
import type { AppDeps } from '../app';
import { buildApp } from '../app';
import type { Lead } from '../../src/shared/lead';
import { loadConfig, type ServerConfig } from '../config';
import { openSqlite, type SqliteDatabase } from '../storage/sqlite/binding';
import { DATABASE_FILE } from '../storage/sqlite/connection';
import { SqliteStorage } from '../storage/sqlite/storage';
import type { Routing } from '../storage/storage';
import { SqliteThreadStorage } from '../storage/sqlite/thread-storage';
import { makeFakeDist } from './fake-dist';
import { makeTempDir } from './temp-dirs';

/** Personal data used as fixtures; tests assert they never show up in a log line. */
export const fixtureEmail = 'zephyrine.fixture@example.org';
export const fixtureName = 'Zephyrine';

export const validLead = {
  email: fixtureEmail,
  firstName: fixtureName,
  ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3],
};

/** A fresh temporary folder, removed after the test file (see server/test/setup.ts). */
export function tempDir(prefix = 'core-drivers-test-'): string {
  return makeTempDir(prefix);
}

/**
 * Configuration for a test: a fake build, a fresh data folder, no log unless asked for, and
 * OUTBOUND_ALLOWED_HOSTS=loopback (every test receiver listens on 127.0.0.1; the tests of the rule
 * itself set their own).
 */
export function testConfig(overrides: Partial<ServerConfig> = {}): ServerConfig {
  return { ...loadConfig({ OUTBOUND_ALLOWED_HOSTS: 'loopback' }), distDir: makeFakeDist(), dataDir: tempDir(), logLevel: 'silent', settingsKey: testSettingsKey, ...overrides };
}

/** A server configuration whose environment sets the webhook (LEAD_WEBHOOK_URL and LEAD_WEBHOOK_SECRET, checked as start-up would). */
export function webhookEnvironment(url: string, secret: string): Pick<ServerConfig, 'environmentSettings'> {
  return { environmentSettings: loadConfig({ LEAD_WEBHOOK_URL: url, LEAD_WEBHOOK_SECRET: secret }).environmentSettings };
}

/** SETTINGS_ENCRYPTION_KEY of the tests' servers (required with Postgres): 32 bytes in base64, not a secret. */
export const testSettingsKey = Buffer.alloc(32, 7).toString('base64');

/** Collects the JSON log lines an app writes. */
export function captureLog(): { stream: { write(line: string): void }; lines: string[] } {
  const lines: string[] = [];
  return { stream: { write: (line: string) => void lines.push(line) }, lines };
}

export type RunningApp = { app: FastifyInstance; url: string };

/** Builds the app and serves it on 127.0.0.1 on any free port. */
export async function startApp(config: ServerConfig, deps: AppDeps = {}): Promise<RunningApp> {
  const app = await buildApp({ ...config, host: '127.0.0.1', port: 0 }, deps);
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: address };
}

export function postLead(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/api/leads`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** The SQLite connection that stores an app's leads, for tests that look inside the database. */
const sideConnections = new Map<string, SqliteDatabase>();

/**
 * A connection of the test's own to the SQLite file of an app (whose storage runs in its thread:
 * server/storage/sqlite/thread-storage.ts), for tests that look inside the database. In WAL mode it
 * sees every committed write; it is closed after the test file.
 */
export function sqliteDb(app: FastifyInstance | undefined): SqliteDatabase {
  const storage = app?.storage;
  if (storage instanceof SqliteStorage) return storage.db;
  if (!(storage instanceof SqliteThreadStorage)) throw new Error('This test needs a running app on the SQLite backend.');
  let db = sideConnections.get(storage.dataDir);
  if (!db?.open) {
    db = openSqlite(join(storage.dataDir, DATABASE_FILE));
    db.pragma('busy_timeout = 5000');
    sideConnections.set(storage.dataDir, db);
  }
  return db;
}

afterAll(() => {
  for (const db of sideConnections.values()) if (db.open) db.close();
  sideConnections.clear();
});

/** A lead with this address and name (and, unless given, a mixed profile). */
export const testLead = (email: string, firstName: string, ratings: Lead['ratings'] = [1, 1, 1, 2, 2, 2, 3, 3, 3]): Lead => ({
  email,
  firstName,
  ratings,
});

/** A SQLite storage in a fresh folder holding these leads (each with its Idempotency-Key, if given). */
export async function storeWith(leads: [Lead, string?][], routing?: Routing): Promise<{ dataDir: string; store: SqliteStorage }> {
  const dataDir = tempDir();
  const store = SqliteStorage.open(dataDir, {});
  await Promise.all(leads.map(([entry, key]) => store.leads.submit({ lead: entry, idempotencyKey: key, routing })));
  return { dataDir, store };
}
