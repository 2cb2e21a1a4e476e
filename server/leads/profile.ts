/**
 * A stored profile (ratings as "123123123") read the way the results page showed it: drivers by
 * name, the summary rule that matched and its text. The rules themselves live in one place,
 * src/features/results/insights.ts; this only feeds them.
 */
import { coreDrivers } from '../../src/content/drivers';
import type { Rating } from '../../src/shared/constants';
import type { DriverRating, SummaryPattern, WeakStrong } from '../../src/shared/coach-api';
import { countRatings, type RatedDriver, summarizePattern, summaryRules } from '../../src/features/results/insights';

export function ratingsOf(stored: string): Rating[] {
  return [...stored].map(Number) as Rating[];
}

function ratedDrivers(stored: string): RatedDriver[] {
  return coreDrivers.map((driver, index) => ({ id: driver.id, rating: Number(stored[index]) as Rating }));
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

/** Names of the drivers rated 1 and rated 3, in driver order. */
export function weakAndStrong(stored: string): WeakStrong {
  const named = (rating: string) => coreDrivers.filter((_driver, index) => stored[index] === rating).map((driver) => driver.shortName);
  return { weakDrivers: named('1'), strongDrivers: named('3') };
}

/** The profile as the visitor saw it: every driver's rating, the summary's rule and text. */
export function describeProfile(stored: string): WeakStrong & { ratings: DriverRating[]; pattern: SummaryPattern; summary: string } {
  const summary = summarizePattern(ratedDrivers(stored));
  return {
    ratings: coreDrivers.map((driver, index) => ({ driverId: driver.id, driver: driver.shortName, rating: Number(stored[index]) as Rating })),
    pattern: summary.rule,
    summary: summary.text,
    ...weakAndStrong(stored),
  };
}
