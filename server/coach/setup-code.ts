/**
 * First run in the browser. While no password is set, each server prints once, in its log, a
 * one-time address `<site>/coach/setup#<code>`: the code travels in the URL's fragment, which a
 * browser never sends, so no proxy or access log sees it. With it the coach chooses the password on
 * the set-up screen and is signed in.
 *
 * The rules, all here:
 * - A code is 32 random bytes (base64url); only its SHA-256 is stored, so the database alone
 *   signs nobody in.
 * - It works once, for one hour. Setting a password (in the browser or with
 *   `npm run coach -- set-password`) ends every code.
 * - Several instances: each prints its own code and each is valid (any address from any log works);
 *   all end together when the password is set. A code is never printed twice.
 * - A wrong code counts against the sign-in throttle (server/coach/throttle.ts), like a wrong password.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { StoredSetupCode } from '../storage/access';
import type { Storage } from '../storage/storage';

export const SETUP_CODE_LIFETIME_MS = 60 * 60 * 1000;
export const SETUP_PATH = '/coach/setup';

export type SetupCode = { code: string; hash: string; expiresAt: number };


export type SetupVerdict = 'valid' | 'wrong' | 'expired';

export const hashSetupCode = (code: string) => createHash('sha256').update(code, 'utf8').digest('hex');

export function createSetupCode(now: number, random: (bytes: number) => Buffer = randomBytes): SetupCode {
  const code = random(32).toString('base64url');
  return { code, hash: hashSetupCode(code), expiresAt: now + SETUP_CODE_LIFETIME_MS };
}

/** Whether a code the browser sent is one of the stored ones, and still in its hour. */
export function judgeSetupCode(stored: StoredSetupCode | null, now: number): SetupVerdict {
  if (stored === null) return 'wrong';
  return now < stored.expiresAt ? 'valid' : 'expired';
}

/** A code as the browser sends it: base64url, 43 characters. Anything else is wrong without a look-up. */
export const isSetupCodeShaped = (code: unknown): code is string => typeof code === 'string' && /^[A-Za-z0-9_-]{43}$/.test(code);

/**
 * The site's address for the log line: PUBLIC_URL when set; otherwise this server's own address,
 * with 127.0.0.1 for a server listening on every interface (0.0.0.0, ::).
 */
export function siteOrigin(publicUrl: string | null, host: string, port: number): string {
  if (publicUrl) return publicUrl;
  const local = host === '0.0.0.0' || host === '::' || host === '' ? '127.0.0.1' : host;
  const shown = local.includes(':') && !local.startsWith('[') ? `[${local}]` : local;
  return `http://${shown}:${port}`;
}

export const setupUrl = (origin: string, code: string) => `${origin}${SETUP_PATH}#${code}`;

/** The log line's message: the address itself, so it shows whatever reads the log. */
export function setupLogMessage(url: string): string {
  return `First run: no dashboard password is set. Open ${url} within 1 hour to choose it (works once), or run: npm run coach -- set-password`;
}


/** Makes a new code, stores its hash and writes its address to the log (at start-up, and when asked). */
export async function logSetupLink(
  storage: Pick<Storage, 'setupCodes'>,
  log: { warn(object: object, message: string): void },
  now: number,
  origin: string,
): Promise<void> {
  const setup = createSetupCode(now);
  await storage.setupCodes.insert(setup.hash, setup.expiresAt);
  const url = setupUrl(origin, setup.code);
  log.warn({ setupUrl: url }, setupLogMessage(url));
}
