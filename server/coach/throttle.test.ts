import { expect, test } from 'vitest';
import { SignInThrottle } from './throttle';

const lockMs = 15 * 60_000;

/** Fails as soon as allowed, `times` times, from `client`; returns the time after the last failure. */
function failRepeatedly(throttle: SignInThrottle, client: string, times: number, start = 0): number {
  let now = start;
  for (let i = 0; i < times; i += 1) {
    const verdict = throttle.check(client, now);
    if (!verdict.allowed) now += verdict.retryAfterMs;
    expect(throttle.check(client, now).allowed).toBe(true);
    throttle.failed(client, now);
  }
  return now;
}

test('three failures are free; then each failure makes the next try wait 1 s, 2 s, 4 s', () => {
  const throttle = new SignInThrottle(lockMs);
  let now = failRepeatedly(throttle, 'a', 3);
  expect(throttle.check('a', now)).toEqual({ allowed: true });
  for (const wait of [1_000, 2_000, 4_000]) {
    throttle.failed('a', now);
    expect(throttle.check('a', now)).toEqual({ allowed: false, retryAfterMs: wait, locked: false });
    expect(throttle.check('a', now + wait - 1).allowed).toBe(false);
    now += wait;
    expect(throttle.check('a', now).allowed).toBe(true);
  }
});

test('the seventh failure in a row locks that client for the lock time, then it may try again', () => {
  const throttle = new SignInThrottle(lockMs);
  const now = failRepeatedly(throttle, 'a', 7);
  expect(throttle.check('a', now)).toEqual({ allowed: false, retryAfterMs: lockMs, locked: true });
  expect(throttle.check('a', now + lockMs - 1)).toMatchObject({ allowed: false, locked: true });
  // Another client is not locked out by this one.
  expect(throttle.check('b', now)).toEqual({ allowed: true });
  expect(throttle.check('a', now + lockMs)).toEqual({ allowed: true });
  // After the lock the count starts afresh: three free failures again.
  failRepeatedly(throttle, 'a', 3, now + lockMs);
  expect(throttle.check('a', now + lockMs)).toEqual({ allowed: true });
});

test('a success clears the failures', () => {
  const throttle = new SignInThrottle(lockMs);
  const now = failRepeatedly(throttle, 'a', 5);
  throttle.succeeded('a');
  failRepeatedly(throttle, 'a', 3, now);
  expect(throttle.check('a', now)).toEqual({ allowed: true });
});

test('failures from many addresses slow down and then lock the account for everyone', () => {
  const throttle = new SignInThrottle(lockMs);
  let now = 0;
  for (let i = 0; i < 20; i += 1) throttle.failed(`client-${i}`, now);
  expect(throttle.check('fresh', now)).toEqual({ allowed: true });
  throttle.failed('client-20', now);
  expect(throttle.check('fresh', now)).toEqual({ allowed: false, retryAfterMs: 1_000, locked: false });
  for (let i = 21; i < 27; i += 1) {
    const verdict = throttle.check(`client-${i}`, now);
    if (!verdict.allowed) now += verdict.retryAfterMs;
    throttle.failed(`client-${i}`, now);
  }
  expect(throttle.check('fresh', now)).toEqual({ allowed: false, retryAfterMs: lockMs, locked: true });
  expect(throttle.check('fresh', now + lockMs)).toEqual({ allowed: true });
});
