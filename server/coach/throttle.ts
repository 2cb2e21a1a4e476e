/**
 * Throttling of sign-in attempts, by client address and for the account as a whole: after a few
 * free failures each further failure makes the next attempt wait longer, and then sign-in locks for
 * a while. Attempts that come too early are refused without checking the password, so they cost
 * nothing and count for nothing. A success clears the client's failures and the account's.
 *
 * The state is in memory only (client addresses are never stored) and bounded in size; a restart
 * forgets it. Pure of timers: every method takes the current time, so tests drive a fake clock.
 */

export type ThrottlePolicy = {
  /** Failures allowed without any wait. */
  freeFailures: number;
  /** Wait after each further failure; one more failure than these locks. */
  delaysMs: readonly number[];
  lockMs: number;
};

export const signInThrottleDefaults = {
  /** 3 free, then 1 s, 2 s, 4 s; the 7th failure in a row locks. */
  client: { freeFailures: 3, delaysMs: [1_000, 2_000, 4_000] },
  /** Across all clients: 20 free, then waits up to 30 s; the 27th failure in a row locks the account. */
  account: { freeFailures: 20, delaysMs: [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] },
} as const;

/** Most client addresses remembered at once; the oldest is forgotten first. */
const MAX_CLIENTS = 10_000;

type Failures = { count: number; retryAt: number; locked: boolean };

export type Verdict = { allowed: true } | { allowed: false; retryAfterMs: number; locked: boolean };

class FailureCounter {
  readonly #entries = new Map<string, Failures>();
  constructor(readonly policy: ThrottlePolicy) {}

  check(key: string, now: number): Verdict {
    const entry = this.#entries.get(key);
    if (!entry || now >= entry.retryAt) {
      // A lock that has run out starts the count afresh.
      if (entry?.locked) this.#entries.delete(key);
      return { allowed: true };
    }
    return { allowed: false, retryAfterMs: entry.retryAt - now, locked: entry.locked };
  }

  fail(key: string, now: number): void {
    const count = (this.#entries.get(key)?.count ?? 0) + 1;
    const { freeFailures, delaysMs, lockMs } = this.policy;
    const beyond = count - freeFailures;
    const locked = beyond > delaysMs.length;
    const wait = beyond <= 0 ? 0 : locked ? lockMs : (delaysMs[beyond - 1] ?? lockMs);
    this.#entries.delete(key);
    this.#entries.set(key, { count, retryAt: now + wait, locked });
    if (this.#entries.size > MAX_CLIENTS) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
  }

  clear(key: string): void {
    this.#entries.delete(key);
  }
}

export class SignInThrottle {
  readonly #clients: FailureCounter;
  readonly #account: FailureCounter;

  constructor(lockMs: number) {
    this.#clients = new FailureCounter({ ...signInThrottleDefaults.client, lockMs });
    this.#account = new FailureCounter({ ...signInThrottleDefaults.account, lockMs });
  }

  /** May `client` try a password now? If not, how long until it may, and whether it is a lock. */
  check(client: string, now: number): Verdict {
    const account = this.#account.check('coach', now);
    const own = this.#clients.check(client, now);
    if (own.allowed) return account;
    if (account.allowed) return own;
    return own.retryAfterMs >= account.retryAfterMs ? own : account;
  }

  failed(client: string, now: number): void {
    this.#clients.fail(client, now);
    this.#account.fail('coach', now);
  }

  succeeded(client: string): void {
    this.#clients.clear(client);
    this.#account.clear('coach');
  }
}
