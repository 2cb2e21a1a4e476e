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
