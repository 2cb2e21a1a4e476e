/**
 * The storage contract's part for the offers' counters (server/offers/; the rest of the contract:
 * ./storage.ts, whose `Storage.offers` this is): per day, offer and pattern, how many saw the offer, left
 * a lead under it, and pressed its button. Never anything about who.
 */
import type { Day } from '../../src/shared/days';

/** What happened to an offer: shown, a lead stored under it, its button pressed. */
export type OfferStep = 'seen' | 'lead' | 'click';

/** One offer counter besides its day: the offer's id ('default' for the default offer) and the visitor's pattern. */
export type OfferKey = { offer: string; pattern: string; step: OfferStep };

export type OfferCount = { day: Day; key: OfferKey; count: number };

export interface OfferCountsStore {
  /** Adds counts to the offers' counters in one transaction. */
  add(rows: OfferCount[]): Promise<void>;
  /** The offers' counts of the days `from` to `to` (both included), summed per offer, pattern and step. */
  read(from: Day, to: Day): Promise<(OfferKey & { count: number })[]>;
}
