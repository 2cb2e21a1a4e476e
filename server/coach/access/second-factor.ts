/**
 * The second factor's rules, all here (RFC 6238 through otplib; storage: server/storage/access.ts):
 *
 * - TOTP with SHA-1, 6 digits and 30-second steps: what every authenticator app reads from the QR
 *   code. The secret is 20 random bytes (otplib's default), stored only sealed.
 * - A code of the step before or after the server's is accepted too (a phone's clock a little off,
 *   a code typed as it changed). A code's step must be later than the last one used: a code works
 *   once, even within its window, on every instance.
 * - 10 recovery codes, shown once; only their SHA-256 is stored (each is 50 random bits, so a hash
 *   is enough, as for session tokens). Each works once, instead of a code.
 * - Once on, a password sign-in asks for a code or a recovery code; a passkey counts as both factors.
 *   Wrong codes count against the sign-in throttle, as wrong passwords do.
 */
import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { generate, generateSecret, generateURI } from 'otplib';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
export const RECOVERY_CODE_COUNT = 10;
/** Steps either side of the server's that are accepted. */
const DRIFT_STEPS = 1;

/** What the authenticator app shows as the account. */
const ISSUER = 'Core Drivers';
const ACCOUNT = 'coach';

/** The context sealed secrets are bound to (server/settings/secret-box.ts). */
export const TOTP_SEAL_CONTEXT = 'coach-totp-secret';

export const stepOf = (now: number) => Math.floor(now / 1000 / TOTP_PERIOD_SECONDS);

export function newTotpSecret(): { secret: string; uri: string } {
  const secret = generateSecret();
  return { secret, uri: generateURI({ issuer: ISSUER, label: ACCOUNT, secret, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS }) };
}

/** The code of one time step (the tests compute codes with it too). */
export function totpCode(secret: string, step: number): Promise<string> {
  return generate({ secret, epoch: step * TOTP_PERIOD_SECONDS, digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS });
}

export const isTotpShaped = (code: string) => /^\d{6}$/.test(code);

/** The time step whose code this is (the server's, or one either side), or null for a wrong code. */
export async function matchingStep(secret: string, code: string, now: number): Promise<number | null> {
  if (!isTotpShaped(code)) return null;
  const current = stepOf(now);
  let found: number | null = null;
  // Every candidate is computed and compared in constant time, whichever matches.
  for (let step = current - DRIFT_STEPS; step <= current + DRIFT_STEPS; step += 1) {
    const expected = Buffer.from(await totpCode(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code)) && found === null) found = step;
  }
  return found;
}

/** Recovery codes are written XXXXX-XXXXX in an alphabet with no look-alikes (no 0/O, 1/I/L). */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const code = one();
    return `${code.slice(0, 5)}-${code.slice(5)}`;
  });
}

/** As typed: any case, with or without the dash or spaces. */
export const normalRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const hashRecoveryCode = (code: string) => createHash('sha256').update(normalRecoveryCode(code)).digest('hex');

/** A recovery code's shape once normalised (anything else is wrong without a look-up). */
export const isRecoveryCodeShaped = (code: string) => new RegExp(`^[${RECOVERY_ALPHABET}]{10}$`).test(normalRecoveryCode(code));
