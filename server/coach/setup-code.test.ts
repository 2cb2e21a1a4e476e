import { expect, test } from 'vitest';
import {
  createSetupCode,
  hashSetupCode,
  isSetupCodeShaped,
  judgeSetupCode,
  SETUP_CODE_LIFETIME_MS,
  setupLogMessage,
  setupUrl,
  siteOrigin,
} from './setup-code';

const now = Date.UTC(2026, 10, 22, 10, 0, 0);

test('a code is 32 random bytes in base64url, stored only as its SHA-256, and lives one hour', () => {
  const setup = createSetupCode(now);
  expect(setup.code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(setup.hash).toBe(hashSetupCode(setup.code));
  expect(setup.hash).not.toContain(setup.code);
  expect(setup.expiresAt - now).toBe(SETUP_CODE_LIFETIME_MS);
  expect(createSetupCode(now).code).not.toBe(setup.code);
});

test.each([
  ['a stored code within its hour', { hash: 'h', expiresAt: now + 1 }, now, 'valid'],
  ['a stored code at the end of its hour', { hash: 'h', expiresAt: now }, now, 'expired'],
  ['a stored code an hour and a minute old', { hash: 'h', expiresAt: now - 60_000 }, now, 'expired'],
  ['no stored code with that hash (wrong, or used already)', null, now, 'wrong'],
] as const)('%s is %s', (_name, stored, at, verdict) => {
  expect(judgeSetupCode(stored, at)).toBe(verdict);
});

test.each([
  ['', false],
  ['a'.repeat(42), false],
  ['a'.repeat(44), false],
  [`${'a'.repeat(42)}=`, false],
  [`${'a'.repeat(41)}-_`, true],
  [42, false],
])('%j is shaped like a code: %s', (code, shaped) => {
  expect(isSetupCodeShaped(code)).toBe(shaped);
});

test.each([
  [null, '127.0.0.1', 3000, 'http://127.0.0.1:3000'],
  [null, '0.0.0.0', 8080, 'http://127.0.0.1:8080'],
  [null, '::', 8080, 'http://127.0.0.1:8080'],
  [null, '::1', 3000, 'http://[::1]:3000'],
  ['https://quiz.coach.example', '127.0.0.1', 3000, 'https://quiz.coach.example'],
])('the address for PUBLIC_URL %s, HOST %s, PORT %s is %s', (publicUrl, host, port, origin) => {
  expect(siteOrigin(publicUrl, host, port)).toBe(origin);
});

test('the code goes in the fragment, so no request line or proxy log carries it', () => {
  const url = new URL(setupUrl('https://quiz.coach.example', 'abc'));
  expect(url.pathname).toBe('/coach/setup');
  expect(url.search).toBe('');
  expect(url.hash).toBe('#abc');
});

test('the log message holds the whole address and the command line alternative', () => {
  const message = setupLogMessage('http://127.0.0.1:3000/coach/setup#abc');
  expect(message).toContain('http://127.0.0.1:3000/coach/setup#abc');
  expect(message).toContain('1 hour');
  expect(message).toContain('npm run coach -- set-password');
});
