import { expect, test } from 'vitest';
import {
  hashRecoveryCode,
  isRecoveryCodeShaped,
  matchingStep,
  newRecoveryCodes,
  newTotpSecret,
  normalRecoveryCode,
  stepOf,
  totpCode,
} from './second-factor';

// RFC 6238, appendix B: the SHA-1 secret "12345678901234567890" (base32 below), 8-digit codes cut to their last 6.
const rfcSecret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

test.each([
  [59, '287082'],
  [1111111109, '081804'],
  [1111111111, '050471'],
  [1234567890, '005924'],
  [2000000000, '279037'],
])('RFC 6238 test vector at %i s is %s', async (seconds, code) => {
  expect(await totpCode(rfcSecret, stepOf(seconds * 1000))).toBe(code);
});

test('a code is accepted in its step and one either side, and says which step it was', async () => {
  const now = 1_800_000_000_000;
  const step = stepOf(now);
  expect(await matchingStep(rfcSecret, await totpCode(rfcSecret, step), now)).toBe(step);
  expect(await matchingStep(rfcSecret, await totpCode(rfcSecret, step - 1), now)).toBe(step - 1);
  expect(await matchingStep(rfcSecret, await totpCode(rfcSecret, step + 1), now)).toBe(step + 1);
  expect(await matchingStep(rfcSecret, await totpCode(rfcSecret, step - 2), now)).toBeNull();
  expect(await matchingStep(rfcSecret, await totpCode(rfcSecret, step + 2), now)).toBeNull();
  expect(await matchingStep(rfcSecret, '12345', now)).toBeNull();
  expect(await matchingStep(rfcSecret, 'abcdef', now)).toBeNull();
});

test('a new secret comes with the otpauth:// address an authenticator app scans', () => {
  const { secret, uri } = newTotpSecret();
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const url = new URL(uri);
  expect(url.protocol).toBe('otpauth:');
  expect(url.searchParams.get('secret')).toBe(secret);
  expect(url.searchParams.get('issuer')).toBe('Core Drivers');
  expect(decodeURIComponent(url.pathname)).toContain('Core Drivers:coach');
  expect(newTotpSecret().secret).not.toBe(secret);
});

test('10 recovery codes, all different, XXXXX-XXXXX without look-alike characters; typed in any case, with or without the dash', () => {
  const codes = newRecoveryCodes();
  expect(codes).toHaveLength(10);
  expect(new Set(codes).size).toBe(10);
  for (const code of codes) {
    expect(code).toMatch(/^[A-HJKMNP-Z2-9]{5}-[A-HJKMNP-Z2-9]{5}$/);
    expect(isRecoveryCodeShaped(code)).toBe(true);
    const typed = ` ${code.toLowerCase().replace('-', ' ')} `;
    expect(normalRecoveryCode(typed)).toBe(code.replace('-', ''));
    expect(hashRecoveryCode(typed)).toBe(hashRecoveryCode(code));
  }
  expect(isRecoveryCodeShaped('ABCDE-FGHI0')).toBe(false);
  expect(isRecoveryCodeShaped('123456')).toBe(false);
});
