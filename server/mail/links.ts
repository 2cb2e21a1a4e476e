/**
 * The results e-mail's two links: the private link back to the profile, and the double opt-in's
 * confirm link. Each is a random token of 256 bits (crypto.randomBytes) that only the e-mail holds;
 * the database keeps its SHA-256, so a copy of the database opens no profile. Tokens are made when
 * the e-mail is sent (server/mail/mail-outbox.ts), stored before the message leaves, and looked up
 * by hash; erasing the person deletes them with the submissions.
 */
import { createHash, randomBytes } from 'node:crypto';
import { confirmLinkSeparator, LINK_TOKEN_BYTES, linkTokenPattern } from '../../src/shared/profile-api';

export type LinkKind = 'profile' | 'confirm';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The confirm link works once, for seven days. The profile link's days are PROFILE_LINK_DAYS (90). */
export const CONFIRM_LINK_DAYS = 7;

/** A new token (for the e-mail) and its hash (for the database). */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(LINK_TOKEN_BYTES).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

/** The stored form of a token: its SHA-256, base64url. A token of 256 random bits needs no salt or slow hash. */
export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A string that could be a token: anything else is refused before any lookup. */
export const isLinkToken = (value: unknown): value is string => typeof value === 'string' && linkTokenPattern.test(value);

/** When a link made at `createdAt` stops working. */
export function linkExpiresAt(kind: LinkKind, createdAt: number, profileLinkDays: number): number {
  return createdAt + (kind === 'confirm' ? CONFIRM_LINK_DAYS : profileLinkDays) * DAY_MS;
}

/** A stored link as the rules see it. */
export type StoredLink = { kind: LinkKind; expiresAt: number; usedAt: number | null };

/** Whether a link still opens: not expired, and (a confirm link) not used yet. */
export function isLinkLive(link: StoredLink, now: number): boolean {
  return now < link.expiresAt && (link.kind === 'profile' || link.usedAt === null);
}

/** The address in the e-mail: the token after `#`, which browsers never send to a server or in a Referer. */
export function linkUrl(publicUrl: string, path: '/profile' | '/confirm', token: string): string {
  return `${publicUrl}${path}#${token}`;
}

/**
 * The confirm link carries the same e-mail's profile token after its own (`/confirm#<confirm>.<profile>`),
 * so the page can lead on to the profile once confirmed; only the confirm token is ever sent to the server.
 */
export function confirmLinkUrl(publicUrl: string, confirmToken: string, profileToken: string): string {
  return `${linkUrl(publicUrl, '/confirm', confirmToken)}${confirmLinkSeparator}${profileToken}`;
}
