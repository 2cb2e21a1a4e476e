/**
 * A stored profile ("123123123", src/shared/ratings.ts) read the way the results page read it: its
 * drivers with their ratings, the summary rule that matched. The rules live in one place,
 * src/shared/insights.ts; this only feeds them (the profile aggregate, the dashboard's leads).
 */
import { coreDrivers } from '../../src/content/drivers';
import type { Rating } from '../../src/shared/constants';
import { countRatings, type RatedDriver, summaryRules } from '../../src/shared/insights';
import { decodeRatings } from '../../src/shared/ratings';
import type { SummaryPattern } from '../../src/shared/summary-patterns';

export function ratedDrivers(stored: string): RatedDriver[] {
  // Nine ratings in driver order: decodeRatings refuses anything else.
  const ratings = decodeRatings(stored);
  return coreDrivers.map((driver, index) => ({ id: driver.id, rating: ratings[index] as Rating }));
}

/** Nine ratings of 1-3: 3^9 = 19,683 possible profiles, so each one's pattern is worked out once. */
const POSSIBLE_PROFILES = 3 ** 9;
const patternOfStored = new Map<string, SummaryPattern>();

/** The summary rule the results page picked for these ratings (cheap: no text is built). */
export function summaryPatternOf(stored: string): SummaryPattern {
  let pattern = patternOfStored.get(stored);
  if (pattern === undefined) {
    const counts = countRatings(ratedDrivers(stored));
    pattern = summaryRules.find((rule) => rule.matches(counts))?.id ?? 'general';
    if (patternOfStored.size < POSSIBLE_PROFILES) patternOfStored.set(stored, pattern);
  }
  return pattern;
}
