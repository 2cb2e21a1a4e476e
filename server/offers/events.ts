/**
 * The counting rules for an offer's event (`POST /api/offer-events`, src/shared/offer-event.ts): an
 * offer shown or its button pressed, under the offer's id and the visitor's pattern. Pure functions.
 * Only offers in force are counted (the default one, or one of the coach's): an id a stale page or a
 * stranger sends is answered like any other and left out, so nobody can fill the table with names.
 */
import type { SummaryRuleId } from '../../src/shared/insights';
import { DEFAULT_OFFER_ID, type Offer } from '../../src/shared/offer-pick';
import type { OfferEventKind } from '../../src/shared/offer-event';
import { patternIds } from '../../src/shared/offers';
import type { OfferKey } from '../storage/offer-counts';

const kinds: readonly OfferEventKind[] = ['seen', 'click'];

/** The counter to add to, null for an offer no longer in force, or what is wrong (never quoting what was sent). */
export function parseOfferEvent(body: unknown, offers: readonly Offer[]): { key: OfferKey | null } | { problem: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problem: 'Send the event as a JSON object.' };
  const { kind, offer, pattern, ...rest } = body as Record<string, unknown>;
  if (Object.keys(rest).length > 0) return { problem: 'The event has a field that is not expected.' };
  if (!kinds.includes(kind as OfferEventKind)) return { problem: 'kind must be seen or click.' };
  if (!patternIds.includes(pattern as SummaryRuleId)) return { problem: 'pattern must be one of the seven summary patterns.' };
  if (typeof offer !== 'string' || offer.length > 16) return { problem: 'offer must be an offer’s id.' };
  const known = offer === DEFAULT_OFFER_ID || offers.some((candidate) => candidate.id === offer);
  return { key: known ? { offer, pattern: pattern as SummaryRuleId, step: kind === 'seen' ? 'seen' : 'click' } : null };
}
