/**
 * The storage contract on SQLite (the default): one file under DATA_DIR, in WAL mode with
 * synchronous=FULL. The SQL is in this folder, one file per concern, as plain synchronous functions
 * over a connection, each file making its part of the contract; this class assembles the parts over
 * one connection.
 *
 * The server runs it in two storage threads (./thread.ts, ./thread-storage.ts), never on the event
 * loop, each with its own connection: the lead thread stores the batches of the main thread's group
 * commit (one transaction each, ./submissions.ts) and serves the outbox and the e-mail's links. The
 * dashboard thread serves the rest; a slow read there never holds up a lead. SQLite has one writer
 * at a time: each connection waits up to a second for the write lock (the other thread's short
 * transaction, the coach's `erase` in another process), in its own thread, never on the event
 * loop; a batch still locked out then is tried again by the group commit a few milliseconds later.
 *
 * The coach's commands and the SQL's tests open it directly, on one connection (`submit` is then
 * one transaction per lead).
 *
 * Checkpoints (copying the WAL into the database file) are SQLite's own: after a commit that takes
 * the WAL past 1000 pages (4 MB, a few milliseconds to copy), so under load the WAL stays small and
 * is reused from its start; and, on the lead connection, once a second, so that in quiet times
 * leads reach the file itself.
 */
import { sqliteAccessTable } from './access';
import { sqliteAuditLog } from './audit';
import type { SqliteDatabase } from './binding';
import { backupDatabase, openDatabase } from './connection';
import { sqliteFunnelStore } from './funnel';
import { probeWrite } from './health';
import { sqliteDashboardReads } from './leads';
import { sqliteLinks } from './links';
import { sqliteOfferCounts } from './offers';
import { sqliteOutboxQueue } from './outbox';
import { sqlitePaceWindow } from './pace';
import { sqliteSessionTable } from './sessions';
import { sqliteSettingsTable, sqliteSetupCodeTable } from './settings';
import { batchWriter } from './submissions';
import { sqliteThrottleTable } from './throttle';
import { Assembled, byChannel, makeParts, type PartMakers } from '../parts';
import { isLockedError, type Storage, type Submission, type SubmitResult } from '../storage';

/** A checkpoint this often, so leads reach the database file itself in quiet times too. */
const CHECKPOINT_INTERVAL_MS = 1_000;

/**
 * What the connection is for: the lead thread's (checkpoints once a second), the dashboard
 * thread's (a larger cache), or both at once (the coach's commands, tests).
 */
export type SqliteRole = 'leads' | 'dashboard' | 'all';

export type SqliteOptions = {
  role?: SqliteRole;
  /** The lead connection: called if the once-a-second checkpoint fails for a reason other than another process being busy. */
  onCheckpointFailure?: (error: unknown) => void;
  now?: () => number;
};

/** Each part of the contract (but the leads') over one connection. */
const sqliteParts: PartMakers<SqliteDatabase> = {
  outbox: (db) => byChannel((channel) => sqliteOutboxQueue(db, channel)),
  links: sqliteLinks,
  sessions: sqliteSessionTable,
  setupCodes: sqliteSetupCodeTable,
  access: sqliteAccessTable,
  audit: sqliteAuditLog,
  funnel: sqliteFunnelStore,
  offers: sqliteOfferCounts,
  throttle: sqliteThrottleTable,
  paceWindow: sqlitePaceWindow,
  settings: sqliteSettingsTable,
  dashboard: sqliteDashboardReads,
};

export class SqliteStorage extends Assembled implements Storage {
  readonly backend = 'sqlite';
  /** One batch in one transaction, at once (the server's group commit is the main thread's). */
  readonly writeBatch: (batch: Submission[]) => SubmitResult[];
  readonly #checkpointTimer: NodeJS.Timeout | null;

  private constructor(
    readonly db: SqliteDatabase,
    options: SqliteOptions,
  ) {
    const now = options.now ?? Date.now;
    const writeBatch = batchWriter(db);
    super({
      ...makeParts(sqliteParts, db),
      leads: { submit: async (submission) => writeBatch([{ ...submission, now: now() }])[0] as SubmitResult, probeWrite: async (at) => probeWrite(db, at) },
    });
    this.writeBatch = writeBatch;
    this.#checkpointTimer = options.role === 'leads' ? checkpointEverySecond(db, options.onCheckpointFailure) : null;
  }

  /** The database under `dataDir` (created and migrated if need be), on one connection set up for `role`. */
  static open(dataDir: string, options: SqliteOptions = {}): SqliteStorage {
    const db = openDatabase(dataDir);
    // The server's threads wait a second at most for the other's write (in the thread, not the event loop).
    if (options.role !== undefined && options.role !== 'all') db.pragma('busy_timeout = 1000');
    // When the WAL starts over after a complete checkpoint, its file shrinks back to this size.
    if (options.role === 'leads') db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    if (options.role === 'dashboard') db.pragma('cache_size = -65536');
    return new SqliteStorage(db, options);
  }

  /** The coach's commands' storage: one connection for everything. */
  static openForCommands(dataDir: string): SqliteStorage {
    return SqliteStorage.open(dataDir);
  }

  /** `npm run coach -- backup`: a consistent copy in one new file, safe while the server runs. */
  backup(target: string): void {
    backupDatabase(this.db, target);
  }

  /** Closes the connection (which checkpoints the file). */
  async close(): Promise<void> {
    if (this.#checkpointTimer) clearInterval(this.#checkpointTimer);
    if (this.db.open) this.db.close();
  }
}

function checkpointEverySecond(db: SqliteDatabase, onFailure: SqliteOptions['onCheckpointFailure']): NodeJS.Timeout {
  const timer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      // Busy: another process is checkpointing or erasing; the next second will do.
      if (!isLockedError(error)) onFailure?.(error);
    }
  }, CHECKPOINT_INTERVAL_MS);
  timer.unref();
  return timer;
}
