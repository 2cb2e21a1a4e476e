/**
 * The storage contract on SQLite (the default): one file under DATA_DIR, in WAL mode with
 * synchronous=FULL. The SQL is in this folder, one file per concern, as plain synchronous functions
 * over a connection; this class assembles them behind the contract's promises.
 *
 * Two connections. The lead connection stores leads through the group commit
 * (server/storage/group-commit.ts; its batch is one transaction, sqlite/submissions.ts) and serves
 * the outbox's queue; it never waits for a lock (busy_timeout 0): while another process (the
 * coach's `erase`) holds the write lock, a batch is tried again a few milliseconds later. The
 * dashboard's connection (and the coach's commands', which store no leads) waits briefly instead.
 *
 * The lead transaction runs on the event loop. It holds the loop for its own work and its fsync (for
 * a batch of 50: about 0.5 ms on the benchmark machine), never for a lock. A writer thread was
 * measured too; on 2 cores shared with the load generator it stored 20% fewer leads per second.
 *
 * Checkpoints (copying the WAL into the database file) are SQLite's own: after a commit that takes
 * the WAL past 1000 pages (4 MB, a few milliseconds to copy), so under load the WAL stays small and
 * is reused from its start; and once a second, so that in quiet times leads reach the file itself.
 */
import type { Lead } from '../../../src/shared/lead';
import { type GroupCommit, submissionCommit } from '../group-commit';
import {
  isLockedError,
  type OutboxQueue,
  type SessionTable,
  type SettingsTable,
  type Storage,
  type FunnelSource,
  type StoredConsent,
  type StoreOptions,
  type Submission,
  type SubmitResult,
  type TimeRange,
} from '../storage';
import type { AccessTable, SetupCodeTable } from '../access';
import { sqliteAccessTable } from './access';
import { listAudit, recordAudit } from './audit';
import type { SqliteDatabase } from './binding';
import { backupDatabase, openDatabase } from './connection';
import { exportPages } from './export';
import { funnelWriter, readFunnelCounts } from './funnel';
import { offerWriter, readOfferCounts } from './offers';
import type { PaceWindow } from '../pace';
import { sqlitePaceWindow } from './pace';
import { emailOfLead, eraseLead, leadDetail, leadStats, listLeads } from './leads';
import { sqliteLinks } from './links';
import { listDeliveries, retryDelivery, sqliteOutboxQueue } from './outbox';
import { ensureProfileAggregate, readProfileTotals } from './profiles';
import { readPasswordHash, sqliteSessionTable, storePasswordHash } from './sessions';
import { probeWrite } from './health';
import { sqliteSettingsTable, sqliteSetupCodeTable } from './settings';
import { batchWriter } from './submissions';
import { addThrottleFailure, clearThrottle, pruneThrottle, readThrottle } from './throttle';

/** A checkpoint this often, so leads reach the database file itself in quiet times too. */
const CHECKPOINT_INTERVAL_MS = 1_000;

/** The lead connection: the group commit over it, and its once-a-second checkpoint. */
type LeadWriter = {
  db: SqliteDatabase;
  write: (batch: Submission[], mail?: boolean, forward?: boolean, toTool?: boolean) => SubmitResult[];
  commit: GroupCommit<Submission, SubmitResult>;
  checkpointTimer: NodeJS.Timeout;
  links: ReturnType<typeof sqliteLinks>;
  onOutboxRows: () => void;
};

function openLeadWriter(dataDir: string, options: StoreOptions): LeadWriter {
  const db = openDatabase(dataDir);
  // When the WAL starts over after a complete checkpoint, its file shrinks back to this size.
  db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
  // The event loop never sleeps on a lock: a locked database answers at once and is retried later.
  db.pragma('busy_timeout = 0');
  const write = batchWriter(db, { outbox: options.outbox, email: options.email, tool: options.tool });
  // One connection writes one batch at a time; the transaction is done before the promise exists.
  const commit = submissionCommit(async (batch) => write(batch), options, { maxInFlight: 1 });
  const checkpointTimer = setInterval(() => {
    try {
      db.pragma('wal_checkpoint(PASSIVE)');
    } catch (error) {
      // Busy: another process is checkpointing or erasing; the next second will do.
      if (!isLockedError(error)) options.onCheckpointFailure?.(error);
    }
  }, CHECKPOINT_INTERVAL_MS);
  checkpointTimer.unref();
  const links = sqliteLinks(db, { webhook: options.outbox, tool: () => options.tool?.() === 'confirmed' });
  return { db, write, commit, checkpointTimer, links, onOutboxRows: () => options.onOutboxRows?.() };
}

export class SqliteStorage implements Storage {
  readonly backend = 'sqlite';
  /** The dashboard's (and the coach's commands') connection. */
  readonly db: SqliteDatabase;
  readonly outbox: OutboxQueue;
  readonly mailOutbox: OutboxQueue;
  readonly toolOutbox: OutboxQueue;
  readonly paceWindow: PaceWindow;
  readonly sessions: SessionTable;
  readonly setupCodes: SetupCodeTable;
  readonly settings: SettingsTable;
  readonly access: AccessTable;
  /** The server's lead connection; null for the coach's commands, which store no leads. */
  readonly #leads: LeadWriter | null;
  readonly #now: () => number;
  readonly #writeFunnel: ReturnType<typeof funnelWriter>;
  readonly #writeOffers: ReturnType<typeof offerWriter>;

  private constructor(db: SqliteDatabase, leads: LeadWriter | null, now: () => number) {
    this.db = db;
    this.#leads = leads;
    this.#now = now;
    // Deliveries are recorded on the lead connection, as the leads are stored.
    this.outbox = sqliteOutboxQueue(leads?.db ?? db, 'webhook');
    this.mailOutbox = sqliteOutboxQueue(leads?.db ?? db, 'email');
    this.toolOutbox = sqliteOutboxQueue(leads?.db ?? db, 'tool');
    this.paceWindow = sqlitePaceWindow(db);
    this.sessions = sqliteSessionTable(db);
    this.setupCodes = sqliteSetupCodeTable(db);
    this.settings = sqliteSettingsTable(db);
    this.access = sqliteAccessTable(db);
    this.#writeFunnel = funnelWriter(db);
    this.#writeOffers = offerWriter(db);
  }

  /** The server's storage: the lead connection and the dashboard's, on the file under `dataDir` (created if need be). */
  static open(dataDir: string, options: StoreOptions): SqliteStorage {
    const leads = openLeadWriter(dataDir, options);
    const db = openDatabase(dataDir);
    db.pragma('busy_timeout = 1000');
    db.pragma('cache_size = -65536');
    return new SqliteStorage(db, leads, options.now ?? Date.now);
  }

  /** The coach's commands' storage: one connection, no lead store (they store no leads). */
  static openForCommands(dataDir: string): SqliteStorage {
    return new SqliteStorage(openDatabase(dataDir), null, Date.now);
  }

  /** How many transactions stored how many submissions (the group commit, observable). */
  get metrics(): { flushes: number; submissions: number } {
    return this.#leads?.commit.metrics ?? { flushes: 0, submissions: 0 };
  }

  submit(lead: Lead, idempotencyKey?: string, consent?: StoredConsent, source?: FunnelSource): Promise<SubmitResult> {
    if (!this.#leads) return Promise.reject(new Error("This connection stores no leads (the coach's commands)."));
    return this.#leads.commit.submit({ lead, idempotencyKey, now: this.#now(), consent, source });
  }

  /**
   * One batch in one transaction on the lead connection, at once (the storage thread's group commit
   * is the main thread's, which says with each batch whether mail is on: `StoreOptions.email` stays there).
   */
  writeBatch(batch: Submission[], mail?: boolean, forward?: boolean, toTool?: boolean): SubmitResult[] {
    if (!this.#leads) throw new Error("This connection stores no leads (the coach's commands).");
    return this.#leads.write(batch, mail, forward, toTool);
  }

  /** The results e-mail's links, on the lead connection (they are written as mail is sent). */
  #links(): LeadWriter {
    if (!this.#leads) throw new Error("This connection serves no links (the coach's commands).");
    return this.#leads;
  }
  async addLinks(...args: Parameters<Storage['addLinks']>) {
    this.#links().links.addLinks(...args);
  }
  async profileByLink(...args: Parameters<Storage['profileByLink']>) {
    return this.#links().links.profileByLink(...args);
  }
  async confirmByLink(...args: Parameters<Storage['confirmByLink']>) {
    const writer = this.#links();
    const confirmed = writer.links.confirmByLink(...args);
    if (confirmed?.queued) writer.onOutboxRows();
    return confirmed && { confirmedAt: confirmed.confirmedAt };
  }
  /** The same, saying whether a `lead.confirmed` row was queued (the storage thread's caller wakes its outbox then). */
  async confirmByLinkQueued(tokenHash: string, now: number, forward?: boolean, toTool?: boolean) {
    return this.#links().links.confirmByLink(tokenHash, now, forward, toTool);
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
  async readThrottle(keys: string[]) {
    return readThrottle(this.db, keys);
  }
  async addThrottleFailure(...args: Parameters<Storage['addThrottleFailure']>) {
    return addThrottleFailure(this.db, ...args);
  }
  async clearThrottle(key: string) {
    clearThrottle(this.db, key);
  }
  async pruneThrottle(before: number) {
    pruneThrottle(this.db, before);
  }
  /** On the lead connection, where leads are written (the dashboard's for the coach's commands). */
  async probeWrite(now: number) {
    probeWrite(this.#leads?.db ?? this.db, now);
  }
  async readFunnelCounts(...args: Parameters<Storage['readFunnelCounts']>) {
    return readFunnelCounts(this.db, ...args);
  }
  async addOfferCounts(...args: Parameters<Storage['addOfferCounts']>) {
    this.#writeOffers(...args);
  }
  async readOfferCounts(...args: Parameters<Storage['readOfferCounts']>) {
    return readOfferCounts(this.db, ...args);
  }
  async readProfileTotals(...args: Parameters<Storage['readProfileTotals']>) {
    return readProfileTotals(this.db, ...args);
  }
  /** On the dashboard's connection, which waits for the lead connection's batch (and leads wait for the rebuild: about 2 s per million submissions). */
  async useProfileTimeZone(timeZone: string) {
    ensureProfileAggregate(this.db, timeZone);
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
  async *exportRows(period?: TimeRange) {
    // A page at a time, each one complete query: the event loop is free between pages.
    yield* exportPages(this.db, period);
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

  /** `npm run coach -- backup`: a consistent copy in one new file, safe while the server runs. */
  backup(target: string): void {
    backupDatabase(this.db, target);
  }

  /** The dashboard's "Download a backup" (in the storage thread, off the event loop). */
  async writeBackup(target: string) {
    backupDatabase(this.db, target);
    return true;
  }

  /** Stores what is still queued, then closes both connections (which checkpoints the file). */
  async close(): Promise<void> {
    if (this.db.open) this.db.close();
    if (!this.#leads) return;
    await this.#leads.commit.close();
    clearInterval(this.#leads.checkpointTimer);
    if (this.#leads.db.open) this.#leads.db.close();
  }
}
