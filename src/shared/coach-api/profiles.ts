/** The profiles view's answer: how the submissions of a period rated each driver, and their summary patterns. */
import type { Rating } from '../constants';
import type { SummaryPattern } from '../summary-patterns';

export { summaryPatterns, type SummaryPattern } from '../summary-patterns';

export type DriverProfile = {
  driverId: number;
  /** The short name shown on the results page (no bracketed qualifier). */
  driver: string;
  /** How many submissions rated this driver 1, 2 and 3. Shares are these ÷ `submissions`. */
  ratings: Record<Rating, number>;
};

/** GET /api/coach/profiles?from&to. Counts submissions made in the period (a repeat visitor counts each time). */
export type ProfilesResponse = {
  from: string;
  to: string;
  timeZone: string;
  submissions: number;
  /** The nine drivers in driver order. */
  drivers: DriverProfile[];
  /** Every summary pattern in rule order with how many submissions showed it. */
  patterns: { pattern: SummaryPattern; count: number }[];
};
