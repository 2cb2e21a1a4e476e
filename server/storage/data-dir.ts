/**
 * The start-up check of DATA_DIR (SQLite only): the folder exists or can be made, a file can be
 * written and synced in it, and the database files already there can be opened for writing. A
 * read-only folder or file, a read-only mount or a full disk stops the start with a message naming
 * DATA_DIR, instead of a server that shows every page and answers every lead with a 500 (SQLite
 * opens a file it may not write read-only, without a word). The check writes and removes one small
 * file; it reads nothing. A folder every user may write (mode o+w) is refused: anyone could replace
 * the database.
 */
import { closeSync, fsyncSync, mkdirSync, openSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config';
import { DATABASE_FILE } from './sqlite/connection';

/** The SQLite files of the lead database: the file, its write-ahead log and its shared memory. */
const databaseFiles = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`];

/** What an error code means for the coach, in words. */
function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'this user may not write there (check its owner and permissions)';
    case 'EROFS':
      return 'it is on a read-only file system';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full (or the quota used up)';
    case 'ENOTDIR':
      return 'it is not a folder';
    default:
      return `it cannot be written (${code ?? String(error)})`;
  }
}

/** Throws a ConfigError naming DATA_DIR unless the lead database can be written there. */
export function checkDataDirWritable(dataDir: string): void {
  const fail = (what: string, error: unknown): never => {
    throw new ConfigError(`DATA_DIR (${dataDir}) cannot hold the lead database: ${what} ${reason(error)}. Leads could not be stored.`);
  };
  try {
    mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  } catch (error) {
    fail('the folder cannot be created:', error);
  }
  // Every user of the machine could replace or read the database (and the secrets' key) in it.
  const { mode } = statSync(dataDir);
  if ((mode & 0o002) !== 0) {
    throw new ConfigError(
      `DATA_DIR (${dataDir}) is writable by every user of this machine (mode ${(mode & 0o7777).toString(8)}): anyone could replace the lead database. Close it to its owner (chmod 700 ${dataDir}) or choose another folder.`,
    );
  }
  const probe = join(dataDir, `.write-check-${process.pid}`);
  let descriptor: number | null = null;
  try {
    descriptor = openSync(probe, 'wx', 0o600);
    // A page's worth, synced: a full disk refuses it here rather than at the first lead.
    writeSync(descriptor, Buffer.alloc(4096));
    fsyncSync(descriptor);
  } catch (error) {
    fail('a file cannot be written in the folder:', error);
  } finally {
    if (descriptor !== null) closeSync(descriptor);
    try {
      unlinkSync(probe);
    } catch {
      // Not created.
    }
  }
  for (const name of databaseFiles) {
    try {
      closeSync(openSync(join(dataDir, name), 'r+'));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      fail(`${name} cannot be opened for writing:`, error);
    }
  }
}
