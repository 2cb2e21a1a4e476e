/**
 * The SQLite file under DATA_DIR: opening it (created private to its user, migrated, in WAL mode
 * with synchronous=FULL, so a committed submission survives a crash or a power cut) and copying it
 * (the coach's `backup`).
 */
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type SqliteDatabase } from './binding';
import { normalizeEmail } from '../email';
import { migrations } from './migrations';

export const DATABASE_FILE = 'leads.db';

/** Opens (and creates or migrates) the database: WAL, synchronous=FULL, foreign keys, secure delete. */
export function openDatabase(dataDir: string): SqliteDatabase {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DATABASE_FILE);
  const created = !existsSync(file);
  const db = openSqlite(file);
  // Personal data: readable by the server's user only (SQLite gives -wal and -shm the same mode).
  if (created) chmodSync(file, 0o600);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros, so an erased address leaves no trace in the file.
  db.pragma('secure_delete = ON');
  migrate(db);
  return db;
}

/**
 * A consistent copy of the whole database in one file (VACUUM INTO), safe while the server runs.
 * The target must not exist yet: a backup never overwrites anything.
 */
export function backupDatabase(db: SqliteDatabase, target: string): void {
  if (existsSync(target)) throw new Error('The backup file already exists; choose a new name.');
  db.prepare('VACUUM INTO ?').run(target);
  chmodSync(target, 0o600);
}

/** How long an erase keeps trying to empty the WAL while another connection checkpoints. */
export const TRUNCATE_RETRY_MS = 1_000;
const TRUNCATE_PAUSE_MS = 10;

/** Blocks this thread for `ms` (a storage thread's calls are synchronous). */
function pauseThread(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/**
 * A TRUNCATE checkpoint: the WAL emptied, so it keeps no old copy of what an erase removed. While
 * another connection runs its own checkpoint (the lead thread's, once a second) SQLite answers
 * busy at once, without waiting: so this tries again every 10 ms for up to a second. A reader that
 * holds the WAL past the busy timeout is still busy then. True once the WAL is empty.
 */
export function truncateWal(
  db: Pick<SqliteDatabase, 'pragma'>,
  clock: { now: () => number; pause: (ms: number) => void } = { now: Date.now, pause: pauseThread },
): boolean {
  const until = clock.now() + TRUNCATE_RETRY_MS;
  for (;;) {
    const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as { busy: number }[];
    if (!checkpoint?.busy) return true;
    if (clock.now() >= until) return false;
    clock.pause(TRUNCATE_PAUSE_MS);
  }
}

/** Brings the schema up to date; refuses a database written by a newer version of the app. */
export function migrate(db: SqliteDatabase): void {
  // For migration 6: the stored form of an address, as the app computes it.
  db.function('normalize_email', { deterministic: true }, (stored) => normalizeEmail(String(stored)));
  const version = () => db.pragma('user_version', { simple: true }) as number;
  const step = db.transaction(() => {
    // Read inside the write lock, so two processes starting together never run a migration twice.
    const current = version();
    const sql = migrations[current];
    if (sql === undefined) return false;
    db.exec(sql);
    if ((db.pragma('foreign_key_check') as unknown[]).length > 0) {
      throw new Error(`Migration ${current + 1} would break a foreign key; nothing was changed.`);
    }
    db.pragma(`user_version = ${current + 1}`);
    return true;
  });
  if (version() > migrations.length) {
    throw new Error(
      `The lead database has schema version ${version()}, newer than this app knows (${migrations.length}). Update the app.`,
    );
  }
  // A migration may rebuild a table others refer to (SQLite's documented way to change a table):
  // foreign keys are off meanwhile (the pragma is ignored inside a transaction), and each migration
  // checks them before it commits.
  const foreignKeys = db.pragma('foreign_keys', { simple: true }) as number;
  db.pragma('foreign_keys = OFF');
  try {
    while (step.immediate()) {
      // one migration per transaction
    }
  } finally {
    db.pragma(`foreign_keys = ${foreignKeys ? 'ON' : 'OFF'}`);
  }
}
