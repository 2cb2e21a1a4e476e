/**
 * Synchronous functions run in a worker thread, called from the main thread as promises. The SQLite
 * backend lives there (server/storage/sqlite/), so a disk that stalls stalls that thread, never the
 * event loop that serves pages, assets and embed.js. A call may carry a time limit: past it the
 * caller gets a `StorageTimeoutError` at once, while the thread still does what it was asked when it
 * can (a lead stored late is found by its Idempotency-Key when the visitor's page retries).
 *
 * Errors cross the thread boundary as their name, message and code (better-sqlite3's `SQLITE_BUSY`,
 * say), so the main thread can tell them apart. If the thread dies, every call in progress and every
 * later one fails.
 */
import { parentPort, Worker, workerData } from 'node:worker_threads';

/** Functions the worker offers: plain data in, plain data out (structured clone). */
export type Operations = Record<string, (...args: never[]) => unknown>;

export class StorageTimeoutError extends Error {
  override name = 'StorageTimeoutError';
  readonly code = 'STORAGE_TIMEOUT';
}

type SerializedError = { name: string; message: string; code?: unknown; stack?: string };
type Request = { id: number; op: string; args: unknown[] };
type Reply = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: SerializedError };
type Status = { ready: true } | { ready: false; error: SerializedError };
/** A message the worker sends on its own (not an answer): an event for the main thread. */
type Notice = { notice: string; error: SerializedError };

const serialize = (error: unknown): SerializedError =>
  error instanceof Error
    ? { name: error.name, message: error.message, code: (error as { code?: unknown }).code, stack: error.stack }
    : { name: 'Error', message: String(error) };

function revive(error: SerializedError): Error {
  const revived = Object.assign(new Error(error.message), error.code === undefined ? {} : { code: error.code });
  revived.name = error.name;
  if (error.stack) revived.stack = error.stack;
  return revived;
}

/**
 * A value as it was before crossing the thread boundary: structured clone turns a Buffer into a
 * plain Uint8Array, which better-sqlite3 will not bind and Fastify would not send as bytes. Done in
 * place: the value is the fresh copy structured clone just made, held by nothing else, and a lead's
 * batch crosses twice per commit (rebuilding every object of it cost more than the clone itself).
 */
export function withBuffers<T>(value: T): T {
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Uint8Array) return (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength)) as T;
  if (Array.isArray(value)) {
    for (let index = 0; index < value.length; index += 1) {
      const entry: unknown = value[index];
      if (typeof entry === 'object' && entry !== null) value[index] = withBuffers(entry);
    }
  } else if (value instanceof Map) {
    for (const [key, entry] of value) value.set(key, withBuffers(entry));
  } else if (Object.getPrototypeOf(value) === Object.prototype) {
    const record = value as Record<string, unknown>;
    for (const key in record) {
      const entry = record[key];
      if (typeof entry === 'object' && entry !== null) record[key] = withBuffers(entry);
    }
  }
  return value;
}

/** The module that loads the worker's TypeScript entry (workers do not inherit tsx's loader). */
const bootstrap = new URL('./worker-bootstrap.mjs', import.meta.url);

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout | null };

export class WorkerCalls<Ops extends Operations> {
  readonly #worker: Worker;
  readonly #pending = new Map<number, Pending>();
  #nextId = 1;
  #dead: Error | null = null;

  private constructor(worker: Worker, onNotice: (notice: string, error: Error) => void) {
    this.#worker = worker;
    worker.on('message', (message: Reply | Notice) => ('notice' in message ? onNotice(message.notice, revive(message.error)) : this.#settle(message)));
    const fail = (error: Error) => {
      this.#dead ??= error;
      for (const [id, pending] of this.#pending) this.#finish(id, pending, () => pending.reject(error));
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`The storage thread stopped (exit code ${code}).`)));
  }

  /**
   * Starts the worker running `module` (a module calling `serveCalls`: TypeScript, or its bundle
   * from ../thread-entry.ts) with `data`, and resolves once it said it is ready; rejects with its
   * start-up error. `onNotice` hears the errors the worker reports on its own (`notifyMain`).
   */
  static async start<Ops extends Operations>(
    module: URL,
    data: unknown,
    onNotice: (notice: string, error: Error) => void = () => undefined,
  ): Promise<WorkerCalls<Ops>> {
    const worker = new Worker(bootstrap, { workerData: { module: module.href, data } });
    const status = await new Promise<Status>((resolve, reject) => {
      // Only these listeners go afterwards: the worker's own (which start its message port) must stay.
      const done = () => worker.off('message', onMessage).off('error', onError).off('exit', onExit);
      const onMessage = (value: Status) => (done(), resolve(value));
      const onError = (error: Error) => (done(), reject(error));
      const onExit = (code: number) => (done(), reject(new Error(`The storage thread stopped while starting (exit code ${code}).`)));
      worker.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
    if (!status.ready) {
      await worker.terminate();
      throw revive(status.error);
    }
    return new WorkerCalls<Ops>(worker, onNotice);
  }

  #finish(id: number, pending: Pending, settle: () => void): void {
    if (pending.timer) clearTimeout(pending.timer);
    this.#pending.delete(id);
    settle();
  }

  #settle(reply: Reply): void {
    const pending = this.#pending.get(reply.id);
    // A reply after its time limit: the caller has been answered already.
    if (!pending) return;
    this.#finish(reply.id, pending, () => (reply.ok ? pending.resolve(withBuffers(reply.result)) : pending.reject(revive(reply.error))));
  }

  /** Runs `op` in the worker; with `timeoutMs`, rejects with StorageTimeoutError if no answer came by then. */
  call<K extends keyof Ops & string>(op: K, args: Parameters<Ops[K]>, timeoutMs?: number): Promise<Awaited<ReturnType<Ops[K]>>> {
    if (this.#dead) return Promise.reject(this.#dead);
    const id = this.#nextId++;
    return new Promise((resolve, reject) => {
      const pending: Pending = { resolve: resolve as (value: unknown) => void, reject, timer: null };
      if (timeoutMs !== undefined) {
        pending.timer = setTimeout(
          () => this.#finish(id, pending, () => reject(new StorageTimeoutError(`The database did not answer within ${timeoutMs / 1000} s.`))),
          timeoutMs,
        );
      }
      this.#pending.set(id, pending);
      this.#worker.postMessage({ id, op, args } satisfies Request);
    });
  }

  /** Calls in progress or waiting in the worker. */
  get waiting(): number {
    return this.#pending.size;
  }

  /** Stops the worker once it has done what it was asked (after its `close` operation, if any). */
  async stop(): Promise<void> {
    await this.#worker.terminate();
  }
}

/**
 * The worker's side, called once by the module `WorkerCalls.start` names: `open` gets the data
 * given to `start` and returns the operations (opening what they need; a throw is the start-up
 * error). Each call is then run (synchronous or not) and answered, one after another.
 */
export function serveCalls<Data>(open: (data: Data) => Operations): void {
  const port = parentPort;
  if (!port) throw new Error('serveCalls runs in a worker thread.');
  let ops: Operations;
  try {
    ops = open((workerData as { data: Data }).data);
  } catch (error) {
    port.postMessage({ ready: false, error: serialize(error) } satisfies Status);
    return;
  }
  port.on('message', async ({ id, op, args }: Request) => {
    try {
      const run = ops[op] as ((...values: unknown[]) => unknown) | undefined;
      if (!run) throw new Error(`The storage thread has no operation "${op}".`);
      port.postMessage({ id, ok: true, result: await run(...withBuffers(args)) } satisfies Reply);
    } catch (error) {
      port.postMessage({ id, ok: false, error: serialize(error) } satisfies Reply);
    }
  });
  port.postMessage({ ready: true } satisfies Status);
}

/** From the worker: tells the main thread about an error no call is waiting for (a failed background task). */
export function notifyMain(notice: string, error: unknown): void {
  parentPort?.postMessage({ notice, error: serialize(error) } satisfies Notice);
}
