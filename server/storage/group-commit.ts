/**
 * Group commit, the one mechanism both backends store leads with. `submit()` queues an item and
 * returns a promise; once per turn of the event loop, everything queued in that turn is written as
 * ONE batch (at most `batchCap` items) by the backend's part, and then all their promises settle.
 * One commit (one fsync) covers many visitors, nobody gets an answer before their lead is
 * committed, and a failed batch stores nothing and rejects every item in it.
 *
 * The backend's part writes a batch and returns a promise of its results, one per item in order:
 * SQLite one transaction on its lead connection (server/storage/sqlite/submissions.ts), Postgres
 * one transaction on a pooled connection (server/storage/postgres/submissions.ts). While
 * `maxInFlight` batches are being written the next one gathers. A failure the backend calls "busy"
 * (another process holds SQLite's write lock) puts the batch back at the head of the queue and tries
 * again every 5 ms; after 5 s its items fail with `StorageBusyError`, which the lead route answers
 * as it answers a lead not stored in time: 503 with Retry-After, and the page's retry stores it.
 */
import { isLockedError, StorageBusyError, type StoreOptions, type Submission, type SubmitResult } from './storage';

export type GroupCommitOptions<Result> = {
  /** The largest batch: it bounds how long one transaction takes (on SQLite, in the lead thread, never on the event loop). */
  batchCap: number;
  /** How many batches may be written at once. */
  maxInFlight: number;
  /** Whether a failure means "busy: try again later" rather than "failed". */
  isBusy?: (error: unknown) => boolean;
  /** Told about every committed batch's results. */
  onCommitted?: (results: Result[]) => void;
};

/** While the database is busy, a batch is tried again this often... */
const BUSY_RETRY_MS = 5;
/** ...for at most this long; then its items fail. */
const BUSY_GIVE_UP_MS = 5_000;
/** The largest group commit unless told otherwise. */
export const DEFAULT_BATCH_CAP = 512;

type Pending<Item, Result> = { item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void };

class StoreClosedError extends Error {
  override name = 'StoreClosedError';
}

export class GroupCommit<Item, Result> {
  /** How many batches stored how many items: the group commit's batch size, observable. */
  readonly metrics = { flushes: 0, submissions: 0 };
  readonly #write: (batch: Item[]) => Promise<Result[]>;
  readonly #options: GroupCommitOptions<Result>;
  #queue: Pending<Item, Result>[] = [];
  #scheduled = false;
  #inFlight = 0;
  /** Set while the database is busy: when the batch at the head of the queue first found it so. */
  #busySince: number | null = null;
  #retryTimer: NodeJS.Timeout | null = null;
  #closing: Promise<void> | null = null;
  #drained: (() => void) | null = null;

  constructor(write: (batch: Item[]) => Promise<Result[]>, options: GroupCommitOptions<Result>) {
    this.#write = write;
    this.#options = options;
  }

  /** Queues an item; resolves with its result once its batch is committed. */
  submit(item: Item): Promise<Result> {
    if (this.#closing) return Promise.reject(new StoreClosedError('The lead store is closed.'));
    return new Promise<Result>((resolve, reject) => {
      this.#queue.push({ item, resolve, reject });
      if (!this.#scheduled && this.#retryTimer === null) {
        this.#scheduled = true;
        setImmediate(() => {
          this.#scheduled = false;
          this.#pump();
        });
      }
    });
  }

  /** Starts batches while there is work and room, unless waiting out a busy database. */
  #pump(): void {
    while (this.#queue.length > 0 && this.#inFlight < this.#options.maxInFlight && this.#retryTimer === null) {
      const batch = this.#queue.splice(0, this.#options.batchCap);
      this.#inFlight += 1;
      this.#write(batch.map((pending) => pending.item))
        .then(
          (results) => this.#settle(batch, results),
          (error: unknown) => this.#failed(batch, error),
        )
        .finally(() => {
          this.#inFlight -= 1;
          this.#pump();
          if (this.#inFlight === 0 && this.#queue.length === 0) this.#drained?.();
        });
    }
  }

  #settle(batch: Pending<Item, Result>[], results: Result[]): void {
    this.#busySince = null;
    this.metrics.flushes += 1;
    this.metrics.submissions += batch.length;
    batch.forEach((pending, index) => pending.resolve(results[index] as Result));
    this.#options.onCommitted?.(results);
  }

  #failed(batch: Pending<Item, Result>[], error: unknown): void {
    const busy = this.#options.isBusy?.(error) === true;
    if (busy) {
      const now = Date.now();
      this.#busySince ??= now;
      if (now - this.#busySince < BUSY_GIVE_UP_MS) {
        this.#queue.unshift(...batch);
        this.#retryTimer ??= setTimeout(() => {
          this.#retryTimer = null;
          this.#pump();
        }, BUSY_RETRY_MS);
        return;
      }
    }
    this.#busySince = null;
    const failure = busy
      ? new StorageBusyError('Storing a batch of leads failed: the database stayed locked by another process')
      : new Error(`Storing a batch of leads failed: ${(error as Error | null)?.message ?? String(error)}`);
    for (const pending of batch) pending.reject(failure);
  }

  /** Stores what is still queued (waiting out a busy database as usual); refuses new items. */
  close(): Promise<void> {
    this.#closing ??= new Promise<void>((resolve) => {
      if (this.#inFlight === 0 && this.#queue.length === 0) return resolve();
      this.#drained = resolve;
      this.#pump();
    });
    return this.#closing;
  }
}

/**
 * The group commit of leads, as both backends use it: `write` stores a batch of submissions in one
 * transaction and reports, per submission, the channels it queued deliveries on; after a commit
 * that queued any, `onQueued` is told which channels.
 */
export function submissionCommit(
  write: (batch: Submission[]) => Promise<SubmitResult[]>,
  options: StoreOptions,
  tuning: { maxInFlight: number },
): GroupCommit<Submission, SubmitResult> {
  return new GroupCommit(write, {
    batchCap: options.batchCap ?? DEFAULT_BATCH_CAP,
    maxInFlight: tuning.maxInFlight,
    isBusy: isLockedError,
    onCommitted: (results) => {
      const channels = new Set(results.flatMap((result) => (result.kind === 'stored' ? result.queued : [])));
      if (channels.size > 0) options.onQueued?.(channels);
    },
  });
}
