/**
 * What changed between two submissions of the same person, driver by driver: the rule behind the
 * "What changed since last time" part of the profile page, the results e-mail and the coach's lead
 * detail ("Task Initiation: This is me → Sometimes, since 3 March"). Pure: the ratings and the two
 * instants in, lines out; each place formats its dates in its own time zone through `dayInWords`.
 */
import { coreDrivers, type DriverId } from '../content/drivers';
import { answerWords, profileCopy } from '../content/profile';
import type { Rating } from './constants';

export type DatedRatings = { ratings: readonly Rating[]; at: number };

export type DriverChange = { driverId: DriverId; driver: string; before: Rating; after: Rating };

/** The drivers whose rating differs, in driver order. */
export function driverChanges(earlier: readonly Rating[], later: readonly Rating[]): DriverChange[] {
  return coreDrivers.flatMap((driver, index) => {
    const before = earlier[index];
    const after = later[index];
    if (before === undefined || after === undefined || before === after) return [];
    return [{ driverId: driver.id, driver: driver.shortName, before, after }];
  });
}

/**
 * "3 March" in `timeZone`, with the year ("3 March 2025") when it is not the year of `now`: the form
 * of the example, day before month, which no reader can misread as a US or EU order.
 */
export function dayInWords(at: number, timeZone: string | undefined, now: number): string {
  const yearOf = (ms: number) => new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric' }).format(ms);
  const sameYear = yearOf(at) === yearOf(now);
  return new Intl.DateTimeFormat('en-GB', { timeZone, day: 'numeric', month: 'long', ...(sameYear ? {} : { year: 'numeric' }) }).format(at);
}

export type ChangeSummary = {
  title: string;
  /** "You took the quiz on 3 January, and again on 3 March." (or "..., and again later that day."). */
  intro: string;
  /** One line per changed driver, in driver order. */
  lines: string[];
  /** The same changes as data, for a page that shows each rating as its badge. */
  changes: DriverChange[];
  /** After the lines: how many kept their rating, or that none changed. */
  closing: string;
};

/** The whole "What changed since last time" part, in words, with dates formatted by `day`. */
export function describeChanges(earlier: DatedRatings, later: DatedRatings, day: (at: number) => string): ChangeSummary {
  const copy = profileCopy.changes;
  const changes = driverChanges(earlier.ratings, later.ratings);
  const since = day(later.at);
  const before = day(earlier.at);
  return {
    title: copy.title,
    intro: before === since ? copy.introSameDay(since) : copy.intro(before, since),
    lines: changes.map((change) => copy.line(change.driver, answerWords[change.before], answerWords[change.after], since)),
    changes,
    closing: changes.length === 0 ? copy.none : copy.unchanged(coreDrivers.length - changes.length),
  };
}
