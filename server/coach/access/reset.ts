/**
 * Password reset by e-mail, the rules all here:
 *
 * - Only with mail on and a recovery address set (the dashboard's settings screen). The link goes to
 *   that address alone, whatever address was typed: a typed address only has to match it.
 * - The answer is the same, and as quick, whether or not the address matched: the e-mail is sent
 *   after the answer.
 * - A link `<site>/coach/reset#<token>` works once, for 30 minutes; only its token's SHA-256 is
 *   stored. Using it sets the password and signs out every browser (and ends every other link).
 * - Asking is throttled per address typed and per client: 3 each in 30 minutes (the counts are the
 *   sign-in throttle's table, so every instance shares them; addresses only as keyed hashes).
 */
import { createHash, createHmac, randomBytes } from 'node:crypto';

export const RESET_LINK_LIFETIME_MS = 30 * 60 * 1000;
export const RESET_REQUESTS_PER_WINDOW = 3;
export const RESET_WINDOW_MS = 30 * 60 * 1000;
export const RESET_PATH = '/coach/reset';

export const hashResetToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export function newResetToken(now: number): { token: string; hash: string; expiresAt: number } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashResetToken(token), expiresAt: now + RESET_LINK_LIFETIME_MS };
}

export const isResetTokenShaped = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);

export const resetUrl = (origin: string, token: string) => `${origin}${RESET_PATH}#${token}`;

/** An address as compared: trimmed, NFC, lower case (the coach types their own address). */
export const comparableAddress = (address: string) => address.trim().normalize('NFC').toLowerCase();

/** The throttle keys of one request: the typed address and the client, keyed so the table shows neither. */
export function resetThrottleKeys(key: Buffer, address: string, client: string): string[] {
  const keyed = (what: string) => createHmac('sha256', key).update(what).digest('base64url');
  return [`reset-address:${keyed(`address,${comparableAddress(address)}`)}`, `reset-client:${keyed(`client,${client}`)}`];
}
