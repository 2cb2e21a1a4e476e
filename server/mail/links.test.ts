import { expect, test } from 'vitest';
import { hashLinkToken, isLinkLive, isLinkToken, linkExpiresAt, linkUrl, newLinkToken } from './links';

const DAY = 24 * 60 * 60 * 1000;

test('a token is 256 random bits in base64url, stored only as its SHA-256', () => {
  const tokens = Array.from({ length: 200 }, () => newLinkToken());
  for (const { token, hash } of tokens) {
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(hash).toBe(hashLinkToken(token));
    expect(hash).not.toContain(token);
    expect(isLinkToken(token)).toBe(true);
  }
  expect(new Set(tokens.map(({ token }) => token)).size).toBe(200);
});

test.each([['short'], ['A'.repeat(44)], ['A'.repeat(42) + '='], ['A'.repeat(42) + '/'], [42], [null]])('%j is not a token', (value) => {
  expect(isLinkToken(value)).toBe(false);
});

test.each([
  ['profile link, PROFILE_LINK_DAYS 90', 'profile', 90, 90 * DAY],
  ['profile link, PROFILE_LINK_DAYS 30', 'profile', 30, 30 * DAY],
  ['confirm link: always seven days', 'confirm', 90, 7 * DAY],
] as const)('%s', (_name, kind, days, lifetime) => {
  expect(linkExpiresAt(kind, 1_000, days)).toBe(1_000 + lifetime);
});

test.each([
  ['a profile link before it expires', { kind: 'profile', expiresAt: 100, usedAt: null }, 99, true],
  ['a profile link at its expiry', { kind: 'profile', expiresAt: 100, usedAt: null }, 100, false],
  ['a profile link opened before: still live (it may be opened again)', { kind: 'profile', expiresAt: 100, usedAt: 5 }, 50, true],
  ['an unused confirm link', { kind: 'confirm', expiresAt: 100, usedAt: null }, 50, true],
  ['a used confirm link: single use', { kind: 'confirm', expiresAt: 100, usedAt: 40 }, 50, false],
  ['an expired confirm link', { kind: 'confirm', expiresAt: 100, usedAt: null }, 101, false],
] as const)('%s', (_name, link, now, live) => {
  expect(isLinkLive(link, now)).toBe(live);
});

test('the token goes in the fragment, never in the path or query', () => {
  expect(linkUrl('https://quiz.example', '/profile', 'T'.repeat(43))).toBe(`https://quiz.example/profile#${'T'.repeat(43)}`);
});
