/**
 * The lead store: one SQLite file under DATA_DIR, in WAL mode with synchronous=FULL, so a
 * committed submission survives a crash or a power cut.
 *
 * Writes use group commit: `submit()` queues the submission and returns a promise; one flush
 * (on the next turn of the event loop, as soon as the queue is full, or as soon as the previous
 * commit is done) hands every queued submission to the writer thread, which stores them in ONE
 * transaction; then all their promises settle. One fsync covers many visitors, nobody gets an
 * answer before their lead is on disk, and a failed transaction stores nothing and rejects every
 * submission in it. While one batch commits, the next one gathers.
 */
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';
import type { Lead } from '../src/shared/lead';
import { openDatabase, type Submission, type SubmitResult } from './lead-db';

export { DATABASE_FILE, normalizeEmail, openDatabase, type SubmitResult } from './lead-db';

/** The largest group commit; past it the queue is flushed at once instead of on the next turn. */
const DEFAULT_BATCH_CAP = 512;

type Pending = Submission & {
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
};

export type StoreOptions = {
  /** Also write an outbox row for each new submission (a webhook is configured). */
  outbox: boolean;
  /** Called after a commit that added outbox rows, so delivery can start at once. */
  onOutboxRows?: () => void;
  /**
   * Called if a thread dies. The writer: from then on every submission fails. The checkpointer:
   * leads are still stored, but the WAL file grows until the next restart.
   */
  onThreadFailure?: (error: Error, thread: 'writer' | 'checkpointer') => void;
  now?: () => number;
  batchCap?: number;
};

export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
}

/**
 * Starts one of the store's threads. They are TypeScript like the rest of the server: the thread
 * registers tsx's loader, then imports its module (worker threads do not inherit the main thread's
 * loader).
 */
function startThread(module: string, workerData: object): Worker {
  const bootstrap = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
    .then((tsx) => { tsx.register(); return import(${JSON.stringify(new URL(module, import.meta.url).href)}); })`;
  return new Worker(bootstrap, { eval: true, workerData });
}

/** Waits for a thread to exit after asking it to close (at once if it has already stopped). */
function closeThread(thread: Worker): Promise<unknown> {
  if (thread.threadId === -1) return Promise.resolve();
  const exited = new Promise((resolve) => thread.once('exit', resolve));
  thread.postMessage('close');
  return exited;
}

type WriterMessage = { ready: true } | { results: SubmitResult[] } | { error: string };

export class LeadStore {
  /** A connection for reading (tests, the outbox); all lead writes go through the writer thread. */
  readonly db: Database.Database;
  /** How many transactions stored how many submissions: the group commit's batch size, observable. */
  readonly metrics = { flushes: 0, submissions: 0 };
  #queue: Pending[] = [];
  #inFlight: Pending[] | null = null;
  #flushScheduled = false;
  #closing: Promise<void> | null = null;
  #failure: Error | null = null;
  readonly #worker: Worker;
  readonly #checkpointer: Worker;
  readonly #ready: Promise<void>;
  readonly #idle: { resolve: () => void }[] = [];
  readonly #options: StoreOptions & { now: () => number; batchCap: number };

  constructor(dataDir: string, options: StoreOptions) {
    // Opening here first creates and migrates the file before the writer thread opens it.
    this.db = openDatabase(dataDir);
    // This connection only reads and records webhook outcomes; checkpoints belong to the checkpointer.
    this.db.pragma('wal_autocheckpoint = 0');
    this.#options = { ...options, now: options.now ?? Date.now, batchCap: options.batchCap ?? DEFAULT_BATCH_CAP };
    this.#worker = startThread('./lead-writer.ts', { dataDir, outbox: options.outbox });
    this.#checkpointer = startThread('./lead-checkpointer.ts', { dataDir });
    this.#checkpointer.on('error', (error) => this.#options.onThreadFailure?.(error, 'checkpointer'));
    let ready: () => void = () => undefined;
    this.#ready = new Promise((resolve) => (ready = resolve));
    this.#worker.on('message', (message: WriterMessage) => {
      if ('ready' in message) ready();
      else this.#settle(message);
    });
    this.#worker.on('error', (error) => this.#fail(error));
    this.#worker.on('exit', (code) => {
      if (!this.#closing) this.#fail(new Error(`The lead writer thread stopped (exit code ${code}).`));
      ready();
    });
  }

  /** Queues a validated lead; resolves once it is committed to disk (or was stored before). */
  submit(lead: Lead, idempotencyKey?: string): Promise<SubmitResult> {
    if (this.#closing) return Promise.reject(new StoreClosedError('The lead store is closed.'));
    if (this.#failure) return Promise.reject(this.#failure);
    return new Promise<SubmitResult>((resolve, reject) => {
      this.#queue.push({ lead, idempotencyKey, now: this.#options.now(), resolve, reject });
      if (this.#queue.length >= this.#options.batchCap) {
        this.flush();
      } else if (!this.#flushScheduled) {
        this.#flushScheduled = true;
        setImmediate(() => {
          this.#flushScheduled = false;
          this.flush();
        });
      }
    });
  }

  /** Hands the queued submissions (up to the cap) to the writer, unless a commit is under way. */
  flush(): void {
    if (this.#inFlight || this.#queue.length === 0 || this.#failure) return;
    const batch = this.#queue.splice(0, this.#options.batchCap);
    this.#inFlight = batch;
    const submissions: Submission[] = batch.map(({ lead, idempotencyKey, now }) => ({ lead, idempotencyKey, now }));
    try {
      this.#worker.postMessage({ batch: submissions });
    } catch (error) {
      this.#settle({ error: error instanceof Error ? error.message : String(error) });
    }
  }

  #settle(message: { results: SubmitResult[] } | { error: string }): void {
    const batch = this.#inFlight ?? [];
    this.#inFlight = null;
    if ('error' in message) {
      const error = new Error(`Storing a batch of leads failed: ${message.error}`);
      for (const pending of batch) pending.reject(error);
    } else {
      this.metrics.flushes += 1;
      this.metrics.submissions += batch.length;
      batch.forEach((pending, index) => pending.resolve(message.results[index] as SubmitResult));
      if (this.#options.outbox && message.results.some((result) => result.kind === 'stored' && !result.replayed)) {
        this.#options.onOutboxRows?.();
      }
    }
    // Whatever gathered during that commit goes into the next one, at once.
    this.flush();
    if (!this.#inFlight) for (const waiter of this.#idle.splice(0)) waiter.resolve();
  }

  #fail(error: Error): void {
    if (this.#failure) return;
    this.#failure = error;
    for (const pending of [...(this.#inFlight ?? []), ...this.#queue.splice(0)]) pending.reject(error);
    this.#inFlight = null;
    for (const waiter of this.#idle.splice(0)) waiter.resolve();
    this.#options.onThreadFailure?.(error, 'writer');
  }

  /** Stores what is still queued, stops the writer thread and closes the database. */
  close(): Promise<void> {
    this.#closing ??= (async () => {
      await this.#ready;
      this.flush();
      if (this.#inFlight) await new Promise<void>((resolve) => this.#idle.push({ resolve }));
      await Promise.all([closeThread(this.#worker), closeThread(this.#checkpointer)]);
      this.db.close();
    })();
    return this.#closing;
  }
}
