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
import type { PostgresSettings } from '../../config';
import type { GroupCommit } from '../group-commit';
import { Assembled, byChannel, makeParts, type PartMakers, serverParts } from '../parts';
import type { Storage, StoreOptions, Submission, SubmitResult } from '../storage';
import { postgresAccessTable } from './access';
import { postgresAuditLog } from './audit';
import { openPool, type PostgresPool } from './connection';
import { postgresFunnelStore } from './funnel';
import { probeWrite } from './health';
import { postgresDashboardReads } from './leads';
import { postgresLinks } from './links';
import { migratePostgres } from './migrations';
import { postgresOfferCounts } from './offers';
import { postgresOutboxQueue } from './outbox';
import { postgresPaceWindow } from './pace';
import { postgresSessionTable } from './sessions';
import { postgresSettingsTable, postgresSetupCodeTable } from './settings';
import { batchWriter } from './submissions';
import { postgresThrottleTable } from './throttle';

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

/** Each part of the contract (but the leads') over the pool. */
const postgresParts: PartMakers<PostgresPool> = {
  outbox: (pool) => byChannel((channel) => postgresOutboxQueue(pool, channel)),
  links: postgresLinks,
  sessions: postgresSessionTable,
  setupCodes: postgresSetupCodeTable,
  access: postgresAccessTable,
  audit: postgresAuditLog,
  funnel: postgresFunnelStore,
  offers: postgresOfferCounts,
  throttle: postgresThrottleTable,
  paceWindow: postgresPaceWindow,
  settings: postgresSettingsTable,
  dashboard: postgresDashboardReads,
};

export class PostgresStorage extends Assembled implements Storage {
  readonly backend = 'postgres';
  /** How many transactions stored how many submissions (the group commit, observable). */
  readonly metrics: GroupCommit<Submission, SubmitResult>['metrics'];
  readonly #commit: GroupCommit<Submission, SubmitResult>;
  #closed: Promise<void> | null = null;

  private constructor(
    readonly pool: PostgresPool,
    { parts, commit }: ReturnType<typeof serverParts>,
  ) {
    super(parts);
    this.#commit = commit;
    this.metrics = commit.metrics;
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
    const leads = { writeBatch: batchWriter(pool), probeWrite: (at: number) => probeWrite(pool, at) };
    return new PostgresStorage(pool, serverParts(makeParts(postgresParts, pool), leads, options, MAX_BATCHES_IN_FLIGHT));
  }

  /** Stores what is queued, then closes the pool. */
  close(): Promise<void> {
    this.#closed ??= this.#commit.close().then(() => this.pool.end());
    return this.#closed;
  }
}
