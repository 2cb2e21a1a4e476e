/**
 * A storage thread: the SQLite backend (./storage.ts) runs here, in a worker thread, so that a
 * stalled disk (an fsync that does not return, a lock held elsewhere) stalls this thread and never
 * the event loop that serves pages, assets and embed.js. The server runs two, each with its own
 * connection (`role`): the lead thread and the dashboard thread. The main thread's side is
 * ./thread-storage.ts; the calls cross with server/storage/worker-calls.ts.
 */
import type { OutboxChannel, OutboxQueue, StoragePart, StorageParts, TimeRange } from '../storage';
import { notifyMain, serveCalls } from '../worker-calls';
import { type BatchMessage, packResults, type ResultsMessage, unpackBatch } from './batch-message';
import { type SqliteRole, SqliteStorage } from './storage';

/** What the main thread passes to the thread: plain data only. */
export type ThreadData = { dataDir: string; role: Exclude<SqliteRole, 'all'> };

/** A part of the contract as a call names it: one of `Storage`'s parts, or one channel's outbox queue. */
export type ThreadPart = Exclude<StoragePart, 'outbox'> | `outbox.${OutboxChannel}`;

/** The contract's interface of the part a call names. */
type PartAt<Part extends ThreadPart> = Part extends StoragePart ? StorageParts[Part] : OutboxQueue;

/** A method of a part, as a call names it besides its part (`readRevision`, `claimDue`...). */
export type MethodName = { [Part in ThreadPart]: keyof PartAt<Part> & string }[ThreadPart];

type Method = (...args: unknown[]) => unknown;

const partOf = (storage: SqliteStorage, part: ThreadPart): object =>
  part.startsWith('outbox.') ? storage.outbox[part.slice('outbox.'.length) as OutboxChannel] : storage[part as Exclude<StoragePart, 'outbox'>];

const methodOf = (target: object, name: string): Method => {
  const method = (target as Record<string, unknown>)[name];
  if (typeof method !== 'function') throw new Error(`The storage thread has no method "${name}".`);
  return method as Method;
};

const operations = (storage: SqliteStorage) => {
  const exports = new Map<number, AsyncIterator<unknown>>();
  let nextExport = 1;
  return {
    /** One batch of the main thread's group commit, in one transaction; each submission carries its routing (./batch-message.ts: its shape as it crosses). */
    writeBatch: (batch: BatchMessage): ResultsMessage => packResults(storage.writeBatch(unpackBatch(batch))),
    /** The methods of each part, by name: what the main thread forwards. */
    methods: (parts: ThreadPart[]) => Object.fromEntries(parts.map((part) => [part, Object.keys(partOf(storage, part))])) as Record<ThreadPart, MethodName[]>,
    /** A method of a part of the contract (`settings.readRevision`, `outbox.email.claimDue`...). */
    call: (part: ThreadPart, method: MethodName, args: unknown[]) => methodOf(partOf(storage, part), method)(...args),
    /** The export's pages, one call each: the thread reads a page, the main thread writes it. */
    exportStart: (period: TimeRange | undefined) => {
      const id = nextExport++;
      exports.set(id, storage.dashboard.exportRows(period)[Symbol.asyncIterator]());
      return id;
    },
    exportNext: async (id: number) => {
      const page = await exports.get(id)?.next();
      if (!page || page.done) {
        exports.delete(id);
        return null;
      }
      return page.value;
    },
    exportEnd: (id: number) => void exports.delete(id),
    close: () => storage.close(),
  };
};

export type ThreadOperations = ReturnType<typeof operations>;

serveCalls<ThreadData>(({ dataDir, role }) =>
  operations(SqliteStorage.open(dataDir, { role, onCheckpointFailure: (error) => notifyMain('checkpointFailure', error) })),
);
