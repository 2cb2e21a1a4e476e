/** The leads list, one lead with every submission as the visitor saw it and its consent record, and erasing a person. */
import type { Rating } from '../constants';
import type { WeakStrong } from '../insights';
import type { Delivery } from './deliveries';
import type { SummaryPattern } from './profiles';
import type { PeriodQuery } from './routes';

export type LeadListQuery = PeriodQuery & {
  /**
   * Search: the start of an e-mail address, or of a first name (names only among the newest 50,000
   * submissions; text with "@" searches addresses only). Results come in address order.
   */
  q?: string;
  /** `nextCursor` of the previous page (of the same search). */
  cursor?: string;
  /** 1 to 100, default 25. */
  limit?: string;
};

export const LEAD_PAGE_SIZE = 25;
export const LEAD_PAGE_MAX = 100;

export type { WeakStrong } from '../insights';

/** One person (one e-mail address) with their latest submission. */
export type LeadSummary = WeakStrong & {
  /** Opaque; use it with {@link leadPath}. Changes when the person submits again. */
  id: string;
  email: string;
  firstName: string;
  /** Ratings in driver order (nine values, 1-3). */
  ratings: Rating[];
  pattern: SummaryPattern;
  /** The latest submission's time. */
  submittedAt: string;
};

/**
 * GET /api/coach/leads: newest first (a search: by e-mail address). Without `from`/`to` every lead;
 * with them, the people whose latest submission falls in the period.
 */
export type LeadListResponse = {
  leads: LeadSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
};

/**
 * What the visitor agreed to at the gate, and the double opt-in: the proof a coach keeps. Null when
 * nothing was recorded (a submission from before consent was recorded, or an API client that sent none).
 * No IP address or user agent is kept: the proof is the times, the wording's version and the wording.
 */
export type ConsentRecord = {
  /** The version of the gate's wording the page showed (a hash of it); null when the page sent none. */
  version: string | null;
  /** The exact wording shown, line by line; null when the server did not know that version. */
  wording: string | null;
  /** Whether the marketing box was ticked; null when no box was shown. */
  marketingConsent: boolean | null;
  /** When the visitor submitted the gate: the time of the request (the submission's time). */
  requestedAt: string;
  /** When they pressed the confirm button of the results e-mail; null until then (or when not asked). */
  confirmedAt: string | null;
};

export type DriverRating = { driverId: number; driver: string; rating: Rating };

/** One submission as the visitor saw it on the results page. */
export type SubmissionDetail = WeakStrong & {
  submittedAt: string;
  ratings: DriverRating[];
  pattern: SummaryPattern;
  /** The "Your Unique Pattern" text the visitor read. */
  summary: string;
  consent: ConsentRecord | null;
  /** Its deliveries, oldest first: webhook events and the results e-mail (none when neither was on). */
  deliveries: Delivery[];
};

/** GET /api/coach/leads/:id */
export type LeadDetail = {
  id: string;
  email: string;
  firstName: string;
  firstSubmittedAt: string;
  /** Every submission of this person, newest first (the first is the profile the list shows). */
  submissions: SubmissionDetail[];
};

/** DELETE /api/coach/leads/:id: the person is gone (every submission and pending delivery). */
/**
 * `emailTool`: `queued`: the coach's e-mail tool is told through its outbox (the Deliveries screen
 * shows what it did); without a key to keep the address sealed (Postgres without
 * SETTINGS_ENCRYPTION_KEY) it is told at once: deleted (or had no such contact), only unsubscribed
 * (its API cannot delete: Kit), or could not be told (remove them there by hand); null when no tool is set.
 */
export type EraseResponse = {
  erased: { submissions: number; pendingDeliveries: number };
  emailTool: 'queued' | 'deleted' | 'unsubscribed' | 'failed' | null;
};
