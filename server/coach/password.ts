/**
 * The coach's password, stored only as a memory-hard scrypt hash (node:crypto, no extra library):
 * `scrypt$<log2 N>$<r>$<p>$<salt base64>$<hash base64>`. The parameters travel with the hash, so
 * stronger ones can be chosen later without breaking old hashes. N = 2^17, r = 8, p = 1 is OWASP's
 * recommendation: 128 MiB and about half a second per check on the benchmark machine, which is
 * also why sign-in attempts are throttled (server/coach/throttle.ts).
 *
 * At most `PASSWORD_CHECKS_AT_ONCE` derivations run at a time; the others wait in a queue. Each
 * holds one of the four threads of libuv's pool for that half second, and the same threads read the
 * pages and assets the site serves: 25 parallel sign-ins used to take all four and made a static
 * file wait 5 s. Two are left for the site, whatever arrives.
 */
import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import PQueue from 'p-queue';

export const MIN_PASSWORD_LENGTH = 12;
/** Longer than any passphrase; bounds the work one request can ask for. */
export const MAX_PASSWORD_LENGTH = 1024;

export type ScryptParams = { log2N: number; r: number; p: number };

export const defaultScryptParams: ScryptParams = { log2N: 17, r: 8, p: 1 };

const KEY_LENGTH = 32;

/** scrypt derivations running at once, at most (libuv's pool has 4 threads unless UV_THREADPOOL_SIZE says otherwise). */
export const PASSWORD_CHECKS_AT_ONCE = 2;
const derivations = new PQueue({ concurrency: PASSWORD_CHECKS_AT_ONCE });

/** Where a check waits: a higher priority is served first (a browser that signed in before, say). */
export type CheckOptions = { priority?: number };

function derive(password: string, salt: Buffer, { log2N, r, p }: ScryptParams, { priority = 0 }: CheckOptions = {}): Promise<Buffer> {
  const N = 2 ** log2N;
  return derivations.add(
    () =>
      new Promise<Buffer>((resolve, reject) => {
        // maxmem must exceed 128 * N * r bytes (Node's default of 32 MiB is below 2^17 * 8 * 128).
        scrypt(password.normalize('NFC'), salt, KEY_LENGTH, { N, r, p, maxmem: 256 * N * r }, (error, key) =>
          error ? reject(error) : resolve(key),
        );
      }),
    { priority },
  );
}

/** How many password checks are running or waiting now. */
export function passwordChecksInProgress(): number {
  return derivations.size + derivations.pending;
}

/** Why a new password is refused, in words for the coach; null when it is acceptable. */
export function passwordProblem(password: string): string | null {
  if ([...password].length < MIN_PASSWORD_LENGTH) return `The password must be at least ${MIN_PASSWORD_LENGTH} characters long.`;
  if (password.length > MAX_PASSWORD_LENGTH) return `The password must be at most ${MAX_PASSWORD_LENGTH} characters long.`;
  return null;
}

export async function hashPassword(password: string, params: ScryptParams = defaultScryptParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return ['scrypt', params.log2N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$');
}

/** True when `password` matches the stored hash; compares in constant time. */
export async function verifyPassword(password: string, stored: string, options: CheckOptions = {}): Promise<boolean> {
  const [scheme, log2N, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || salt === undefined || hash === undefined || password.length > MAX_PASSWORD_LENGTH) return false;
  const expected = Buffer.from(hash, 'base64');
  const key = await derive(password, Buffer.from(salt, 'base64'), { log2N: Number(log2N), r: Number(r), p: Number(p) }, options);
  return key.length === expected.length && timingSafeEqual(key, expected);
}
