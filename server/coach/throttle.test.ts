/**
 * The sign-in throttle's rules, over a Map standing in for storage (both backends' own counters are
 * tested by the storage contract suite, server/storage/contract.test.ts). Times are a fake clock.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import type { ThrottleEntry } from '../storage/storage';
import { clientRetryAt, MAX_SIGN_IN_WAIT_MS, type SignInClient, SignInThrottle, type ThrottleStore } from './throttle';

const lockMs = 15 * 60_000;

function memoryStore(): ThrottleStore {
  const entries = new Map<string, ThrottleEntry>();
  return {
    read: async (keys) => new Map(keys.flatMap((key) => (entries.has(key) ? [[key, entries.get(key) as ThrottleEntry]] : []))),
    addFailure: async (key, now, forgetBefore) => {
      const old = entries.get(key);
      const entry = { failures: old && old.lastFailureAt >= forgetBefore ? old.failures + 1 : 1, lastFailureAt: now };
      entries.set(key, entry);
      return entry;
    },
    clear: async (key) => void entries.delete(key),
    prune: async (before) => {
      for (const [key, entry] of entries) if (entry.lastFailureAt < before) entries.delete(key);
    },
  };
}

const stranger = (client: string): SignInClient => ({ client, device: null });

/** Tries (and fails) as soon as allowed, `times` times; returns the time after the last failure. */
async function failRepeatedly(throttle: SignInThrottle, who: SignInClient, times: number, start = 0): Promise<number> {
  let now = start;
  for (let i = 0; i < times; i += 1) {
    const verdict = await throttle.check(who, now);
    if (!verdict.allowed) now += verdict.retryAfterMs;
    expect((await throttle.check(who, now)).allowed).toBe(true);
    await throttle.countFailedTry(who, now);
  }
  return now;
}

test.each([
  [0, 0],
  [3, 0],
  [4, 1_000],
  [5, 2_000],
  [6, 4_000],
  [7, 8_000],
  [8, 15_000],
  [9, 30_000],
  [100, 30_000],
])('a stranger with %i failures in a row waits %i ms after the last', (failures, wait) => {
  const retryAt = clientRetryAt(failures === 0 ? undefined : { failures, lastFailureAt: 1_000_000 });
  expect(retryAt === 0 ? 0 : retryAt - 1_000_000).toBe(wait);
});

test('a stranger is slowed, never locked: after 100 failures the next try waits 30 s, not more', async () => {
  const throttle = new SignInThrottle(memoryStore(), lockMs);
  const now = await failRepeatedly(throttle, stranger('a'), 100);
  expect(await throttle.check(stranger('a'), now)).toEqual({ allowed: false, retryAfterMs: MAX_SIGN_IN_WAIT_MS });
  expect(await throttle.check(stranger('a'), now + MAX_SIGN_IN_WAIT_MS)).toEqual({ allowed: true, trusted: false });
  // Another address is not slowed by this one.
  expect(await throttle.check(stranger('b'), now)).toEqual({ allowed: true, trusted: false });
});

test("100 wrong passwords from 20 addresses: the coach's known browser signs in at once, a new address within 30 s", async () => {
  const store = memoryStore();
  const throttle = new SignInThrottle(store, lockMs);
  let now = 0;
  for (let round = 0; round < 5; round += 1) {
    for (let address = 0; address < 20; address += 1) {
      const who = { client: `attacker-${address}`, device: null };
      const verdict = await throttle.check(who, now);
      if (verdict.allowed) await throttle.countFailedTry(who, now);
    }
    now += 1_000;
  }
  // Even with a forged device cookie (unknown id, so a different one from the coach's).
  expect(await throttle.check({ client: 'coach-home', device: 'the-coach-laptop' }, now)).toEqual({ allowed: true, trusted: true });
  expect(await throttle.check(stranger('coach-phone'), now)).toEqual({ allowed: true, trusted: false });
  // Even the attackers' own addresses wait at most 30 s.
  const waits = await Promise.all(Array.from({ length: 20 }, (_, index) => throttle.check(stranger(`attacker-${index}`), now)));
  expect(Math.max(...waits.map((verdict) => (verdict.allowed ? 0 : verdict.retryAfterMs)))).toBeLessThanOrEqual(MAX_SIGN_IN_WAIT_MS);
});

test("a known browser's own 10th failure in a row makes it a stranger for the lock time; then it is trusted again", async () => {
  const throttle = new SignInThrottle(memoryStore(), lockMs);
  const laptop = { client: 'home', device: 'laptop' };
  let now = 0;
  for (let i = 0; i < 10; i += 1) {
    expect(await throttle.check(laptop, now)).toEqual({ allowed: true, trusted: true });
    await throttle.countFailedTry(laptop, now);
    now += 100;
  }
  const lastOwnFailure = now - 100;
  expect(await throttle.check(laptop, now)).toEqual({ allowed: true, trusted: false });
  // As a stranger it counts against its address: 3 free, then waits.
  now = await failRepeatedly(throttle, laptop, 4, now);
  expect(await throttle.check(laptop, now)).toEqual({ allowed: false, retryAfterMs: 1_000 });
  expect(await throttle.check(laptop, lastOwnFailure + lockMs - 1)).toMatchObject({ trusted: false });
  expect(await throttle.check(laptop, lastOwnFailure + lockMs)).toEqual({ allowed: true, trusted: true });
});

test('a success clears the counter it was tried under', async () => {
  const throttle = new SignInThrottle(memoryStore(), lockMs);
  const now = await failRepeatedly(throttle, stranger('a'), 5);
  await throttle.succeeded(stranger('a'), false);
  expect(await throttle.check(stranger('a'), now)).toEqual({ allowed: true, trusted: false });
});

test('counters nobody added to for a day are pruned', async () => {
  const store = memoryStore();
  const throttle = new SignInThrottle(store, lockMs);
  await failRepeatedly(throttle, stranger('old'), 5);
  const day = 24 * 60 * 60 * 1000;
  await failRepeatedly(throttle, stranger('new'), 5, day);
  await throttle.prune(day + day / 2);
  expect([...(await store.read(['client:old', 'client:new'])).keys()]).toEqual(['client:new']);
});

test('the documentation says how many wrong passwords in a row are checked without a wait, and it is so', () => {
  const documented = /(\d+) wrong passwords in a row are\s+checked without a wait/.exec(readFileSync(new URL('../docs/coach.md', import.meta.url), 'utf8'));
  const free = Number(documented?.[1]);
  const after = (failures: number): ThrottleEntry => ({ failures, lastFailureAt: 1_000 });
  // Tries 1..free come at once (no wait after failures 0..free-1); after the free-th failure the next waits.
  for (let failures = 0; failures < free; failures += 1) expect(clientRetryAt(failures === 0 ? undefined : after(failures))).toBeLessThanOrEqual(1_000);
  expect(clientRetryAt(after(free))).toBe(2_000);
});
