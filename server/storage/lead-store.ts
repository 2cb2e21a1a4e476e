/**
 * The lead store: one SQLite file under DATA_DIR, in WAL mode with synchronous=FULL, so a
 * committed submission survives a crash or a power cut.
 *
 * Writes use group commit: `submit()` queues the submission and returns a promise; once per turn of
 * the event loop, everything queued in that turn is stored in ONE transaction (at most `batchCap`
 * per transaction), and then all their promises settle. One fsync covers many visitors, nobody gets
 * an answer before their lead is on disk, and a failed transaction stores nothing and rejects every
 * submission in it.
 *
 * The transaction runs on the event loop. It holds the loop for its own work and its fsync (for a
 * batch of 50: about 0.5 ms on the benchmark machine), never for a lock: when another process (the
 * coach's `erase`) holds the write lock, the batch is tried again a few milliseconds later. A writer
 * thread was measured too; on 2 cores shared with the load generator it stored 20% fewer leads per
 * second, since a third busy thread costs more than the fsync it keeps off the loop.
 *
 * Checkpoints (copying the WAL into the database file) are SQLite's own: after a commit that takes
 * the WAL past 1000 pages (4 MB, a few milliseconds to copy), so under load the WAL stays small and
 * is reused from its start; and once a second, so that in quiet times leads reach the file itself.
 */
import type Database from 'better-sqlite3';
import type { Lead } from '../../src/shared/lead';
import type { ConsentRecord } from '../leads/consent';
import { batchWriter, openDatabase, type Submission, type SubmitResult } from './lead-db';
import { ensureProfileAggregate } from './profile-aggregate';

export { DATABASE_FILE, normalizeEmail, openDatabase, type SubmitResult } from './lead-db';

/** The largest group commit: it bounds how long one transaction holds the event loop. */
const DEFAULT_BATCH_CAP = 512;
/** A checkpoint this often, so leads reach the database file itself in quiet times too. */
const CHECKPOINT_INTERVAL_MS = 1_000;
/** While another process holds the write lock, a batch is tried again this often... */
const LOCKED_RETRY_MS = 5;
/** ...for at most this long; then its submissions fail (the visitor sees an error and can retry). */
const LOCKED_GIVE_UP_MS = 5_000;

type Pending = Submission & {
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
};

export type StoreOptions = {
  /** Also write an outbox row for each new submission (a webhook is configured). */
  outbox: boolean;
  /** Called after a commit that added outbox rows, so delivery can start at once. */
  onOutboxRows?: () => void;
  /** Called if the once-a-second checkpoint fails for a reason other than another process being busy. */
  onCheckpointFailure?: (error: unknown) => void;
  now?: () => number;
  batchCap?: number;
  /** The analytics time zone: the days of the profile aggregate (default UTC). */
  timeZone?: string;
};

class StoreClosedError extends Error {
  override name = 'StoreClosedError';
}

const isLocked = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

export class LeadStore {
  /** The server's connection: it stores leads and serves the outbox. */
  readonly db: Database.Database;
  /** How many transactions stored how many submissions: the group commit's batch size, observable. */
  readonly metrics = { flushes: 0, submissions: 0 };
  #queue: Pending[] = [];
  #flushScheduled = false;
  /** Set while the write lock is held elsewhere: when the oldest queued submission first found it so. */
  #lockedSince: number | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #closing: Promise<void> | null = null;
  readonly #write: (batch: Submission[]) => SubmitResult[];
  readonly #checkpointTimer: NodeJS.Timeout;
  readonly #options: StoreOptions & { now: () => number; batchCap: number };

  constructor(dataDir: string, options: StoreOptions) {
    this.db = openDatabase(dataDir);
    // Built once, or rebuilt when the analytics time zone changed (one scan of the submissions).
    ensureProfileAggregate(this.db, options.timeZone ?? 'UTC');
    // When the WAL starts over after a complete checkpoint, its file shrinks back to this size.
    this.db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
    // The event loop never sleeps on a lock: a locked database answers at once and is retried later.
    this.db.pragma('busy_timeout = 0');
    this.#options = { ...options, now: options.now ?? Date.now, batchCap: options.batchCap ?? DEFAULT_BATCH_CAP };
    this.#write = batchWriter(this.db, { outbox: options.outbox, timeZone: options.timeZone });
    this.#checkpointTimer = setInterval(() => this.#checkpoint(), CHECKPOINT_INTERVAL_MS);
    this.#checkpointTimer.unref();
  }

  /** Queues a validated lead; resolves once it is committed to disk (or was stored before). */
  submit(lead: Lead, idempotencyKey?: string, consent?: ConsentRecord): Promise<SubmitResult> {
    if (this.#closing) return Promise.reject(new StoreClosedError('The lead store is closed.'));
    return new Promise<SubmitResult>((resolve, reject) => {
      this.#queue.push({ lead, idempotencyKey, now: this.#options.now(), consent, resolve, reject });
      if (!this.#flushScheduled && this.#retryTimer === null) {
        this.#flushScheduled = true;
        setImmediate(() => {
          this.#flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  /** Stores everything queued, in transactions of at most the batch cap. */
  flush(): void {
    while (this.#queue.length > 0) {
      const batch = this.#queue.slice(0, this.#options.batchCap);
      let results: SubmitResult[] | Error;
      try {
        results = this.#write(batch);
      } catch (error) {
        if (isLocked(error) && this.#waitForLock()) return;
        const reason = isLocked(error) ? 'the database stayed locked by another process' : String(error);
        results = new Error(`Storing a batch of leads failed: ${reason}`);
      }
      this.#queue.splice(0, batch.length);
      this.#lockedSince = null;
      if (results instanceof Error) {
        for (const pending of batch) pending.reject(results);
        continue;
      }
      this.metrics.flushes += 1;
      this.metrics.submissions += batch.length;
      const stored = results;
      batch.forEach((pending, index) => pending.resolve(stored[index] as SubmitResult));
      if (this.#options.outbox && stored.some((result) => result.kind === 'stored' && !result.replayed)) {
        this.#options.onOutboxRows?.();
      }
    }
  }

  /** Schedules another try while the lock has been held elsewhere for less than the limit. */
  #waitForLock(): boolean {
    const now = Date.now();
    this.#lockedSince ??= now;
    if (now - this.#lockedSince >= LOCKED_GIVE_UP_MS) return false;
    this.#retryTimer ??= setTimeout(() => {
      this.#retryTimer = null;
      this.flush();
    }, LOCKED_RETRY_MS);
    return true;
  }

  #checkpoint(): void {
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      // Busy: another process is checkpointing or erasing; the next second will do.
      if (!isLocked(error)) this.#options.onCheckpointFailure?.(error);
    }
  }

  /** Stores what is still queued and closes the database (which checkpoints it). */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      while (this.#queue.length > 0) {
        if (this.#retryTimer !== null) await new Promise((resolve) => setTimeout(resolve, LOCKED_RETRY_MS));
        else this.flush();
      }
      clearInterval(this.#checkpointTimer);
      this.db.close();
    })();
    return this.#closing;
  }
}
