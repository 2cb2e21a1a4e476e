import type { Clock } from '../outbox/delivery-loop';

type Timer = { id: number; at: number; callback: () => void };

/**
 * A clock that moves only when told, whose timers fire as it passes them (in time order, each with
 * the clock at its time, and a turn of the event loop after each so what it woke can run).
 * `whenAsleep(workers)` moves it on by itself: whenever every one of `workers` is waiting on one of
 * its timers, it jumps to the earliest, so a test runs minutes of a vendor's rate limit at once
 * without ever jumping while a request is on its way.
 */
export function steppingClock(start = 0) {
  let now = start;
  let next = 1;
  let timers: Timer[] = [];
  let workers = 0;
  const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

  function fireEarliest(): boolean {
    const [first] = [...timers].sort((a, b) => a.at - b.at || a.id - b.id);
    if (!first) return false;
    timers = timers.filter((timer) => timer !== first);
    now = Math.max(now, first.at);
    first.callback();
    return true;
  }

  let checking = false;
  function checkAsleep(): void {
    if (workers === 0 || checking) return;
    checking = true;
    // Let what is running settle first: a timer set now may be followed by another worker's.
    setImmediate(() => {
      checking = false;
      if (workers > 0 && timers.length >= workers) fireEarliest();
    });
  }

  const clock = {
    now: () => now,
    setTimeout(callback: () => void, ms: number): unknown {
      const id = next++;
      timers.push({ id, at: now + Math.max(0, ms), callback });
      checkAsleep();
      return id;
    },
    clearTimeout(handle: unknown): void {
      timers = timers.filter((timer) => timer.id !== handle);
    },
    /** Fires every timer due by `time`, in order, then leaves the clock there. */
    async advanceTo(time: number): Promise<void> {
      for (;;) {
        const due = timers.filter((timer) => timer.at <= time);
        if (due.length === 0) break;
        fireEarliest();
        await turn();
      }
      now = Math.max(now, time);
      await turn();
    },
    /** `count` workers more (or fewer) run under the clock: it jumps on when all of them wait on it. */
    workers(count: number): void {
      workers += count;
      checkAsleep();
    },
    pending: () => timers.length,
    /** When the earliest timer is due; null when none waits. */
    nextAt: (): number | null => (timers.length === 0 ? null : Math.min(...timers.map((timer) => timer.at))),
  } satisfies Clock & Record<string, unknown>;
  return clock;
}
