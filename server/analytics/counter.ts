/**
 * The funnel's counters. Events are added up in memory and written once a second in one
 * transaction (one fsync for however many visitors), and on close: per day, step and source
 * (`funnel_daily`), per day and step (`funnel_daily_totals`) and per month, step and source
 * (`funnel_monthly`), so the dashboard reads a few thousand rows for any period. A crash loses at
 * most the last second of counts: acceptable for statistics, and it keeps a busy landing page from
 * costing an fsync per view. If another process holds the write lock, the counts wait for the next
 * second.
 */
import { calendarDay, type Day } from '../../src/shared/days';
import { countId } from '../storage/funnel-counts';
import { type FunnelKey, isLockedError } from '../storage/storage';

export const FLUSH_INTERVAL_MS = 1_000;

/** At most this many distinct counters wait in memory; beyond, new keys are dropped until a flush. */
const MAX_PENDING_KEYS = 10_000;

/** One counter of a day: its key (a funnel step and source, an offer and pattern...) and how many to add. */
export type DailyCount<K> = { day: Day; key: K; count: number };

/** Every name of a counter's key, each once (the compiler checks none is missing): the order its id lists their values in. */
export type KeyNames<K> = { readonly [Name in keyof K]-?: true };

/** Counts per day and key in memory; writes them once a second (the funnel's, the offers'). */
export class DailyCounter<K extends { [Name in keyof K]: string }> {
  readonly #pending = new Map<string, DailyCount<K>>();
  readonly #write: (rows: DailyCount<K>[]) => Promise<void> | void;
  readonly #timer: NodeJS.Timeout;
  readonly #onError: (error: unknown) => void;
  /** The key's names in a fixed order, listed once: sorting them for every event cost as much again as the id itself. */
  readonly #keyNames: readonly (keyof K & string)[];
  #flushing: Promise<void> | null = null;

  /** `write` stores counts in one transaction (Storage.addFunnelCounts, Storage.addOfferCounts). */
  constructor(write: (rows: DailyCount<K>[]) => Promise<void> | void, onError: (error: unknown) => void, keyNames: KeyNames<K>) {
    this.#write = write;
    this.#onError = onError;
    this.#keyNames = Object.keys(keyNames) as (keyof K & string)[];
    this.#timer = setInterval(() => void this.flush(), FLUSH_INTERVAL_MS);
    this.#timer.unref();
  }

  /** Counts one event on `day`. */
  add(day: Day, key: K): void {
    const id = this.#idOf(day, key);
    const entry = this.#pending.get(id);
    if (entry) entry.count += 1;
    else if (this.#pending.size < MAX_PENDING_KEYS) this.#pending.set(id, { day, key, count: 1 });
  }

  /**
   * Writes what is counted so far; on a failure keeps it for the next try. A write already under way
   * (the timer's) is waited for first: what was counted meanwhile is written after it, so once this
   * resolves, every event counted before the call is written (or kept, if the write failed).
   */
  async flush(): Promise<void> {
    while (this.#flushing) await this.#flushing;
    if (this.#pending.size === 0) return;
    // Taken out while written: events counted meanwhile wait for the next flush.
    const rows = [...this.#pending.values()];
    this.#pending.clear();
    this.#flushing = this.#writeOut(rows);
    await this.#flushing;
  }

  async #writeOut(rows: DailyCount<K>[]): Promise<void> {
    try {
      await this.#write(rows);
    } catch (error) {
      for (const row of rows) this.#putBack(row);
      if (!isLockedError(error)) this.#onError(error);
    } finally {
      this.#flushing = null;
    }
  }

  #putBack(row: DailyCount<K>): void {
    const id = this.#idOf(row.day, row.key);
    const entry = this.#pending.get(id);
    if (entry) entry.count += row.count;
    else this.#pending.set(id, { ...row });
  }

  /** A counter's identity: its day and its key's values in the fixed order of the key's names (../storage/funnel-counts.ts). */
  #idOf(day: Day, key: K): string {
    return countId(day, this.#keyNames.map((name) => key[name]));
  }

  /** Writes what is left and stops the timer. */
  async close(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}

/** The funnel's counters: per day, step and source. */
export class FunnelCounter extends DailyCounter<FunnelKey> {
  constructor(write: (rows: DailyCount<FunnelKey>[]) => Promise<void> | void, onError: (error: unknown) => void) {
    super(write, onError, { step: true, source: true, medium: true, campaign: true, referrer: true });
  }
}

/** Today's day in the analytics time zone in force (it may change while the server runs). */
export function zonedToday(zone: () => string): (ms: number) => string {
  let current = { zone: '', day: calendarDay('UTC') };
  return (ms) => {
    if (current.zone !== zone()) current = { zone: zone(), day: calendarDay(zone()) };
    return current.day(ms);
  };
}
