/**
 * The storage contract on SQLite (the default): one file under DATA_DIR. Leads go through the lead
 * store's group commit (server/storage/lead-store.ts); everything else through a second connection
 * for the dashboard, whose reads and rare writes wait briefly for a lock held by another process
 * (the coach's commands), which the lead store's never does. SQLite is synchronous: each method
 * does its work at once and returns a settled promise.
 */
import { randomUUID } from 'node:crypto';
import type Database from 'better-sqlite3';
import type { Lead } from '../../src/shared/lead';
import { readFunnel } from '../analytics/report';
import { sqliteFunnelWriter } from '../analytics/counter';
import { listAudit, recordAudit } from '../coach/audit';
import { listDeliveries, retryDelivery } from '../coach/deliveries';
import { emailOfLead, leadDetail, listLeads, type TimeRange } from '../coach/leads-query';
import { readPasswordHash, sqliteSessionTable, storePasswordHash } from '../coach/sessions';
import { type CsvChunk, csvChunks, eraseLead, leadStats } from '../leads/admin';
import type { ConsentRecord } from '../leads/consent';
import { openDatabase, type SubmitResult } from './lead-db';
import { LeadStore, type StoreOptions } from './lead-store';
import { readProfileTotals } from './profile-aggregate';
import type { DueRow, OutboxQueue, Storage } from './storage';

/**
 * The outbox's queue on SQLite. One process delivers, but the contract is Postgres's: a round
 * claims its rows with a lease (one small transaction), and outcomes are recorded under it.
 */
export function sqliteOutboxQueue(db: Database.Database): OutboxQueue {
  const due = db.prepare<[number, number], DueRow>(
    `SELECT o.id, o.webhook_id, o.attempts, o.created_at, s.email, s.first_name, s.ratings, s.submitted_at, s.public_id,
       s.consent_version, s.consent_wording, s.marketing_consent, o.lease
     FROM outbox o JOIN submissions s ON s.id = o.submission_id
     WHERE o.state = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at LIMIT ?`,
  );
  const lease = db.prepare<[number, string, number]>('UPDATE outbox SET next_attempt_at = ?, lease = ? WHERE id = ?');
  const claim = db.transaction((now: number, limit: number, leaseMs: number) => {
    const token = randomUUID();
    const rows = due.all(now, limit);
    for (const row of rows) lease.run(now + leaseMs, token, row.id);
    return rows.map((row) => ({ ...row, lease: token }));
  });
  const nextDue = db.prepare<[], { at: number | null }>("SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'");
  const update = db.prepare<[string, number | null, number, number | null, number, string | null]>(
    `UPDATE outbox SET state = ?, attempts = attempts + 1, next_attempt_at = coalesce(?, next_attempt_at), last_attempt_at = ?,
       last_status = ?, lease = NULL WHERE id = ? AND lease IS ?`,
  );
  const record = db.transaction((updates: Parameters<OutboxQueue['record']>[0]) => {
    for (const { row, state, nextAttemptAt, status, now } of updates) update.run(state, nextAttemptAt, now, status, row.id, row.lease);
  });
  return {
    claimDue: async (now, limit, leaseMs) => claim(now, limit, leaseMs),
    record: async (updates) => record(updates),
    nextDueAt: async () => nextDue.get()?.at ?? null,
  };
}

import { sqliteSettingsTable, sqliteSetupCodeTable } from './sqlite/settings';

export class SqliteStorage implements Storage {
  readonly backend = 'sqlite';
  /** The dashboard's (and the coach's commands') connection. */
  readonly db: Database.Database;
  /** The server's lead store (group commit); null for the coach's commands, which store no leads. */
  readonly leadStore: LeadStore | null;
  readonly outbox: OutboxQueue;
  readonly sessions;
  readonly setupCodes;
  readonly settings;
  readonly #writeFunnel;

  constructor(db: Database.Database, leadStore: LeadStore | null) {
    this.db = db;
    this.leadStore = leadStore;
    // Deliveries are recorded on the lead store's connection, as the leads are stored.
    this.outbox = sqliteOutboxQueue(leadStore?.db ?? db);
    this.sessions = sqliteSessionTable(db);
    this.setupCodes = sqliteSetupCodeTable(db);
    this.settings = sqliteSettingsTable(db);
    this.#writeFunnel = sqliteFunnelWriter(db);
  }

  /** The server's storage: the lead store and the dashboard's connection on the file under `dataDir`. */
  static open(dataDir: string, options: StoreOptions): SqliteStorage {
    const store = new LeadStore(dataDir, options);
    const db = openDatabase(dataDir);
    db.pragma('busy_timeout = 1000');
    db.pragma('cache_size = -65536');
    return new SqliteStorage(db, store);
  }

  submit(lead: Lead, idempotencyKey?: string, consent?: ConsentRecord): Promise<SubmitResult> {
    if (!this.leadStore) return Promise.reject(new Error('This connection stores no leads (the coach\'s commands).'));
    return this.leadStore.submit(lead, idempotencyKey, consent);
  }

  async readPasswordHash() {
    return readPasswordHash(this.db);
  }
  async storePasswordHash(hash: string, now: number) {
    storePasswordHash(this.db, hash, now);
  }
  async recordAudit(...args: Parameters<Storage['recordAudit']>) {
    recordAudit(this.db, ...args);
  }
  async listAudit(...args: Parameters<Storage['listAudit']>) {
    return listAudit(this.db, ...args);
  }
  async addFunnelCounts(...args: Parameters<Storage['addFunnelCounts']>) {
    this.#writeFunnel(...args);
  }
  async readFunnel(...args: Parameters<Storage['readFunnel']>) {
    return readFunnel(this.db, ...args);
  }
  async readProfileTotals(...args: Parameters<Storage['readProfileTotals']>) {
    return readProfileTotals(this.db, ...args);
  }
  async listLeads(...args: Parameters<Storage['listLeads']>) {
    return listLeads(this.db, ...args);
  }
  async leadDetail(...args: Parameters<Storage['leadDetail']>) {
    return leadDetail(this.db, ...args);
  }
  async emailOfLead(...args: Parameters<Storage['emailOfLead']>) {
    return emailOfLead(this.db, ...args);
  }
  async eraseLead(...args: Parameters<Storage['eraseLead']>) {
    return eraseLead(this.db, ...args);
  }
  async *csvChunks(period?: TimeRange): AsyncGenerator<CsvChunk> {
    // A chunk at a time, each one complete query: the event loop is free between chunks.
    yield* csvChunks(this.db, period);
  }
  async listDeliveries(...args: Parameters<Storage['listDeliveries']>) {
    return listDeliveries(this.db, ...args);
  }
  async retryDelivery(...args: Parameters<Storage['retryDelivery']>) {
    return retryDelivery(this.db, ...args);
  }
  async leadStats(now: number) {
    return leadStats(this.db, now);
  }

  async close(): Promise<void> {
    if (this.db.open) this.db.close();
    await this.leadStore?.close();
  }
}
