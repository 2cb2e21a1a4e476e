/**
 * What the visitor's page sends when it shows an offer and when the offer's button is pressed
 * (`POST /api/offer-events`, with `navigator.sendBeacon`): which offer, and the visitor's pattern
 * (one of seven summary rules). Nothing that identifies the visitor, like the funnel's events.
 */
import type { SummaryRuleId } from './insights';

export const offerEventsEndpoint = '/api/offer-events';

export type OfferEventKind = 'seen' | 'click';

export type OfferEvent = { kind: OfferEventKind; offer: string; pattern: SummaryRuleId };
