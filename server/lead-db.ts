/**
 * The lead database file and the one transaction that stores a batch of submissions. Used by the
 * writer thread (server/lead-writer.ts), the server's reads and the coach's commands.
 */
import { createHash, randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Lead } from '../src/shared/lead';
import { migrate } from './migrations';

export const DATABASE_FILE = 'leads.db';

/** How long a retry with the same Idempotency-Key gets the first answer back. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/** E-mail addresses are stored in one form, so "Ana@Example.com " and "ana@example.com" are one lead. */
export function normalizeEmail(email: string): string {
  return email.trim().normalize('NFC').toLowerCase();
}

/** Opens (and creates or migrates) the database: WAL, synchronous=FULL, foreign keys, secure delete. */
export function openDatabase(dataDir: string): Database.Database {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = join(dataDir, DATABASE_FILE);
  const created = !existsSync(file);
  const db = new Database(file);
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

export type Submission = { lead: Lead; idempotencyKey: string | undefined; now: number };

export type SubmitResult =
  /** Stored now (`replayed: false`) or earlier under the same Idempotency-Key (`replayed: true`). */
  | { kind: 'stored'; id: string; replayed: boolean }
  /** The Idempotency-Key was already used for a different submission. */
  | { kind: 'key_conflict' };

/** The fingerprint of what a submission says, to tell an honest retry from a reused key. */
function fingerprint(lead: Lead): string {
  const canonical = JSON.stringify([normalizeEmail(lead.email), lead.firstName, lead.ratings]);
  return createHash('sha256').update(canonical).digest('base64url');
}

/**
 * Returns a function that stores a batch in ONE transaction: for each submission the lead upsert by
 * normalised e-mail, the submission row, an outbox row (when `outbox`), the idempotency record.
 * It throws, having stored nothing, if any part fails.
 */
export function batchWriter(db: Database.Database, options: { outbox: boolean }): (batch: Submission[]) => SubmitResult[] {
  const findKey = db.prepare<[string], { fingerprint: string; public_id: string }>(
    'SELECT fingerprint, public_id FROM idempotency_keys WHERE key = ?',
  );
  const upsertLead = db.prepare<[string, string, string, number, number], { id: number }>(
    `INSERT INTO leads (email, first_name, ratings, created_at, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (email) DO UPDATE SET first_name = excluded.first_name, ratings = excluded.ratings,
       updated_at = excluded.updated_at
     RETURNING id`,
  );
  const insertSubmission = db.prepare<[string, number, string, string, number], { id: number }>(
    'INSERT INTO submissions (public_id, lead_id, first_name, ratings, submitted_at) VALUES (?, ?, ?, ?, ?) RETURNING id',
  );
  const insertOutbox = db.prepare<[string, number, number, number]>(
    'INSERT INTO outbox (webhook_id, submission_id, created_at, next_attempt_at) VALUES (?, ?, ?, ?)',
  );
  const insertKey = db.prepare<[string, string, number, string, number]>(
    'INSERT INTO idempotency_keys (key, fingerprint, submission_id, public_id, created_at) VALUES (?, ?, ?, ?, ?)',
  );
  const pruneKeys = db.prepare<[number]>('DELETE FROM idempotency_keys WHERE created_at < ?');
  let lastPrune = 0;

  const storeOne = ({ lead, idempotencyKey, now }: Submission): SubmitResult => {
    const print = fingerprint(lead);
    if (idempotencyKey !== undefined) {
      const earlier = findKey.get(idempotencyKey);
      if (earlier) {
        return earlier.fingerprint === print ? { kind: 'stored', id: earlier.public_id, replayed: true } : { kind: 'key_conflict' };
      }
    }
    const ratings = lead.ratings.join('');
    const leadRow = upsertLead.get(normalizeEmail(lead.email), lead.firstName, ratings, now, now);
    if (!leadRow) throw new Error('Upserting a lead returned no row.');
    const id = randomUUID();
    const submission = insertSubmission.get(id, leadRow.id, lead.firstName, ratings, now);
    if (!submission) throw new Error('Inserting a submission returned no row.');
    if (options.outbox) insertOutbox.run(`msg_${randomUUID()}`, submission.id, now, now);
    if (idempotencyKey !== undefined) insertKey.run(idempotencyKey, print, submission.id, id, now);
    return { kind: 'stored', id, replayed: false };
  };

  return db.transaction((batch: Submission[]) => {
    const now = batch[0]?.now ?? 0;
    // Forget expired idempotency keys, at most once a minute.
    if (now - lastPrune >= 60_000) {
      lastPrune = now;
      pruneKeys.run(now - IDEMPOTENCY_TTL_MS);
    }
    return batch.map(storeOne);
  });
}
