/**
 * The funnel's daily counters (table `funnel_daily`). Events are added up in memory and written
 * once a second in one transaction (one fsync for however many visitors), and on close. A crash
 * loses at most the last second of counts: acceptable for statistics, and it keeps a busy landing
 * page from costing an fsync per view. If another process holds the write lock, the counts wait
 * for the next second.
 */
import type Database from 'better-sqlite3';
import type { Day } from './days';
import type { CountKey } from './events';

export const FLUSH_INTERVAL_MS = 1_000;

/** At most this many distinct counters wait in memory; beyond, new keys are dropped until a flush. */
const MAX_PENDING_KEYS = 10_000;

const isLocked = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

export class FunnelCounter {
  readonly #pending = new Map<string, { day: Day; key: CountKey; count: number }>();
  readonly #write: (rows: { day: Day; key: CountKey; count: number }[]) => void;
  readonly #timer: NodeJS.Timeout;
  readonly #onError: (error: unknown) => void;

  constructor(db: Database.Database, onError: (error: unknown) => void) {
    const upsert = db.prepare<[Day, string, string, string, string, string, number]>(
      `INSERT INTO funnel_daily (day, step, utm_source, utm_medium, utm_campaign, referrer_host, count) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET count = count + excluded.count`,
    );
    this.#write = db.transaction((rows: { day: Day; key: CountKey; count: number }[]) => {
      for (const { day, key, count } of rows) upsert.run(day, key.step, key.source, key.medium, key.campaign, key.referrer, count);
    });
    this.#onError = onError;
    this.#timer = setInterval(() => this.flush(), FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Counts one event on `day`. */
  add(day: Day, key: CountKey): void {
    const id = JSON.stringify([day, key.step, key.source, key.medium, key.campaign, key.referrer]);
    const entry = this.#pending.get(id);
    if (entry) entry.count += 1;
    else if (this.#pending.size < MAX_PENDING_KEYS) this.#pending.set(id, { day, key, count: 1 });
  }

  /** Writes what is counted so far; on a failure keeps it for the next try. */
  flush(): void {
    if (this.#pending.size === 0) return;
    try {
      this.#write([...this.#pending.values()]);
      this.#pending.clear();
    } catch (error) {
      if (!isLocked(error)) this.#onError(error);
    }
  }

  /** Writes what is left and stops the timer. */
  close(): void {
    clearInterval(this.#timer);
    this.flush();
  }
}
