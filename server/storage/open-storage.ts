/**
 * Chooses the backend: Postgres when DATABASE_URL is set, else the SQLite file under DATA_DIR.
 */
import type { ServerConfig } from '../config';
import { ConfigError } from '../config';
import { checkDataDirWritable } from './data-dir';
import { DatabaseUnavailableError, PostgresStorage } from './postgres/storage';
import { SqliteStorage } from './sqlite/storage';
import { SqliteThreadStorage } from './sqlite/thread-storage';
import type { Storage, StoreOptions } from './storage';

/**
 * The server's storage. An unreachable Postgres stops start-up with a ConfigError naming
 * DATABASE_URL; a DATA_DIR that cannot be written, one naming DATA_DIR (./data-dir.ts).
 */
export async function openStorage(config: Pick<ServerConfig, 'dataDir' | 'database'>, options: StoreOptions): Promise<Storage> {
  if (config.database === null) {
    checkDataDirWritable(config.dataDir);
    return SqliteThreadStorage.open(config.dataDir, options);
  }
  try {
    return await PostgresStorage.open(config.database, options);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw new ConfigError(error.message);
    throw error;
  }
}

export { DATABASE_FILE } from './sqlite/connection';

/**
 * The coach's commands' storage: Postgres with DATABASE_URL, else the SQLite file under DATA_DIR
 * without a lead store (the commands store no leads). Opening SQLite creates the file if it is not
 * there: the commands check first, unless creating it is what they mean.
 */
export async function openCommandStorage(config: Pick<ServerConfig, 'dataDir' | 'database'>): Promise<Storage> {
  if (config.database !== null) return PostgresStorage.open(config.database, {});
  return SqliteStorage.openForCommands(config.dataDir);
}

/** `backup`: a consistent copy of the SQLite database in one new file; false on Postgres, where pg_dump does it. */
export function backupStorage(storage: Storage, target: string): boolean {
  if (!(storage instanceof SqliteStorage)) return false;
  storage.backup(target);
  return true;
}
