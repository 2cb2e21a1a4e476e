/**
 * Chooses the backend: Postgres when DATABASE_URL is set, else the SQLite file under DATA_DIR.
 */
import type { ServerConfig } from '../config';
import { ConfigError } from '../config';
import { DatabaseUnavailableError, PostgresStorage } from './postgres/storage';
import { SqliteStorage } from './sqlite/storage';
import type { Storage, StoreOptions } from './storage';

/** The server's storage. An unreachable Postgres stops start-up with a ConfigError naming DATABASE_URL. */
export async function openStorage(config: Pick<ServerConfig, 'dataDir' | 'database'>, options: StoreOptions): Promise<Storage> {
  if (config.database === null) return SqliteStorage.open(config.dataDir, options);
  try {
    return await PostgresStorage.open(config.database, options);
  } catch (error) {
    if (error instanceof DatabaseUnavailableError) throw new ConfigError(error.message);
    throw error;
  }
}
