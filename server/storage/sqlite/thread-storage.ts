/**
 * The storage contract on SQLite as the server uses it: the backend runs in its own thread
 * (./thread.ts), and this class, on the main thread, hands it the calls. Leads still go through the
 * group commit here (server/storage/group-commit.ts): what arrives in one turn of the event loop
 * crosses to the thread as ONE batch (one message, one transaction, one fsync), and the next batch
 * gathers while it is written. So a stalled disk holds up the storage thread only: pages, assets
 * and embed.js keep answering, a lead not stored in time gets a 503 (server/leads/routes.ts), and
 * GET /api/health says so (server/health.ts). Every call has a time limit, so nothing waits forever
 * on a thread that does not answer.
 *
 * The coach's commands and the tests of the SQL use ./storage.ts directly, in their own thread.
 */
import type { Lead } from '../../../src/shared/lead';
import { type GroupCommit, submissionCommit } from '../group-commit';
import type {
  ExportRow,
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
import { type AccessTable, accessMethods, type SetupCodeTable } from '../access';
import { WorkerCalls } from '../worker-calls';
import type { PaceWindow } from '../pace';
import type { ThreadData, ThreadOperations, ThreadPart } from './thread';

/** No call waits longer than this for the storage thread (a lead has its own, shorter limit). */
const CALL_LIMIT_MS = 30_000;
/**
 * One batch at a time, as before the thread: while it is written the next one gathers, so a batch
 * grows with the load and one fsync serves more leads (two at once made twice the small batches).
 */
const MAX_BATCHES_IN_FLIGHT = 1;

/** The contract's methods that take plain data and answer plain data: each is one call to the thread. */
type Forwarded = Exclude<
  keyof Storage,
  'backend' | 'submit' | 'outbox' | 'mailOutbox' | 'toolOutbox' | 'sessions' | 'settings' | 'setupCodes' | 'access' | 'exportRows' | 'confirmByLink' | 'close'
>;

export class SqliteThreadStorage implements Storage {
  readonly backend = 'sqlite';
  readonly outbox: OutboxQueue;
  readonly mailOutbox: OutboxQueue;
  readonly toolOutbox: OutboxQueue;
  readonly paceWindow: PaceWindow;
  readonly sessions: SessionTable;
  readonly settings: SettingsTable;
  readonly setupCodes: SetupCodeTable;
  readonly access: AccessTable;
  readonly #calls: WorkerCalls<ThreadOperations>;
  readonly #commit: GroupCommit<Submission, SubmitResult>;
  readonly #now: () => number;
  readonly #options: StoreOptions;
  #closed: Promise<void> | null = null;

  private constructor(
    readonly dataDir: string,
    calls: WorkerCalls<ThreadOperations>,
    options: StoreOptions,
  ) {
    this.#calls = calls;
    this.#now = options.now ?? Date.now;
    this.#options = options;
    // Whether mail is on and a webhook in force are asked here, once per batch, and travel with it (a function cannot cross).
    this.#commit = submissionCommit((batch) => calls.call('writeBatch', [batch, options.email?.() ?? false, options.outbox(), options.tool?.() === 'submitted']), options, {
      maxInFlight: MAX_BATCHES_IN_FLIGHT,
    });
    const part =
      <T extends object>(name: ThreadPart) =>
      (method: keyof T & string) =>
      (...args: unknown[]) =>
        calls.call('invoke', [name, method, args], CALL_LIMIT_MS);
    const outbox = part<OutboxQueue>('outbox');
    this.outbox = { claimDue: outbox('claimDue'), record: outbox('record'), nextDueAt: outbox('nextDueAt') } as OutboxQueue;
    const mailOutbox = part<OutboxQueue>('mailOutbox');
    this.mailOutbox = { claimDue: mailOutbox('claimDue'), record: mailOutbox('record'), nextDueAt: mailOutbox('nextDueAt') } as OutboxQueue;
    const toolOutbox = part<OutboxQueue>('toolOutbox');
    this.toolOutbox = { claimDue: toolOutbox('claimDue'), record: toolOutbox('record'), nextDueAt: toolOutbox('nextDueAt') } as OutboxQueue;
    const pace = part<PaceWindow>('paceWindow');
    this.paceWindow = { take: pace('take'), nextFree: pace('nextFree'), hold: pace('hold') } as PaceWindow;
    const sessions = part<SessionTable>('sessions');
    this.sessions = { insert: sessions('insert'), byTokenHash: sessions('byTokenHash'), touch: sessions('touch'), delete: sessions('delete') } as SessionTable;
    const settings = part<SettingsTable>('settings');
    this.settings = {
      readRevision: settings('readRevision'),
      readSettings: settings('readSettings'),
      writeSettings: settings('writeSettings'),
      readPicture: settings('readPicture'),
      listVersions: settings('listVersions'),
      restoreVersion: settings('restoreVersion'),
    } as SettingsTable;
    const setupCodes = part<SetupCodeTable>('setupCodes');
    this.setupCodes = { insert: setupCodes('insert'), find: setupCodes('find'), use: setupCodes('use') } as SetupCodeTable;
    const access = part<AccessTable>('access');
    // Every method of the table is one call to the thread (the list is the contract's: TypeScript checks it is whole).
    this.access = Object.fromEntries(accessMethods.map((name) => [name, access(name)])) as unknown as AccessTable;
  }

  /** Starts the storage thread on the file under `dataDir` (created and migrated there), and resolves once it is ready. */
  static async open(dataDir: string, options: StoreOptions): Promise<SqliteThreadStorage> {
    const data: ThreadData = { dataDir };
    const calls = await WorkerCalls.start<ThreadOperations>(new URL('./thread.ts', import.meta.url), data, (notice, error) => {
      if (notice === 'checkpointFailure') options.onCheckpointFailure?.(error);
    });
    return new SqliteThreadStorage(dataDir, calls, options);
  }

  /** How many transactions stored how many submissions (the group commit, observable). */
  get metrics(): { flushes: number; submissions: number } {
    return this.#commit.metrics;
  }

  #forward<K extends Forwarded>(name: K) {
    return ((...args: unknown[]) => this.#calls.call('invoke', ['storage', name, args], CALL_LIMIT_MS)) as Storage[K];
  }

  submit(lead: Lead, idempotencyKey?: string, consent?: StoredConsent, source?: FunnelSource): Promise<SubmitResult> {
    return this.#commit.submit({ lead, idempotencyKey, consent, source, now: this.#now() });
  }

  readonly readPasswordHash = this.#forward('readPasswordHash');
  readonly storePasswordHash = this.#forward('storePasswordHash');
  readonly recordAudit = this.#forward('recordAudit');
  readonly listAudit = this.#forward('listAudit');
  readonly addFunnelCounts = this.#forward('addFunnelCounts');
  readonly readThrottle = this.#forward('readThrottle');
  readonly addThrottleFailure = this.#forward('addThrottleFailure');
  readonly clearThrottle = this.#forward('clearThrottle');
  readonly pruneThrottle = this.#forward('pruneThrottle');
  readonly probeWrite = this.#forward('probeWrite');
  readonly readFunnelCounts = this.#forward('readFunnelCounts');
  readonly addOfferCounts = this.#forward('addOfferCounts');
  readonly readOfferCounts = this.#forward('readOfferCounts');
  readonly readProfileTotals = this.#forward('readProfileTotals');
  readonly listLeads = this.#forward('listLeads');
  readonly leadDetail = this.#forward('leadDetail');
  readonly emailOfLead = this.#forward('emailOfLead');
  readonly eraseLead = this.#forward('eraseLead');
  readonly listDeliveries = this.#forward('listDeliveries');
  readonly retryDelivery = this.#forward('retryDelivery');
  readonly leadStats = this.#forward('leadStats');
  readonly useProfileTimeZone = this.#forward('useProfileTimeZone');
  readonly addLinks = this.#forward('addLinks');
  readonly profileByLink = this.#forward('profileByLink');
  readonly writeBackup = this.#forward('writeBackup');

  /** Confirms in the thread; a `lead.confirmed` row queued there wakes this thread's outbox. */
  async confirmByLink(tokenHash: string, now: number): Promise<{ confirmedAt: number } | null> {
    const confirmed = (await this.#calls.call('invoke', ['storage', 'confirmByLinkQueued', [tokenHash, now, this.#options.outbox(), this.#options.tool?.() === 'confirmed']], CALL_LIMIT_MS)) as {
      confirmedAt: number;
      queued: boolean;
    } | null;
    if (confirmed?.queued) this.#options.onOutboxRows?.();
    return confirmed && { confirmedAt: confirmed.confirmedAt };
  }

  async *exportRows(period?: TimeRange): AsyncIterable<ExportRow[]> {
    const id = await this.#calls.call('exportStart', [period], CALL_LIMIT_MS);
    try {
      for (;;) {
        const page = (await this.#calls.call('exportNext', [id], CALL_LIMIT_MS)) as ExportRow[] | null;
        if (page === null) return;
        yield page;
      }
    } finally {
      await this.#calls.call('exportEnd', [id], CALL_LIMIT_MS);
    }
  }

  /** Stores what is still queued, closes the database in its thread, and stops the thread. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      await this.#commit.close();
      await this.#calls.call('close', [], CALL_LIMIT_MS).catch(() => undefined);
      await this.#calls.stop();
    })();
    return this.#closed;
  }
}
