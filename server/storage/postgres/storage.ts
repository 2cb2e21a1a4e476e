/**
 * The storage contract on Postgres (DATABASE_URL), for several instances sharing one database. The
 * SQL is in this folder, one file per concern with the same names as SQLite's; this class
 * assembles it.
 *
 * Leads use the group commit as on SQLite (server/storage/group-commit.ts): what arrives in one
 * turn of the event loop is stored in ONE transaction on a pooled connection
 * (postgres/submissions.ts), and every promise settles after COMMIT, so a 201 always means
 * committed. While a batch is being written the next one gathers; up to `MAX_BATCHES_IN_FLIGHT`
 * run at once on the pool.
 *
 * The outbox's rows are claimed with `FOR UPDATE SKIP LOCKED` and a lease (postgres/outbox.ts).
 */
import type { Lead } from '../../../src/shared/lead';
import type { PostgresSettings } from '../../config';
import { type GroupCommit, submissionCommit } from '../group-commit';
import type {
  FunnelSource,
  OutboxQueue,
  SessionTable,
  SettingsTable,
  Storage,
  StoredConsent,
  StoreOptions,
  Submission,
  SubmitResult,
  TimeRange,
} from '../storage';
import type { AccessTable, SetupCodeTable } from '../access';
import { postgresAccessTable } from './access';
import { listAudit, recordAudit } from './audit';
import { openPool, type PostgresPool } from './connection';
import { exportPages } from './export';
import { addFunnelCounts, readFunnelCounts } from './funnel';
import { addOfferCounts, readOfferCounts } from './offers';
import { postgresPaceWindow } from './pace';
import type { PaceWindow } from '../pace';
import { emailOfLead, eraseLead, leadDetail, leadStats, listLeads } from './leads';
import { migratePostgres } from './migrations';
import { listDeliveries, postgresOutboxQueue, retryDelivery } from './outbox';
import { ensureProfileAggregate, readProfileTotals } from './profiles';
import { postgresSessionTable, readPasswordHash, storePasswordHash } from './sessions';
import { probeWrite } from './health';
import { postgresSettingsTable, postgresSetupCodeTable } from './settings';
import { batchWriter } from './submissions';
import { postgresLinks } from './links';
import { addThrottleFailure, clearThrottle, pruneThrottle, readThrottle } from './throttle';

/**
 * Batches written at once: one gathers and inserts while another waits for its commit (npm run
 * bench on 2 cores shared with Postgres and the load: 2 stored the most leads per second; 1 left
 * the connection idle while a batch gathered, 4 only added waiting).
 */
const MAX_BATCHES_IN_FLIGHT = 2;

/** The database could not be reached or prepared at start-up; the message names DATABASE_URL. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

export class PostgresStorage implements Storage {
  readonly backend = 'postgres';
  readonly pool: PostgresPool;
  readonly outbox: OutboxQueue;
  readonly mailOutbox: OutboxQueue;
  readonly toolOutbox: OutboxQueue;
  readonly paceWindow: PaceWindow;
  readonly sessions: SessionTable;
  readonly #links: ReturnType<typeof postgresLinks>;
  readonly #onOutboxRows: () => void;
  readonly setupCodes: SetupCodeTable;
  readonly settings: SettingsTable;
  readonly access: AccessTable;
  readonly #commit: GroupCommit<Submission, SubmitResult>;
  readonly #now: () => number;
  #closed: Promise<void> | null = null;

  private constructor(pool: PostgresPool, options: StoreOptions) {
    this.pool = pool;
    this.#now = options.now ?? Date.now;
    this.#commit = submissionCommit(batchWriter(pool, options), options, { maxInFlight: MAX_BATCHES_IN_FLIGHT });
    this.outbox = postgresOutboxQueue(pool, 'webhook');
    this.mailOutbox = postgresOutboxQueue(pool, 'email');
    this.toolOutbox = postgresOutboxQueue(pool, 'tool');
    this.paceWindow = postgresPaceWindow(pool);
    this.#links = postgresLinks(pool, { webhook: options.outbox, tool: () => options.tool?.() === 'confirmed' });
    this.#onOutboxRows = () => options.onOutboxRows?.();
    this.sessions = postgresSessionTable(pool);
    this.setupCodes = postgresSetupCodeTable(pool);
    this.settings = postgresSettingsTable(pool);
    this.access = postgresAccessTable(pool);
  }

  /**
   * Connects, migrates (once across instances) and makes sure the profile aggregate is built in
   * the analytics time zone. Fails with a message naming DATABASE_URL, never its password.
   */
  static async open(settings: PostgresSettings, options: StoreOptions): Promise<PostgresStorage> {
    const pool = openPool(settings.url, settings.poolSize, options.onPoolError);
    try {
      await migratePostgres(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      const reason = (error as { code?: string; message?: string }).message ?? String(error);
      throw new DatabaseUnavailableError(`Could not use the database of DATABASE_URL (${settings.safeUrl}): ${reason.replaceAll(settings.url, settings.safeUrl)}`);
    }
    return new PostgresStorage(pool, options);
  }

  /** How many transactions stored how many submissions (the group commit, observable). */
  get metrics(): { flushes: number; submissions: number } {
    return this.#commit.metrics;
  }

  submit(lead: Lead, idempotencyKey?: string, consent?: StoredConsent, source?: FunnelSource): Promise<SubmitResult> {
    return this.#commit.submit({ lead, idempotencyKey, consent, source, now: this.#now() });
  }

  readPasswordHash() {
    return readPasswordHash(this.pool);
  }
  storePasswordHash(...args: Parameters<Storage['storePasswordHash']>) {
    return storePasswordHash(this.pool, ...args);
  }
  recordAudit(...args: Parameters<Storage['recordAudit']>) {
    return recordAudit(this.pool, ...args);
  }
  listAudit(...args: Parameters<Storage['listAudit']>) {
    return listAudit(this.pool, ...args);
  }
  addFunnelCounts(...args: Parameters<Storage['addFunnelCounts']>) {
    return addFunnelCounts(this.pool, ...args);
  }
  readThrottle(keys: string[]) {
    return readThrottle(this.pool, keys);
  }
  addThrottleFailure(...args: Parameters<Storage['addThrottleFailure']>) {
    return addThrottleFailure(this.pool, ...args);
  }
  clearThrottle(key: string) {
    return clearThrottle(this.pool, key);
  }
  pruneThrottle(before: number) {
    return pruneThrottle(this.pool, before);
  }
  probeWrite(now: number) {
    return probeWrite(this.pool, now);
  }
  readFunnelCounts(...args: Parameters<Storage['readFunnelCounts']>) {
    return readFunnelCounts(this.pool, ...args);
  }
  addOfferCounts(...args: Parameters<Storage['addOfferCounts']>) {
    return addOfferCounts(this.pool, ...args);
  }
  readOfferCounts(...args: Parameters<Storage['readOfferCounts']>) {
    return readOfferCounts(this.pool, ...args);
  }
  readProfileTotals(...args: Parameters<Storage['readProfileTotals']>) {
    return readProfileTotals(this.pool, ...args);
  }
  useProfileTimeZone(timeZone: string) {
    return ensureProfileAggregate(this.pool, timeZone);
  }
  listLeads(...args: Parameters<Storage['listLeads']>) {
    return listLeads(this.pool, ...args);
  }
  leadDetail(...args: Parameters<Storage['leadDetail']>) {
    return leadDetail(this.pool, ...args);
  }
  addLinks(...args: Parameters<Storage['addLinks']>) {
    return this.#links.addLinks(...args);
  }
  profileByLink(...args: Parameters<Storage['profileByLink']>) {
    return this.#links.profileByLink(...args);
  }
  async confirmByLink(...args: Parameters<Storage['confirmByLink']>) {
    const confirmed = await this.#links.confirmByLink(...args);
    if (confirmed?.queued) this.#onOutboxRows();
    return confirmed && { confirmedAt: confirmed.confirmedAt };
  }
  emailOfLead(...args: Parameters<Storage['emailOfLead']>) {
    return emailOfLead(this.pool, ...args);
  }
  eraseLead(...args: Parameters<Storage['eraseLead']>) {
    return eraseLead(this.pool, ...args);
  }
  exportRows(period?: TimeRange) {
    return exportPages(this.pool, period);
  }
  listDeliveries(...args: Parameters<Storage['listDeliveries']>) {
    return listDeliveries(this.pool, ...args);
  }
  retryDelivery(...args: Parameters<Storage['retryDelivery']>) {
    return retryDelivery(this.pool, ...args);
  }
  leadStats(now: number) {
    return leadStats(this.pool, now);
  }

  /** Backups of Postgres are the database's own (pg_dump, the provider's snapshots): server/docs/postgres.md. */
  async writeBackup(): Promise<boolean> {
    return false;
  }

  /** Stores what is queued, then closes the pool. */
  close(): Promise<void> {
    this.#closed ??= this.#commit.close().then(() => this.pool.end());
    return this.#closed;
  }
}
