/**
 * The visitor's side of what the results e-mail links to: the private profile page and the double
 * opt-in's confirm page. Plain types and constants, shared by the server (server/mail/) and the
 * pages (src/features/profile/). Documented in server/README.md ("The visitor keeps their profile").
 *
 * The token travels in the URL's fragment (`/profile#<token>`): browsers never send a fragment to the
 * server, so it is in no access log (ours, a proxy's or a CDN's) and in no `Referer`. The page's
 * script reads it and sends it in the body of a POST, which is neither cached nor prefetched.
 */
import type { Rating } from './constants';

export const profileApi = {
  /** POST {@link LinkRequest} → 200 {@link ProfileResponse}, 404 {@link LinkError} when the link is dead. */
  profile: '/api/profile',
  /** POST {@link LinkRequest} → 200 {@link ConfirmResponse}, 404 {@link LinkError} when the link is dead. */
  confirm: '/api/confirm',
} as const;

/** 32 random bytes in base64url: 256 bits, well above the 128 the links need. */
export const LINK_TOKEN_BYTES = 32;
/** The shape of a token, checked before anything is looked up. */
export const linkTokenPattern = /^[A-Za-z0-9_-]{43}$/;
/** Between the confirm token and the profile token in a confirm link's fragment (server/mail/links.ts). */
export const confirmLinkSeparator = '.';

export type LinkRequest = { token: string };

export type ProfileResponse = {
  firstName: string;
  /** The nine ratings of the submission the link was made for (never a later one), in driver order. */
  ratings: Rating[];
  /** When they were given (ISO 8601, UTC). */
  submittedAt: string;
  /** The submission before it, for "What changed since last time"; null on a first quiz. */
  previous: { ratings: Rating[]; submittedAt: string } | null;
  /** The course's call to action may be shown (src/shared/marketing.ts). */
  showCourse: boolean;
  /** The coach's name, for the page and its printout; null when not given. */
  coachName: string | null;
  /** When this link stops working. */
  linkExpiresAt: string;
};

export type ConfirmResponse = { confirmed: true; confirmedAt: string };

/**
 * `link_dead`: unknown, expired, used (confirm links work once) or erased; the pages say the same
 * kind thing for each, since they are the same to the visitor. `invalid_request`: not a token at all.
 */
export type LinkError = { error: 'link_dead' | 'invalid_request'; message: string };
