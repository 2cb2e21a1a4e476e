/**
 * The storage contract on SQLite as the server uses it: the backend runs in two threads of its own
 * (./thread.ts), the lead thread (leads, the outbox, the e-mail's links) and the dashboard thread
 * (everything else), so a slow dashboard read or its wait for a lock never holds up a lead. This
 * class, on the main thread, forwards each call by part and method (`settings.readRevision`) to
 * its thread: every method of a part the backend makes is forwarded, so a new query needs nothing
 * here. Leads go through the group commit here (server/storage/group-commit.ts): what arrives in
 * one turn of the event loop crosses to the lead thread as ONE message (one transaction, one
 * fsync), and the next batch gathers while it is written. So a stalled disk holds up the storage
 * threads only: pages, assets and embed.js keep answering, a lead not stored in time gets a 503
 * (server/leads/routes.ts), and GET /api/health says so (server/health.ts). Every call has a time
 * limit, so nothing waits forever on a thread that does not answer.
 *
 * The coach's commands and the tests of the SQL use ./storage.ts directly.
 */
import { type GroupCommit, submissionCommit } from '../group-commit';
import { type OutboxChannel, outboxChannels, type OutboxQueue, type Storage, type StoreOptions, type StorageParts, type Submission, type SubmitResult } from '../storage';
import { type ExportRow } from '../dashboard-reads';
import { WorkerCalls } from '../worker-calls';
import type { ThreadData, ThreadOperations, ThreadPart } from './thread';

/** No call waits longer than this for a storage thread (a lead has its own, shorter limit). */
const CALL_LIMIT_MS = 30_000;
/**
 * One batch at a time, as before the thread: while it is written the next one gathers, so a batch
 * grows with the load and one fsync serves more leads (two at once made twice the small batches).
 */
const MAX_BATCHES_IN_FLIGHT = 1;

type Calls = WorkerCalls<ThreadOperations>;

/** The parts each thread serves: the lead thread's store leads and send them on (the outbox, the links, the e-mail tool's pace); the dashboard thread has the rest. */
const leadParts = ['leads', 'links', 'paceWindow', ...outboxChannels.map((channel) => `outbox.${channel}` as const)] satisfies ThreadPart[];
const dashboardParts = ['sessions', 'setupCodes', 'access', 'audit', 'funnel', 'offers', 'throttle', 'settings', 'dashboard'] satisfies ThreadPart[];

/** A part whose every method (as the thread's backend makes it) is one call to `calls`' thread. */
async function forwarded<Part>(calls: Calls, part: ThreadPart, methods: Record<string, string[]>): Promise<Part> {
  const call = (method: string) => (...args: unknown[]) => calls.call('call', [part, method, args], CALL_LIMIT_MS);
  return Object.fromEntries((methods[part] ?? []).map((method) => [method, call(method)])) as Part;
}

export class SqliteThreadStorage implements Storage {
  readonly backend = 'sqlite';
  readonly #leadThread: Calls;
  readonly #dashboardThread: Calls;
  readonly #commit: GroupCommit<Submission, SubmitResult>;
  #closed: Promise<void> | null = null;

  private constructor(
    readonly dataDir: string,
    threads: { leads: Calls; dashboard: Calls },
    parts: Omit<StorageParts, 'leads'> & { probeWrite: Storage['leads']['probeWrite']; outbox: Storage['outbox'] },
    options: StoreOptions,
  ) {
    this.#leadThread = threads.leads;
    this.#dashboardThread = threads.dashboard;
    const now = options.now ?? Date.now;
    this.#commit = submissionCommit((batch) => threads.leads.call('writeBatch', [batch]), options, { maxInFlight: MAX_BATCHES_IN_FLIGHT });
    this.leads = { submit: (submission) => this.#commit.submit({ ...submission, now: now() }), probeWrite: parts.probeWrite };
    this.outbox = parts.outbox;
    this.links = {
      ...parts.links,
      // What a confirmation queued there wakes this thread's loops.
      confirmByLink: async (...args) => {
        const confirmed = await parts.links.confirmByLink(...args);
        if (confirmed && confirmed.queued.length > 0) options.onQueued?.(new Set(confirmed.queued));
        return confirmed;
      },
    };
    this.sessions = parts.sessions;
    this.setupCodes = parts.setupCodes;
    this.access = parts.access;
    this.audit = parts.audit;
    this.funnel = parts.funnel;
    this.offers = parts.offers;
    this.throttle = parts.throttle;
    this.paceWindow = parts.paceWindow;
    this.settings = parts.settings;
    this.dashboard = { ...parts.dashboard, exportRows: (period) => this.#exportRows(period) };
  }

  readonly leads: Storage['leads'];
  readonly outbox: Storage['outbox'];
  readonly links: Storage['links'];
  readonly sessions: Storage['sessions'];
  readonly setupCodes: Storage['setupCodes'];
  readonly access: Storage['access'];
  readonly audit: Storage['audit'];
  readonly funnel: Storage['funnel'];
  readonly offers: Storage['offers'];
  readonly throttle: Storage['throttle'];
  readonly paceWindow: Storage['paceWindow'];
  readonly settings: Storage['settings'];
  readonly dashboard: Storage['dashboard'];

  /** Starts the two storage threads on the file under `dataDir` (created and migrated there), and resolves once both are ready. */
  static async open(dataDir: string, options: StoreOptions): Promise<SqliteThreadStorage> {
    const start = (role: ThreadData['role']) =>
      WorkerCalls.start<ThreadOperations>(new URL('./thread.ts', import.meta.url), { dataDir, role } satisfies ThreadData, (notice, error) => {
        if (notice === 'checkpointFailure') options.onCheckpointFailure?.(error);
      });
    // One after the other: the first creates and migrates the file.
    const leads = await start('leads');
    const dashboard = await start('dashboard').catch(async (error: unknown) => {
      await leads.stop();
      throw error;
    });
    const [leadMethods, dashboardMethods] = await Promise.all([leads.call('methods', [leadParts]), dashboard.call('methods', [dashboardParts])]);
    const onLeads = <Part>(part: ThreadPart) => forwarded<Part>(leads, part, leadMethods);
    const onDashboard = <K extends (typeof dashboardParts)[number]>(part: K) => forwarded<StorageParts[K]>(dashboard, part, dashboardMethods);
    const queues = await Promise.all(outboxChannels.map(async (channel) => [channel, await onLeads<OutboxQueue>(`outbox.${channel}`)] as const));
    const parts = {
      probeWrite: (await onLeads<Storage['leads']>('leads')).probeWrite,
      outbox: Object.fromEntries(queues) as Record<OutboxChannel, OutboxQueue>,
      links: await onLeads<Storage['links']>('links'),
      paceWindow: await onLeads<Storage['paceWindow']>('paceWindow'),
      sessions: await onDashboard('sessions'),
      setupCodes: await onDashboard('setupCodes'),
      access: await onDashboard('access'),
      audit: await onDashboard('audit'),
      funnel: await onDashboard('funnel'),
      offers: await onDashboard('offers'),
      throttle: await onDashboard('throttle'),
      settings: await onDashboard('settings'),
      dashboard: await onDashboard('dashboard'),
    };
    return new SqliteThreadStorage(dataDir, { leads, dashboard }, parts, options);
  }

  /** How many transactions stored how many submissions (the group commit, observable). */
  get metrics(): { flushes: number; submissions: number } {
    return this.#commit.metrics;
  }

  async *#exportRows(period?: Parameters<Storage['dashboard']['exportRows']>[0]): AsyncIterable<ExportRow[]> {
    const id = await this.#dashboardThread.call('exportStart', [period], CALL_LIMIT_MS);
    try {
      for (;;) {
        const page = (await this.#dashboardThread.call('exportNext', [id], CALL_LIMIT_MS)) as ExportRow[] | null;
        if (page === null) return;
        yield page;
      }
    } finally {
      await this.#dashboardThread.call('exportEnd', [id], CALL_LIMIT_MS);
    }
  }

  /** Stores what is still queued, closes the database in both threads, and stops them. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      await this.#commit.close();
      for (const thread of [this.#leadThread, this.#dashboardThread]) {
        await thread.call('close', [], CALL_LIMIT_MS).catch(() => undefined);
        await thread.stop();
      }
    })();
    return this.#closed;
  }
}
