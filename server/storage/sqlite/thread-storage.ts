/**
 * The storage contract on SQLite as the server uses it: the backend runs in two threads of its own
 * (./thread.ts), the lead thread (leads, the outbox, the e-mail's links) and the dashboard thread
 * (everything else), so a slow dashboard read or its wait for a lock never holds up a lead. This
 * class, on the main thread, forwards each call by part and method (`settings.readRevision`) to
 * its thread (`threadOf`): every method of a part the backend makes is forwarded, so a new query
 * needs nothing here. Leads go through the main thread's group commit (../parts.ts): what arrives
 * in one turn of the event loop crosses to the lead thread as ONE message (one transaction, one
 * fsync), and the next batch gathers while it is written. So a stalled disk holds up the storage
 * threads only: pages, assets and embed.js keep answering, a lead not stored in time gets a 503
 * (server/leads/routes.ts), and GET /api/health says so (server/health.ts). Every call has a time
 * limit, so nothing waits forever on a thread that does not answer.
 *
 * The coach's commands and the tests of the SQL use ./storage.ts directly.
 */
import type { ExportRow } from '../dashboard-reads';
import type { GroupCommit } from '../group-commit';
import { Assembled, byChannel, serverParts } from '../parts';
import { outboxChannels, type Storage, type StoragePart, type StorageParts, type StoreOptions, type Submission, type SubmitResult, type TimeRange } from '../storage';
import { threadEntry } from '../../thread-entry';
import { WorkerCalls } from '../worker-calls';
import { packBatch, unpackResults } from './batch-message';
import type { ThreadData, ThreadOperations, ThreadPart } from './thread';

/** No call waits longer than this for a storage thread (a lead has its own, shorter limit). */
const CALL_LIMIT_MS = 30_000;
/**
 * One batch at a time, as before the thread: while it is written the next one gathers, so a batch
 * grows with the load and one fsync serves more leads (two at once made twice the small batches).
 */
const MAX_BATCHES_IN_FLIGHT = 1;

type Role = ThreadData['role'];
type Threads = Record<Role, WorkerCalls<ThreadOperations>>;

/** The thread that serves each part: the lead thread stores leads and sends them on (the outbox, the links, the e-mail tool's pace); the dashboard thread has the rest. */
const threadOf = {
  leads: 'leads', outbox: 'leads', links: 'leads', paceWindow: 'leads',
  sessions: 'dashboard', setupCodes: 'dashboard', access: 'dashboard', audit: 'dashboard', funnel: 'dashboard', offers: 'dashboard',
  throttle: 'dashboard', settings: 'dashboard', dashboard: 'dashboard',
} as const satisfies Record<StoragePart, Role>;

export class SqliteThreadStorage extends Assembled implements Storage {
  readonly backend = 'sqlite';
  /** How many transactions stored how many submissions (the group commit, observable). */
  readonly metrics: GroupCommit<Submission, SubmitResult>['metrics'];
  readonly #threads: Threads;
  readonly #commit: GroupCommit<Submission, SubmitResult>;
  #closed: Promise<void> | null = null;

  private constructor(
    readonly dataDir: string,
    threads: Threads,
    { parts, commit }: ReturnType<typeof serverParts>,
  ) {
    // The export's pages cross one call each (an iterator cannot cross).
    super({ ...parts, dashboard: { ...parts.dashboard, exportRows: (period) => exportRows(threads.dashboard, period) } });
    this.#threads = threads;
    this.#commit = commit;
    this.metrics = commit.metrics;
  }

  /** Starts the two storage threads on the file under `dataDir` (created and migrated there), and resolves once both are ready. */
  static async open(dataDir: string, options: StoreOptions): Promise<SqliteThreadStorage> {
    const entry = await threadEntry(new URL('./thread.ts', import.meta.url));
    const start = (role: Role) =>
      WorkerCalls.start<ThreadOperations>(entry, { dataDir, role } satisfies ThreadData, (notice, error) => {
        if (notice === 'checkpointFailure') options.onCheckpointFailure?.(error);
      });
    // One after the other: the first creates and migrates the file.
    const leads = await start('leads');
    const dashboard = await start('dashboard').catch(async (error: unknown) => {
      await leads.stop();
      throw error;
    });
    const { leads: forwardedLeads, ...parts } = await forwardedParts({ leads, dashboard });
    // A batch crosses as rows of plain values (./batch-message.ts): far cheaper to copy than its objects.
    const writer = { writeBatch: async (batch: Submission[]) => unpackResults(await leads.call('writeBatch', [packBatch(batch)])), probeWrite: forwardedLeads.probeWrite };
    return new SqliteThreadStorage(dataDir, { leads, dashboard }, serverParts(parts, writer, options, MAX_BATCHES_IN_FLIGHT));
  }

  /** Stores what is still queued, closes the database in both threads, and stops them. */
  close(): Promise<void> {
    this.#closed ??= (async () => {
      await this.#commit.close();
      for (const thread of Object.values(this.#threads)) {
        await thread.call('close', [], CALL_LIMIT_MS).catch(() => undefined);
        await thread.stop();
      }
    })();
    return this.#closed;
  }
}

/**
 * Every part on its thread (`threadOf`), each of its methods one call there. The lead thread lists
 * the methods of each part as the backend (./storage.ts) makes them, so the forwarded parts have
 * the contract's interfaces, and a new query needs nothing here.
 */
async function forwardedParts(threads: Threads): Promise<StorageParts> {
  const callNames = (part: StoragePart): ThreadPart[] => (part === 'outbox' ? outboxChannels.map((channel) => `outbox.${channel}` as const) : [part]);
  const methods = await threads.leads.call('methods', [(Object.keys(threadOf) as StoragePart[]).flatMap(callNames)], CALL_LIMIT_MS);
  const forwarded = (part: ThreadPart, role: Role) =>
    Object.fromEntries(methods[part].map((method) => [method, (...args: unknown[]) => threads[role].call('call', [part, method, args], CALL_LIMIT_MS)]));
  const parts = Object.entries(threadOf).map(([part, role]) => [
    part,
    part === 'outbox' ? byChannel((channel) => forwarded(`outbox.${channel}`, role)) : forwarded(part as ThreadPart, role),
  ]);
  return Object.fromEntries(parts) as StorageParts;
}

/** The export's pages from the dashboard thread, one call each: the thread reads a page, the main thread writes it. */
async function* exportRows(thread: Threads['dashboard'], period?: TimeRange): AsyncIterable<ExportRow[]> {
  const id = await thread.call('exportStart', [period], CALL_LIMIT_MS);
  try {
    for (;;) {
      const page = (await thread.call('exportNext', [id], CALL_LIMIT_MS)) as ExportRow[] | null;
      if (page === null) return;
      yield page;
    }
  } finally {
    await thread.call('exportEnd', [id], CALL_LIMIT_MS);
  }
}
