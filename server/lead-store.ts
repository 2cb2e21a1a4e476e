/**
 * The lead database: one SQLite file under DATA_DIR, in WAL mode with synchronous=FULL, so a
 * committed submission survives a crash or a power cut.
 *
 * Writes use group commit: `submit()` queues the submission and returns a promise; one flush
 * (on the next turn of the event loop, or as soon as the queue is full) stores every queued
 * submission in ONE transaction, then settles all their promises. One fsync then covers many
 * visitors, and nobody gets an answer before their lead is on disk. A failed transaction stores
 * nothing and rejects every submission in it.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Lead } from '../src/shared/lead';
import { migrate } from './migrations';

export const DATABASE_FILE = 'leads.db';

/** How long a retry with the same Idempotency-Key gets the first answer back. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** The largest group commit; past it the queue is flushed at once instead of on the next turn. */
const DEFAULT_BATCH_CAP = 512;

/** E-mail addresses are stored in one form, so "Ana@Example.com " and "ana@example.com" are one lead. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

export type SubmitResult =
  /** Stored now (`replayed: false`) or earlier under the same Idempotency-Key (`replayed: true`). */
  | { kind: 'stored'; id: string; replayed: boolean }
  /** The Idempotency-Key was already used for a different submission. */
  | { kind: 'key_conflict' };

type Pending = {
  lead: Lead;
  idempotencyKey: string | undefined;
  resolve: (result: SubmitResult) => void;
  reject: (error: unknown) => void;
};

export type StoreOptions = {
  /** Also write an outbox row for each new submission (a webhook is configured). */
  outbox: boolean;
  /** Called after a commit that added outbox rows, so delivery can start at once. */
  onOutboxRows?: () => void;
  now?: () => number;
  batchCap?: number;
};

export class StoreClosedError extends Error {
  override name = 'StoreClosedError';
}

/** The fingerprint of what a submission says, to tell an honest retry from a reused key. */
function fingerprint(lead: Lead): string {
  const canonical = JSON.stringify([normalizeEmail(lead.email), lead.firstName, lead.ratings]);
  return createHash('sha256').update(canonical).digest('base64url');
}

export function openDatabase(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const db = new Database(join(dataDir, DATABASE_FILE));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  // Deleted rows are overwritten with zeros, so an erased address leaves no trace in the file.
  db.pragma('secure_delete = ON');
  migrate(db);
  return db;
}

export class LeadStore {
  readonly db: Database.Database;
  /** How many transactions stored how many submissions: the group commit's batch size, observable. */
  readonly metrics = { flushes: 0, submissions: 0 };
  #queue: Pending[] = [];
  #flushScheduled = false;
  #closed = false;
  #lastPrune = 0;
  readonly #options: Required<Omit<StoreOptions, 'onOutboxRows'>> & Pick<StoreOptions, 'onOutboxRows'>;
  readonly #statements;
  readonly #storeBatch: (batch: Pending[]) => SubmitResult[];

  constructor(dataDir: string, options: StoreOptions) {
    this.db = openDatabase(dataDir);
    this.#options = { ...options, now: options.now ?? Date.now, batchCap: options.batchCap ?? DEFAULT_BATCH_CAP };
    const db = this.db;
    this.#statements = {
      findKey: db.prepare<[string], { fingerprint: string; public_id: string }>(
        `SELECT i.fingerprint, s.public_id FROM idempotency_keys i JOIN submissions s ON s.id = i.submission_id
         WHERE i.key = ?`,
      ),
      upsertLead: db.prepare<[string, string, string, number, number], { id: number }>(
        `INSERT INTO leads (email, first_name, ratings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (email) DO UPDATE SET first_name = excluded.first_name, ratings = excluded.ratings,
           updated_at = excluded.updated_at
         RETURNING id`,
      ),
      insertSubmission: db.prepare<[string, number, string, string, number], { id: number }>(
        `INSERT INTO submissions (public_id, lead_id, first_name, ratings, submitted_at) VALUES (?, ?, ?, ?, ?)
         RETURNING id`,
      ),
      insertOutbox: db.prepare<[string, number, number, number]>(
        `INSERT INTO outbox (webhook_id, submission_id, created_at, next_attempt_at) VALUES (?, ?, ?, ?)`,
      ),
      insertKey: db.prepare<[string, string, number, number]>(
        'INSERT INTO idempotency_keys (key, fingerprint, submission_id, created_at) VALUES (?, ?, ?, ?)',
      ),
      pruneKeys: db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?'),
    };
    this.#storeBatch = db.transaction((batch: Pending[]) => batch.map((pending) => this.#storeOne(pending)));
  }

  /** Queues a validated lead; resolves once it is committed to disk (or was stored before). */
  submit(lead: Lead, idempotencyKey?: string): Promise<SubmitResult> {
    if (this.#closed) return Promise.reject(new StoreClosedError('The lead store is closed.'));
    return new Promise<SubmitResult>((resolve, reject) => {
      this.#queue.push({ lead, idempotencyKey, resolve, reject });
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

  /** Stores every queued submission in one transaction and settles their promises. */
  flush(): void {
    const batch = this.#queue;
    if (batch.length === 0) return;
    this.#queue = [];
    let results: SubmitResult[];
    try {
      results = this.#storeBatch(batch);
      this.metrics.flushes += 1;
      this.metrics.submissions += batch.length;
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => pending.resolve(results[index] as SubmitResult));
    if (this.#options.outbox && results.some((result) => result.kind === 'stored' && !result.replayed)) {
      this.#options.onOutboxRows?.();
    }
  }

  #storeOne({ lead, idempotencyKey }: Pending): SubmitResult {
    const now = this.#options.now();
    const statements = this.#statements;
    const print = fingerprint(lead);
    if (idempotencyKey !== undefined) {
      this.#pruneKeys(now);
      const earlier = statements.findKey.get(idempotencyKey);
      if (earlier) {
        return earlier.fingerprint === print
          ? { kind: 'stored', id: earlier.public_id, replayed: true }
          : { kind: 'key_conflict' };
      }
    }
    const ratings = lead.ratings.join('');
    const leadRow = statements.upsertLead.get(normalizeEmail(lead.email), lead.firstName, ratings, now, now);
    if (!leadRow) throw new Error('Upserting a lead returned no row.');
    const id = randomUUID();
    const submission = statements.insertSubmission.get(id, leadRow.id, lead.firstName, ratings, now);
    if (!submission) throw new Error('Inserting a submission returned no row.');
    if (this.#options.outbox) statements.insertOutbox.run(`msg_${randomUUID()}`, submission.id, now, now);
    if (idempotencyKey !== undefined) statements.insertKey.run(idempotencyKey, print, submission.id, now);
    return { kind: 'stored', id, replayed: false };
  }

  /** Forgets expired idempotency keys, at most once a minute. */
  #pruneKeys(now: number): void {
    if (now - this.#lastPrune < 60_000) return;
    this.#lastPrune = now;
    this.#statements.pruneKeys.run(now - IDEMPOTENCY_TTL_MS);
  }

  /** Stores what is still queued, then closes the database. Later submissions are refused. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    this.flush();
    this.db.close();
  }
}
