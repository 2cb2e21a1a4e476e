/**
 * The pacer: every request to an e-mail tool waits for a slot under the vendor's documented limit
 * (`ToolLimit`: so many requests per window, so many at once), so a burst of leads never earns a
 * 429 in normal running. The window is a log of start times per key (a sliding window, a little
 * wider than the vendor's so network delays never squeeze two windows' requests into one); a slot
 * may lie in the future, and the request waits for it. A 429 holds every request of that key until
 * its `Retry-After`, or, without one (Kit's bare `429 Retry later`), for a backoff that doubles
 * while 429s keep coming.
 *
 * Where the window lives is a `PaceWindow` (server/storage/pace.ts): the database (SQLite's one
 * process; on Postgres every instance shares the vendor's limit), or memory in tests. So do the
 * vendor's connections at once (`limit.connections`, Mailchimp's 10 per key): a request holds one
 * while it runs, for at most its time limit and a margin (it is cut by then), and gives it back when
 * done; one held by a killed instance comes free when its hold ends. With every one held, one
 * request of this instance looks again every CONNECTION_POLL_MS (at once when one of its own ends).
 * `limit.concurrent` counts this instance's own requests at once.
 */
import { randomUUID } from 'node:crypto';
import type { ToolLimit } from './connector';
import type { Clock } from '../outbox/delivery-loop';
import type { PaceWindow } from '../storage/pace';

/** Added to the vendor's window: requests spaced by our clock reach theirs a little unevenly. */
export const WINDOW_MARGIN_MS = 1_000;
/**
 * A slot is used only by a request that starts within this of it. The window counts the slot's time;
 * a request that starts much later (the database slow to give the slot, under a lock another
 * instance held, or a timer late on a busy machine) would eat into the margin, and past it reach the
 * vendor inside the next window's requests: a 429. So it gives the late slot back and takes a fresh one.
 */
export const LATE_START_MS = WINDOW_MARGIN_MS / 2;
/**
 * At most this many fresh slots for one request; it starts on the last one, late or not. On a machine
 * so busy that every slot comes late, waiting for one on time could last for ever, while a request a
 * little late risks at most a 429, which holds the key until its Retry-After.
 */
export const MAX_FRESH_SLOTS = 2;
/** A bare 429's first backoff; each further one doubles it, up to the vendor's whole window. */
export const FIRST_BACKOFF_MS = 5_000;
/** A held connection's hold lasts the request's time limit and this (the time to give it back). */
export const CONNECTION_HOLD_MARGIN_MS = 2_000;
/** With every connection held (by any instance), look again this often. */
export const CONNECTION_POLL_MS = 50;
/** No connection free before the attempt's deadline: try again after about this long. */
export const CONNECTION_WAIT_MS = 1_000;

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

/** How a request runs: until when it may wait for a slot, its signal, and its own time limit (it is cut by then). */
export type PacedRun = { deadline: number; signal?: AbortSignal; limitMs: number };

export class Pacer {
  readonly #window: PaceWindow;
  readonly #clock: Clock;
  readonly #gates = new Map<string, Gate>();
  /** Per key, the one request of this instance looking for a free connection (the others queue behind it). */
  readonly #doors = new Map<string, Gate>();
  /** Per key, wakes that request when one of this instance's connections is given back. */
  readonly #nudges = new Map<string, () => void>();
  /** Bare 429s in a row per key (reset by any other answer). */
  readonly #bare = new Map<string, number>();

  constructor(window: PaceWindow, clock: Clock) {
    this.#window = window;
    this.#clock = clock;
  }

  /** Waits `ms` (or until `early` is called, when given), unless `signal` aborts first. */
  #sleep(ms: number, signal: AbortSignal | undefined, early?: (wake: () => void) => void): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        this.#clock.clearTimeout(handle);
        signal?.removeEventListener('abort', aborted);
        resolve();
      };
      const handle = this.#clock.setTimeout(done, ms);
      early?.(done);
      const aborted = () => {
        this.#clock.clearTimeout(handle);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', aborted, { once: true });
    });
  }

  /**
   * Runs `request` in a slot of `key`'s limit (and a connection, where the vendor limits them),
   * waiting for one at most until `run.deadline`; throws `Paced` (nothing sent) when none comes by then.
   */
  async run<T>(key: string, limit: ToolLimit, run: PacedRun, request: () => Promise<T>): Promise<T> {
    const windowMs = limit.perMs + WINDOW_MARGIN_MS;
    let gate = this.#gates.get(key);
    if (!gate || gate.size !== limit.concurrent) {
      gate = new Gate(limit.concurrent);
      this.#gates.set(key, gate);
    }
    await gate.enter();
    try {
      await this.#slot(key, limit, windowMs, run);
      if (limit.connections === undefined) return await request();
      const held = await this.#connection(key, limit.connections, run);
      try {
        return await request();
      } finally {
        // Should storage fail here, the hold still ends by itself: the request's answer is what counts.
        await this.#window.releaseConnection(key, held.slot, held.holder).catch(() => undefined);
        this.#nudges.get(key)?.();
      }
    } finally {
      gate.leave();
    }
  }

  /**
   * Waits for a slot of `key`'s window that the request starts on time (LATE_START_MS), or the last
   * of MAX_FRESH_SLOTS fresh ones; throws `Paced` when none comes by the deadline.
   */
  async #slot(key: string, limit: ToolLimit, windowMs: number, run: PacedRun): Promise<void> {
    for (let fresh = 0; ; fresh += 1) {
      const now = this.#clock.now();
      const at = await this.#window.take(key, limit.requests, windowMs, now, run.deadline);
      if (at === null) throw new Paced((await this.#window.nextFree(key, limit.requests, windowMs, now)) - now);
      await this.#sleep(at - this.#clock.now(), run.signal);
      if (this.#clock.now() - at <= LATE_START_MS || fresh === MAX_FRESH_SLOTS) return;
      // Should storage fail here, the late slot stays counted: the window only counts too many.
      await this.#window.giveBack(key, at).catch(() => undefined);
    }
  }

  /** One of `key`'s `size` connections, held until the request's limit and a margin have passed. */
  async #connection(key: string, size: number, run: PacedRun): Promise<{ slot: number; holder: string }> {
    let door = this.#doors.get(key);
    if (!door) {
      door = new Gate(1);
      this.#doors.set(key, door);
    }
    await door.enter();
    const holder = randomUUID();
    try {
      for (;;) {
        const now = this.#clock.now();
        const slot = await this.#window.takeConnection(key, size, holder, now, now + run.limitMs + CONNECTION_HOLD_MARGIN_MS);
        if (slot !== null) return { slot, holder };
        if (now + CONNECTION_POLL_MS > run.deadline) throw new Paced(CONNECTION_WAIT_MS);
        await this.#sleep(CONNECTION_POLL_MS, run.signal, (wake) => this.#nudges.set(key, wake));
        this.#nudges.delete(key);
      }
    } finally {
      door.leave();
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
