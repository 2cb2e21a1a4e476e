/**
 * The storage thread: the SQLite backend (./storage.ts) runs here, in a worker thread, so that a
 * stalled disk (an fsync that does not return, a lock held elsewhere) stalls this thread and never
 * the event loop that serves pages, assets and embed.js. The main thread's side is
 * ./thread-storage.ts; the calls cross with server/storage/worker-calls.ts.
 */
import type { Submission, TimeRange } from '../storage';
import { notifyMain, serveCalls } from '../worker-calls';
import { SqliteStorage } from './storage';

/** What the main thread passes to the thread: plain data only. */
export type ThreadData = { dataDir: string };

type Method = (...args: unknown[]) => unknown;

/** The parts of the contract whose methods the thread serves besides the storage's own. */
export type ThreadPart = 'outbox' | 'mailOutbox' | 'toolOutbox' | 'paceWindow' | 'sessions' | 'settings' | 'setupCodes' | 'access';
const methodOf = (target: object, name: string): Method => {
  const method = (target as Record<string, unknown>)[name];
  if (typeof method !== 'function') throw new Error(`The storage thread has no method "${name}".`);
  return (method as Method).bind(target);
};

const operations = (storage: SqliteStorage) => {
  const exports = new Map<number, AsyncIterator<unknown>>();
  let nextExport = 1;
  return {
    /**
     * One batch of the main thread's group commit, in one transaction; whether mail is on and a
     * webhook is in force are asked on the main thread, where the settings are, and travel with it.
     */
    writeBatch: (batch: Submission[], mail?: boolean, forward?: boolean, toTool?: boolean) => storage.writeBatch(batch, mail, forward, toTool),
    /** A method of the storage contract (or of one of its parts: the outbox queues, the session table...). */
    invoke: (part: 'storage' | ThreadPart, name: string, args: unknown[]) =>
      methodOf(part === 'storage' ? storage : storage[part], name)(...args),
    /** The export's pages, one call each: the thread reads a page, the main thread writes it. */
    exportStart: (period: TimeRange | undefined) => {
      const id = nextExport++;
      exports.set(id, storage.exportRows(period)[Symbol.asyncIterator]());
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

serveCalls<ThreadData>(({ dataDir }) =>
  operations(SqliteStorage.open(dataDir, { outbox: () => false, onCheckpointFailure: (error) => notifyMain('checkpointFailure', error) })),
);
