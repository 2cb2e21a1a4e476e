/**
 * Counts an offer seen or clicked (src/shared/offer-event.ts), cookieless like the funnel, and only
 * where the funnel is counted: not in the local-only build, not in the dashboard's previews.
 */
import { type OfferEvent, offerEventsEndpoint } from '../shared/offer-event';
import { currentRunSource } from './funnel-beacon';

export function reportOfferEvent(event: OfferEvent): void {
  if (currentRunSource() === undefined) return;
  navigator.sendBeacon?.(offerEventsEndpoint, JSON.stringify(event));
}
