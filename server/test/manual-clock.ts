import type { Clock } from '../webhooks/outbox';

/** A clock that only moves when the test says so; its timers never fire by themselves. */
export function manualClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void } {
  let now = start;
  return {
    now: () => now,
    setTimeout: () => ({}),
    clearTimeout: () => undefined,
    advance: (ms) => {
      now += ms;
    },
  };
}

/**
 * A clock that only moves when the test says so, whose timers fire as it passes their time (in
 * order, each at its own time): `pending()` lists when the timers still waiting are due.
 */
export function timerClock(start = Date.UTC(2026, 0, 1)): Clock & { advance(ms: number): void; pending(): number[] } {
  let now = start;
  const timers = new Set<{ at: number; callback: () => void }>();
  return {
    now: () => now,
    setTimeout: (callback, ms) => {
      const timer = { at: now + Math.max(0, ms), callback };
      timers.add(timer);
      return timer;
    },
    clearTimeout: (handle) => void timers.delete(handle as { at: number; callback: () => void }),
    advance: (ms) => {
      const end = now + ms;
      for (;;) {
        const due = [...timers].filter((timer) => timer.at <= end).sort((a, b) => a.at - b.at)[0];
        if (!due) break;
        timers.delete(due);
        now = due.at;
        due.callback();
      }
      now = end;
    },
    pending: () => [...timers].map((timer) => timer.at).sort((a, b) => a - b),
  };
}
