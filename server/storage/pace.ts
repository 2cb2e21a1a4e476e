/**
 * The storage contract's part for the e-mail tool's pacer (server/email-tool/pacer.ts): the window
 * of each key's request start times and its hold, which every instance must share so that together
 * they stay under the vendor's limit. On Postgres it is a table every instance takes its slots from
 * under a lock per key (./postgres/pace.ts); on SQLite one process holds the database and sends,
 * so the window is that process's memory.
 *
 * Beside the window, the vendor's connections at once (Mailchimp's 10 per key): each request holds
 * one of them while it runs, every instance counting against the same ones. A hold has an end (the
 * request is cut by then), so one an instance killed mid-request left behind comes free after it.
 *
 * Beside those, the channel's pause: the settings (a fingerprint of the tool, key, address and
 * list in force, never the key itself) whose key the tool refused. Stored, so every instance stops
 * pushing with them; other settings (a new key saved) are not paused.
 */

/** Why the tool's deliveries wait: the tool refused the key (its status and words), since when. */
export type StoredPause = { status: number; detail: string; at: number };

export interface PaceWindow {
  /**
   * Takes the earliest slot at or after `now` for one request of `key`: fewer than `requests` in any
   * `windowMs`, and not before a hold. Returns its time, or null when it would fall after `latest`
   * (then nothing is taken).
   */
  take(key: string, requests: number, windowMs: number, now: number, latest: number): Promise<number | null>;
  /** A slot taken and not used (its request would have started too late): one start of `key` at `slot` removed, so it counts no more. */
  giveBack(key: string, slot: number): Promise<void>;
  /** The earliest time a slot could be had (for "try again in ..."), without taking it. */
  nextFree(key: string, requests: number, windowMs: number, now: number): Promise<number>;
  /** Nothing of `key` starts before `until` (a 429's Retry-After or backoff). */
  hold(key: string, until: number): Promise<void>;
  /**
   * Takes one of `key`'s `size` connections for `holder` until `expiresAt`: one nobody holds, or one
   * whose hold ended by `now` (an instance killed mid-request). Returns its number, or null when
   * every one is held.
   */
  takeConnection(key: string, size: number, holder: string, now: number, expiresAt: number): Promise<number | null>;
  /** Gives `slot` of `key` back, unless its hold ended and another holder has it since. */
  releaseConnection(key: string, slot: number, holder: string): Promise<void>;
  /** The tool refused the key of `settings`: pauses them (and forgets any other settings' pause). True when they were not paused yet. */
  pause(settings: string, pause: StoredPause): Promise<boolean>;
  /** Why `settings` are paused, or null when they are not. */
  pausedFor(settings: string): Promise<StoredPause | null>;
  /** Lifts the pause of `settings` (the coach retried: the next push asks the tool again), on every instance. */
  resume(settings: string): Promise<void>;
}

/**
 * The earliest slot, given the key's recent starts (those within the window, newest first: only the
 * `requests`-th counts) and its hold: after the hold, and when the window has room.
 */
export function earliestSlot(newestFirst: readonly number[], heldUntil: number, requests: number, windowMs: number, now: number): number {
  const oldestCounted = newestFirst[requests - 1];
  return Math.max(now, heldUntil, oldestCounted === undefined ? 0 : oldestCounted + windowMs);
}

/** The lowest of `size` connections that none of `held` is (their holds not ended), or null when all are held. */
export function freeConnection(held: readonly number[], size: number): number | null {
  for (let slot = 0; slot < size; slot += 1) if (!held.includes(slot)) return slot;
  return null;
}

/** The window of one process: start times kept in memory per key. */
export function memoryPaceWindow(): PaceWindow {
  const starts = new Map<string, number[]>();
  const holds = new Map<string, number>();
  const connections = new Map<string, Map<number, { holder: string; expiresAt: number }>>();
  let paused: { settings: string; pause: StoredPause } | null = null;
  /** The key's starts within the window, newest first (older ones are dropped). */
  const recent = (key: string, windowMs: number, now: number) => {
    const log = (starts.get(key) ?? []).filter((start) => start > now - windowMs);
    starts.set(key, log);
    return log;
  };
  const slot = (key: string, requests: number, windowMs: number, now: number) =>
    earliestSlot(recent(key, windowMs, now), holds.get(key) ?? 0, requests, windowMs, now);
  return {
    take(key, requests, windowMs, now, latest) {
      const at = slot(key, requests, windowMs, now);
      if (at > latest) return Promise.resolve(null);
      const log = recent(key, windowMs, now);
      log.push(at);
      log.sort((a, b) => b - a);
      return Promise.resolve(at);
    },
    giveBack(key, at) {
      const log = starts.get(key) ?? [];
      const index = log.indexOf(at);
      if (index >= 0) log.splice(index, 1);
      return Promise.resolve();
    },
    nextFree: (key, requests, windowMs, now) => Promise.resolve(slot(key, requests, windowMs, now)),
    hold(key, until) {
      holds.set(key, Math.max(holds.get(key) ?? 0, until));
      return Promise.resolve();
    },
    takeConnection(key, size, holder, now, expiresAt) {
      const holds = connections.get(key) ?? new Map<number, { holder: string; expiresAt: number }>();
      connections.set(key, holds);
      const held = [...holds].filter(([, hold]) => hold.expiresAt > now).map(([slot]) => slot);
      const slot = freeConnection(held, size);
      if (slot !== null) holds.set(slot, { holder, expiresAt });
      return Promise.resolve(slot);
    },
    releaseConnection(key, slot, holder) {
      const holds = connections.get(key);
      if (holds?.get(slot)?.holder === holder) holds.delete(slot);
      return Promise.resolve();
    },
    pause(settings, pause) {
      const fresh = paused?.settings !== settings;
      if (fresh) paused = { settings, pause };
      return Promise.resolve(fresh);
    },
    pausedFor: (settings) => Promise.resolve(paused?.settings === settings ? paused.pause : null),
    resume(settings) {
      if (paused?.settings === settings) paused = null;
      return Promise.resolve();
    },
  };
}
