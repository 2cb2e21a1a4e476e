/**
 * Throttling of wrong secrets (sign-in passwords), after OWASP's device-cookie scheme
 * (server/coach/device-cookie.ts), so that no stranger can lock the coach out:
 *
 * - **A known browser** (a valid device cookie: it signed in successfully before) is never slowed
 *   or locked by anyone else's failures, and its check goes first in the queue of password checks.
 *   Its own failures count against that browser alone: the 10th in a row makes it a stranger for
 *   SIGN_IN_LOCK_SECONDS (it may still sign in, as any other client).
 * - **Every other client**, counted by address (an IPv6 client by its /64: server/client-key.ts):
 *   the first 3 failures cost nothing; from the 4th on, each failure makes the next try wait 1 s,
 *   2 s, 4 s, 8 s, 15 s, then 30 s after every further one (so 4 wrong passwords in a row are
 *   checked without a wait). Never longer, and never a hard lock. A try that comes too early is
 *   answered 429 with Retry-After, and is not checked.
 *
 * The counts live in storage (both backends, `ThrottleStore`), so N instances on one database give
 * an attacker no more tries than one; addresses are stored only as keyed hashes
 * (`clientCounterKey`), and counts nobody has added to for a day are dropped. A failure is counted
 * before the password is checked, so parallel guesses are throttled too; a success clears the
 * counter it went to. Pure of timers: every method takes the current time.
 *
 * Any other secret a client may guess (a first-run set-up code, say) counts against the same
 * throttle: `check(who, now)` first, then `countFailedTry(who, now)` for a wrong one, with
 * `who = signInClientOf(request.ip, request.cookies[DEVICE_COOKIE], passwordHash)` (./device-cookie.ts).
 */

import type { Storage, ThrottleEntry } from '../storage/storage';

/** The throttle's storage (server/storage/storage.ts, both backends): shared by every instance. */
export type ThrottleStore = Storage['throttle'];

export const signInThrottleDefaults = {
  client: { freeFailures: 3, delaysMs: [1_000, 2_000, 4_000, 8_000, 15_000, 30_000] },
  /** A known browser's own failures in a row before it is treated as a stranger. */
  deviceFailures: 10,
  /** A client's count is forgotten a day after its last failure. */
  forgetAfterMs: 24 * 60 * 60 * 1000,
} as const;

/** The longest any client ever waits between two tries. */
export const MAX_SIGN_IN_WAIT_MS = Math.max(...signInThrottleDefaults.client.delaysMs);

/** Who is trying: the keyed hash of their address, and the device id of a valid device cookie. */
export type SignInClient = { client: string; device: string | null };

export type Verdict = { allowed: true; trusted: boolean } | { allowed: false; retryAfterMs: number };

const clientKey = (who: SignInClient) => `client:${who.client}`;
const deviceKey = (device: string) => `device:${device}`;

/** When a client with these failures may try again (0: now). */
export function clientRetryAt(entry: ThrottleEntry | undefined): number {
  const { freeFailures, delaysMs } = signInThrottleDefaults.client;
  const beyond = (entry?.failures ?? 0) - freeFailures;
  if (!entry || beyond <= 0) return 0;
  return entry.lastFailureAt + (delaysMs[Math.min(beyond, delaysMs.length) - 1] ?? MAX_SIGN_IN_WAIT_MS);
}

export class SignInThrottle {
  constructor(
    readonly store: ThrottleStore,
    readonly lockMs: number,
  ) {}

  /** Whether the known browser `device` is trusted now: not locked by its own failures. */
  #trusted(entry: ThrottleEntry | undefined, now: number): boolean {
    return !entry || entry.failures < signInThrottleDefaults.deviceFailures || now >= entry.lastFailureAt + this.lockMs;
  }

  /** May this client try a secret now, and is it a known browser? */
  async check(who: SignInClient, now: number): Promise<Verdict> {
    const keys = who.device === null ? [clientKey(who)] : [deviceKey(who.device), clientKey(who)];
    const entries = await this.store.read(keys);
    if (who.device !== null && this.#trusted(entries.get(deviceKey(who.device)), now)) return { allowed: true, trusted: true };
    const retryAt = clientRetryAt(entries.get(clientKey(who)));
    return now >= retryAt ? { allowed: true, trusted: false } : { allowed: false, retryAfterMs: retryAt - now };
  }

  /**
   * Counts a wrong secret from this client (sign-in counts each try before checking it): against its
   * browser when that is a trusted known one, else against its address.
   */
  async countFailedTry(who: SignInClient, now: number): Promise<void> {
    const verdict = await this.check(who, now);
    if (verdict.allowed && verdict.trusted && who.device !== null) {
      await this.store.addFailure(deviceKey(who.device), now, now - this.lockMs);
    } else {
      await this.store.addFailure(clientKey(who), now, now - signInThrottleDefaults.forgetAfterMs);
    }
  }

  /** The secret was right: the counter it was tried under starts afresh (the browser's, or the address's). */
  async succeeded(who: SignInClient, trusted: boolean): Promise<void> {
    await this.store.clear(trusted && who.device !== null ? deviceKey(who.device) : clientKey(who));
  }

  /** Drops counters nobody added to for a day (call now and then). */
  async prune(now: number): Promise<void> {
    await this.store.prune(now - signInThrottleDefaults.forgetAfterMs);
  }
}
