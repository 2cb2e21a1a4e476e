/**
 * The coach's offers by pattern (the setting `offers`, checked by ./offers.ts): each with a rule, and
 * the one a visitor is shown, picked by one pure function. The results page, the private profile page
 * and the results e-mail all use `pickOffer`; when no offer's rule fits, the default offer applies
 * (the coach's course settings: link, pitch, length, price, outcome).
 *
 * Small on purpose: the visitor's results page carries it (the checks live in ./offers.ts).
 */
import type { DriverId } from '../content/drivers';
import type { Rating } from './constants';
import { summaryRuleOf, type SummaryRuleId } from './insights';

/**
 * Who an offer is for: any of these summary patterns (none: any pattern), and any of these drivers
 * rated 1 or rated 3 (none: no driver needed). An offer sets at least one of the three.
 */
export type OfferRule = { patterns: SummaryRuleId[]; weak: DriverId[]; strong: DriverId[] };

export type Offer = {
  /** Stable across edits and moves, so the counts of the funnel stay with the offer. */
  id: string;
  title: string;
  url: string;
  pitch: string;
  length: string | null;
  price: string | null;
  outcome: string | null;
  /** The button's label; null: the course block's button (ours, or the coach's words). */
  button: string | null;
  rule: OfferRule;
};

/** The id the default offer is counted under. */
export const DEFAULT_OFFER_ID = 'default';

/** Whether nine ratings (in driver order) fit a rule; `pattern` is theirs, passed in when already known. */
export function ruleFits(rule: OfferRule, ratings: readonly Rating[], pattern: SummaryRuleId): boolean {
  if (rule.patterns.length > 0 && !rule.patterns.includes(pattern)) return false;
  const drivers = [...rule.weak.map((id) => ({ id, rating: 1 })), ...rule.strong.map((id) => ({ id, rating: 3 }))];
  return drivers.length === 0 || drivers.some(({ id, rating }) => ratings[id - 1] === rating);
}

/** The pattern of nine ratings in driver order (SPEC section 4's summary rule). */
export function patternOf(ratings: readonly Rating[]): SummaryRuleId {
  return summaryRuleOf(ratings.map((rating, index) => ({ id: (index + 1) as DriverId, rating })));
}

/** The first of the coach's offers, in their order, whose rule fits; null: the default offer. */
export function pickOffer(offers: readonly Offer[] | undefined, ratings: readonly Rating[]): Offer | null {
  if (!offers || offers.length === 0) return null;
  const pattern = patternOf(ratings);
  return offers.find((offer) => ruleFits(offer.rule, ratings, pattern)) ?? null;
}
