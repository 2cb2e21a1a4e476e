import { describe, expect, test } from 'vitest';
import type { ToolLimit } from './connector';
import { earliestSlot, memoryPaceWindow, type PaceWindow } from '../storage/pace';
import { CONNECTION_HOLD_MARGIN_MS, CONNECTION_WAIT_MS, FIRST_BACKOFF_MS, LATE_START_MS, MAX_FRESH_SLOTS, Paced, Pacer, WINDOW_MARGIN_MS } from './pacer';
import { systemClock } from '../outbox/delivery-loop';
import { steppingClock } from '../test/stepping-clock';

const kit: ToolLimit = { requests: 120, perMs: 60_000, concurrent: 4, scope: 'key' };
const windowMs = kit.perMs + WINDOW_MARGIN_MS;
/** A request that may wait for a slot until `deadline`, cut after 10 s. */
const until = (deadline: number) => ({ deadline, limitMs: 10_000 });

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
    await pacer.run('k', two, until(Infinity), request);
    await pacer.run('k', two, until(Infinity), request);
    const third = pacer.run('k', two, until(Infinity), request);
    await expect(pacer.run('k', two, until(5_000), request)).rejects.toEqual(new Paced(11_000));
    await clock.advanceTo(11_000);
    await third;
    expect(started).toEqual([0, 0, 11_000]);
  });

  test('a slot the database was slow to give is not used: a request never starts past the margin after its slot, so the vendor never sees too many', async () => {
    const clock = steppingClock(0);
    const two: ToolLimit = { requests: 2, perMs: 10_000, concurrent: 5, scope: 'key' };
    // The first slot comes back 1.5 s late (a lock another instance held): more than the margin.
    const slowMs = WINDOW_MARGIN_MS + LATE_START_MS;
    const window = memoryPaceWindow();
    let slow = true;
    const slowOnce: PaceWindow = {
      ...window,
      async take(...args) {
        const at = await window.take(...args);
        if (slow) await clock.advanceTo(clock.now() + slowMs);
        slow = false;
        return at;
      },
    };
    const pacer = new Pacer(slowOnce, clock);
    const started: number[] = [];
    const request = () => Promise.resolve(started.push(clock.now()));
    await pacer.run('k', two, until(Infinity), request);
    const rest = [pacer.run('k', two, until(Infinity), request), pacer.run('k', two, until(Infinity), request)];
    // Both have taken their slots and wait for them: then the clock moves.
    await new Promise((resolve) => setImmediate(resolve));
    await clock.advanceTo(30_000);
    await Promise.all(rest);
    // The late slot (0) was given back and the request took a fresh one (1.5 s); the next fits beside it, the third waits for room.
    expect(started).toEqual([slowMs, slowMs, slowMs + WINDOW_MARGIN_MS + two.perMs]);
    for (const start of started) expect(started.filter((at) => at >= start && at < start + two.perMs).length).toBeLessThanOrEqual(two.requests);
  });

  test('on a machine so busy that every slot comes late, a request still starts, on its last fresh slot, and the late ones no longer count', async () => {
    const clock = steppingClock(0);
    const two: ToolLimit = { requests: 2, perMs: 10_000, concurrent: 5, scope: 'key' };
    const slowMs = WINDOW_MARGIN_MS + LATE_START_MS;
    const window = memoryPaceWindow();
    let takes = 0;
    const alwaysSlow: PaceWindow = {
      ...window,
      async take(...args) {
        takes += 1;
        if (takes > 10) throw new Error('still taking slots'); // Without a bound it would never stop.
        const at = await window.take(...args);
        await clock.advanceTo(clock.now() + slowMs);
        return at;
      },
    };
    const started: number[] = [];
    await new Pacer(alwaysSlow, clock).run('k', two, until(Infinity), () => Promise.resolve(started.push(clock.now())));
    expect(takes).toBe(MAX_FRESH_SLOTS + 1);
    expect(started).toEqual([(MAX_FRESH_SLOTS + 1) * slowMs]);
    // Only the slot it started on counts: the window still has room for the limit's second request.
    expect(await window.nextFree('k', two.requests, two.perMs + WINDOW_MARGIN_MS, clock.now())).toBe(clock.now());
  });

  test('holds a key until Retry-After; a bare 429 backs off, doubling up to the window, and starts again after an answer', async () => {
    const clock = steppingClock(0);
    const pacer = new Pacer(memoryPaceWindow(), clock);
    expect(await pacer.slowDown('k', kit, 30_000)).toBe(30_000);
    await expect(pacer.run('k', kit, until(29_999), () => Promise.resolve())).rejects.toEqual(new Paced(30_000));
    const backoffs = [];
    for (let index = 0; index < 6; index += 1) backoffs.push(await pacer.slowDown('k', kit, null));
    expect(backoffs).toEqual([FIRST_BACKOFF_MS, 10_000, 20_000, 40_000, 60_000, 60_000]);
    pacer.answered('k');
    expect(await pacer.slowDown('k', kit, null)).toBe(FIRST_BACKOFF_MS);
    // Other keys are not held.
    await expect(pacer.run('other', kit, until(0), () => Promise.resolve('sent'))).resolves.toBe('sent');
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
    const all = Promise.all([0, 1, 2, 3, 4].map((index) => pacer.run('k', two, until(Infinity), request(index))));
    for (let done = 0; done < 5; done += 1) {
      await expect.poll(() => releases.length).toBeGreaterThan(done);
      releases[done]?.();
    }
    await all;
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
  });

  test("connections at once (Mailchimp's): two instances on one window never run more than `connections` between them", async () => {
    const window = memoryPaceWindow();
    const instances = [new Pacer(window, systemClock), new Pacer(window, systemClock)];
    // Each instance alone may run 3 at once; together they may run only 3.
    const three: ToolLimit = { requests: 1000, perMs: 1000, concurrent: 3, connections: 3, scope: 'key' };
    let running = 0;
    let most = 0;
    const releases: (() => void)[] = [];
    const request = () =>
      new Promise<void>((resolve) => {
        running += 1;
        most = Math.max(most, running);
        releases.push(() => {
          running -= 1;
          resolve();
        });
      });
    const all = Promise.all(Array.from({ length: 8 }, (_, index) => instances[index % 2]?.run('k', three, until(Infinity), request)));
    for (let done = 0; done < 8; done += 1) {
      await expect.poll(() => releases.length).toBeGreaterThan(done);
      releases[done]?.();
    }
    await all;
    expect(most).toBe(3);
  });

  test("a connection held by a killed instance comes free when its hold ends; none by the deadline: refused, nothing sent", async () => {
    const clock = steppingClock(0);
    const window = memoryPaceWindow();
    const one: ToolLimit = { requests: 1000, perMs: 1000, concurrent: 1, connections: 1, scope: 'key' };
    // Taken by an instance killed mid-request, whose requests were cut after 10 s.
    await window.takeConnection('k', 1, 'killed', 0, 10_000 + CONNECTION_HOLD_MARGIN_MS);
    const pacer = new Pacer(window, clock);
    const started: number[] = [];
    const request = () => Promise.resolve(started.push(clock.now()));
    clock.workers(1);
    await expect(pacer.run('k', one, until(5_000), request)).rejects.toEqual(new Paced(CONNECTION_WAIT_MS));
    await pacer.run('k', one, until(Infinity), request);
    clock.workers(-1);
    expect(started).toEqual([10_000 + CONNECTION_HOLD_MARGIN_MS]);
    // Given back after the request: the next one starts at once.
    await pacer.run('k', one, until(Infinity), request);
    expect(started[1]).toBe(started[0]);
  });
});
