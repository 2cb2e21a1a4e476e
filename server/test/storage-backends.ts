/**
 * The backends the storage contract suite runs against: the classes the server opens
 * (server/storage/open-storage.ts), SQLite through its storage thread in a temporary folder and
 * Postgres in a fresh database on the run's throwaway server. Each opened storage is closed after
 * its test.
 */
import { afterEach } from 'vitest';
import { openStorage } from '../storage/open-storage';
import type { Storage, StoreOptions } from '../storage/storage';
import { tempDir } from './helpers';
import { freshPostgres } from './postgres';

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

const remember = (storage: Storage) => (opened.push(storage), storage);

export const storageBackends: [string, (options?: StoreOptions) => Promise<Storage>][] = [
  ['SQLite', async (options = {}) => remember(await openStorage({ dataDir: tempDir(), database: null }, options))],
  ['Postgres', async (options = {}) => remember(await openStorage({ dataDir: tempDir(), database: await freshPostgres() }, options))],
];
