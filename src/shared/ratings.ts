/**
 * How a profile's nine ratings are stored: one digit per driver, in driver order ("123123123").
 * The one codec for that form; the server stores, reads and forwards profiles through it.
 */
import { DRIVER_COUNT, RATINGS, type Rating } from './constants';

/** The stored form of nine ratings. */
export function encodeRatings(ratings: readonly Rating[]): string {
  return ratings.join('');
}

const isRating = (value: number): value is Rating => (RATINGS as readonly number[]).includes(value);

/** The ratings of a stored profile, in driver order. Throws on anything that is not nine ratings. */
export function decodeRatings(stored: string): Rating[] {
  const ratings = [...stored].map(Number);
  if (ratings.length !== DRIVER_COUNT || !ratings.every(isRating)) throw new Error('A stored profile is not nine ratings of 1 to 3.');
  return ratings as Rating[];
}
