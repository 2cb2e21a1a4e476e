/**
 * The offers' counting: `POST /api/offer-events` (an offer shown, its button pressed; the page's
 * beacon, src/lib/offer-beacon.ts) and each stored lead under the offer its ratings get; counted per
 * day, offer and pattern in memory and written once a second (like the funnel, server/analytics/).
 * Answers 204 whether the event was counted or left out (a bot, an offer no longer in force).
 */
import type { FastifyPluginAsync } from 'fastify';
import type { Rating } from '../../src/shared/constants';
import { DEFAULT_OFFER_ID, type Offer, patternOf, pickOffer } from '../../src/shared/offer-pick';
import { offerEventsEndpoint } from '../../src/shared/offer-event';
import { BEACON_BODY_LIMIT, readBeacon, refuseBeacon } from '../analytics/beacon';
import { type DailyCount, DailyCounter } from '../analytics/counter';
import { isBotRequest } from '../analytics/events';
import type { OfferKey } from '../storage/offer-counts';
import type { Storage } from '../storage/storage';
import { parseOfferEvent } from './events';

export class OfferCounter extends DailyCounter<OfferKey> {
  constructor(write: (rows: DailyCount<OfferKey>[]) => Promise<void> | void, onError: (error: unknown) => void) {
    super(write, onError, { offer: true, pattern: true, step: true });
  }
}

export function offerCounter(storage: Pick<Storage, 'offers'>, onError: (error: unknown) => void): OfferCounter {
  return new OfferCounter((rows) => storage.offers.add(rows), onError);
}

/** The counter a stored lead adds to: the offer its ratings get (the first fitting one, else the default) and its pattern. */
export function leadOfferKey(offers: readonly Offer[], ratings: readonly Rating[]): OfferKey {
  return { offer: pickOffer(offers, ratings)?.id ?? DEFAULT_OFFER_ID, pattern: patternOf(ratings), step: 'lead' };
}

/**
 * `leadOfferKey`, worked out once per profile (there are 3^9) under the offers in force, and again
 * when they change (a new list): picking the offer and the pattern cost more than the rest of
 * counting a lead.
 */
export function leadOfferKeys(): (offers: readonly Offer[], ratings: readonly Rating[]) => OfferKey {
  let inForce: readonly Offer[] | null = null;
  let byProfile = new Map<number, OfferKey>();
  return (offers, ratings) => {
    // No offers may come as a fresh empty list each time: it is the same list.
    if (offers !== inForce && !(offers.length === 0 && inForce?.length === 0)) {
      inForce = offers;
      byProfile = new Map();
    }
    // The ratings as one number: each a base-3 digit.
    const profile = ratings.reduce<number>((code, rating) => code * 3 + rating - 1, 0);
    let key = byProfile.get(profile);
    if (!key) byProfile.set(profile, (key = leadOfferKey(offers, ratings)));
    return key;
  };
}

type OfferRouteOptions = {
  counter: OfferCounter;
  /** The coach's offers in force now. */
  offers: () => readonly Offer[];
  today: () => string;
  publicOrigin: string | null;
  eventsPerMinute: number;
};

export const offerRoutes: FastifyPluginAsync<OfferRouteOptions> = async (app, { counter, offers, today, publicOrigin, eventsPerMinute }) => {
  app.post(
    offerEventsEndpoint,
    { bodyLimit: BEACON_BODY_LIMIT, config: { rateLimit: { max: eventsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const beacon = readBeacon(request, reply, publicOrigin);
      if (beacon === null) return reply;
      const parsed = parseOfferEvent(beacon.body, offers());
      if ('problem' in parsed) return refuseBeacon(reply, 400, { error: 'invalid_event', message: parsed.problem });
      if (parsed.key !== null && !isBotRequest(request.headers['user-agent'])) counter.add(today(), parsed.key);
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};
