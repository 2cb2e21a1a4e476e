import { describe, expect, test } from 'vitest';
import type { ToolLimit } from './connector';
import { earliestSlot, memoryPaceWindow } from '../storage/pace';
import { FIRST_BACKOFF_MS, Paced, Pacer, WINDOW_MARGIN_MS } from './pacer';
import { steppingClock } from '../test/stepping-clock';

const kit: ToolLimit = { requests: 120, perMs: 60_000, concurrent: 4, scope: 'key' };
const windowMs = kit.perMs + WINDOW_MARGIN_MS;

describe('the earliest slot (starts newest first)', () => {
  test.each<[string, number[], number, number, number]>([
    ['an empty log: now', [], 0, 1000, 1000],
    ['room in the window: now', [100, 0], 0, 1000, 1000],
    ['a full window: when its oldest start leaves it', [200, 100, 0], 0, 300, 0 + 61_000],
    ['only the newest `requests` starts count', [200, 100, 50, 0], 0, 300, 50 + 61_000],
    ['a hold later than all that', [200, 100, 0], 90_000, 300, 90_000],
    ['a hold already over', [], 500, 1000, 1000],
  ])('%s', (_name, starts, heldUntil, now, expected) => {
    expect(earliestSlot(starts, heldUntil, 3, windowMs, now)).toBe(expected);
  });
});

describe('the window in memory', () => {
  test('a burst of 300 takes 120 slots a window: never more than 120 in any 60 s', async () => {
    const window = memoryPaceWindow();
    const slots: number[] = [];
    for (let index = 0; index < 300; index += 1) slots.push((await window.take('k', kit.requests, windowMs, 0, Infinity)) ?? -1);
    expect(slots.slice(0, 120).every((at) => at === 0)).toBe(true);
    expect(slots.slice(120, 240).every((at) => at === windowMs)).toBe(true);
    expect(slots.slice(240).every((at) => at === 2 * windowMs)).toBe(true);
    for (const start of slots) expect(slots.filter((at) => at >= start && at < start + kit.perMs).length).toBeLessThanOrEqual(120);
  });

  test('keys are counted apart; a slot after the deadline is not taken', async () => {
    const window = memoryPaceWindow();
    expect(await window.take('a', 1, windowMs, 0, 0)).toBe(0);
    expect(await window.take('b', 1, windowMs, 0, 0)).toBe(0);
    expect(await window.take('a', 1, windowMs, 10, 10)).toBeNull();
    expect(await window.nextFree('a', 1, windowMs, 10)).toBe(windowMs);
    expect(await window.take('a', 1, windowMs, 10, windowMs)).toBe(windowMs);
  });
});

describe('the pacer', () => {
  test('waits for a future slot, and refuses at once when none comes before the deadline', async () => {
    const clock = steppingClock(0);
    const pacer = new Pacer(memoryPaceWindow(), clock);
    const two: ToolLimit = { requests: 2, perMs: 10_000, concurrent: 5, scope: 'key' };
    const started: number[] = [];
    const request = () => Promise.resolve(started.push(clock.now()));
    await pacer.run('k', two, Infinity, request);
    await pacer.run('k', two, Infinity, request);
    const third = pacer.run('k', two, Infinity, request);
    await expect(pacer.run('k', two, 5_000, request)).rejects.toEqual(new Paced(11_000));
    await clock.advanceTo(11_000);
    await third;
    expect(started).toEqual([0, 0, 11_000]);
  });

  test('holds a key until Retry-After; a bare 429 backs off, doubling up to the window, and starts again after an answer', async () => {
    const clock = steppingClock(0);
    const pacer = new Pacer(memoryPaceWindow(), clock);
    expect(await pacer.slowDown('k', kit, 30_000)).toBe(30_000);
    await expect(pacer.run('k', kit, 29_999, () => Promise.resolve())).rejects.toEqual(new Paced(30_000));
    const backoffs = [];
    for (let index = 0; index < 6; index += 1) backoffs.push(await pacer.slowDown('k', kit, null));
    expect(backoffs).toEqual([FIRST_BACKOFF_MS, 10_000, 20_000, 40_000, 60_000, 60_000]);
    pacer.answered('k');
    expect(await pacer.slowDown('k', kit, null)).toBe(FIRST_BACKOFF_MS);
    // Other keys are not held.
    await expect(pacer.run('other', kit, 0, () => Promise.resolve('sent'))).resolves.toBe('sent');
  });

  test('runs at most `concurrent` requests of a key at once, in order', async () => {
    const clock = steppingClock(0);
    const pacer = new Pacer(memoryPaceWindow(), clock);
    const two: ToolLimit = { requests: 100, perMs: 1000, concurrent: 2, scope: 'key' };
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const order: number[] = [];
    const request = (index: number) => () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        order.push(index);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const all = Promise.all([0, 1, 2, 3, 4].map((index) => pacer.run('k', two, Infinity, request(index))));
    for (let done = 0; done < 5; done += 1) {
      await expect.poll(() => releases.length).toBeGreaterThan(done);
      releases[done]?.();
    }
    await all;
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });
});
