/**
 * The pacer: every request to an e-mail tool waits for a slot under the vendor's documented limit
 * (`ToolLimit`: so many requests per window, so many at once), so a burst of leads never earns a
 * 429 in normal running. The window is a log of start times per key (a sliding window, a little
 * wider than the vendor's so network delays never squeeze two windows' requests into one); a slot
 * may lie in the future, and the request waits for it. A 429 holds every request of that key until
 * its `Retry-After`, or, without one (Kit's bare `429 Retry later`), for a backoff that doubles
 * while 429s keep coming.
 *
 * Where the window lives is a `PaceWindow` (server/storage/pace.ts): this process's memory (SQLite,
 * one instance), or the database (several instances on Postgres share the vendor's limit). The
 * number at once is counted per instance.
 */
import type { ToolLimit } from './connector';
import type { Clock } from '../outbox/delivery-loop';
import type { PaceWindow } from '../storage/pace';

/** Added to the vendor's window: requests spaced by our clock reach theirs a little unevenly. */
export const WINDOW_MARGIN_MS = 1_000;
/** A bare 429's first backoff; each further one doubles it, up to the vendor's whole window. */
export const FIRST_BACKOFF_MS = 5_000;

/** No slot before the attempt's deadline: try again after `waitMs` (the caller returns `slow-down`). */
export class Paced extends Error {
  override name = 'Paced';
  constructor(readonly waitMs: number) {
    super(`The e-mail tool's limit is reached for now: next request in ${Math.ceil(waitMs / 1000)} s.`);
  }
}

type Waiting = { resolve: () => void };

/** One key's requests at once: FIFO, at most `limit.concurrent`. */
class Gate {
  #running = 0;
  readonly #queue: Waiting[] = [];
  constructor(readonly size: number) {}
  enter(): Promise<void> {
    if (this.#running < this.size) {
      this.#running += 1;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push({ resolve }));
  }
  leave(): void {
    const next = this.#queue.shift();
    if (next) next.resolve();
    else this.#running -= 1;
  }
}

export class Pacer {
  readonly #window: PaceWindow;
  readonly #clock: Clock;
  readonly #gates = new Map<string, Gate>();
  /** Bare 429s in a row per key (reset by any other answer). */
  readonly #bare = new Map<string, number>();

  constructor(window: PaceWindow, clock: Clock) {
    this.#window = window;
    this.#clock = clock;
  }

  #sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        signal?.removeEventListener('abort', aborted);
        resolve();
      };
      const handle = this.#clock.setTimeout(done, ms);
      const aborted = () => {
        this.#clock.clearTimeout(handle);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  /**
   * Runs `request` in a slot of `key`'s limit, waiting for one at most until `deadline`; throws
   * `Paced` (nothing sent) when none comes by then.
   */
  async run<T>(key: string, limit: ToolLimit, deadline: number, request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    const windowMs = limit.perMs + WINDOW_MARGIN_MS;
    let gate = this.#gates.get(key);
    if (!gate || gate.size !== limit.concurrent) {
      gate = new Gate(limit.concurrent);
      this.#gates.set(key, gate);
    }
    await gate.enter();
    try {
      const now = this.#clock.now();
      const at = await this.#window.take(key, limit.requests, windowMs, now, deadline);
      if (at === null) throw new Paced((await this.#window.nextFree(key, limit.requests, windowMs, now)) - now);
      await this.#sleep(at - this.#clock.now(), signal);
      return await request();
    } finally {
      gate.leave();
    }
  }

  /**
   * The tool answered 429: hold `key` until its `Retry-After`, or back off when it gave none.
   * Returns how long from now.
   */
  async slowDown(key: string, limit: ToolLimit, retryAfterMs: number | null): Promise<number> {
    const bare = retryAfterMs === null ? (this.#bare.get(key) ?? 0) + 1 : 0;
    this.#bare.set(key, bare);
    const waitMs = retryAfterMs ?? Math.min(limit.perMs, FIRST_BACKOFF_MS * 2 ** (bare - 1));
    await this.#window.hold(key, this.#clock.now() + waitMs);
    return waitMs;
  }

  /** Any answer but a 429: the backoff starts again from its first step. */
  answered(key: string): void {
    this.#bare.delete(key);
  }
}
