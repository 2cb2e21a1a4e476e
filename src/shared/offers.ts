/**
 * The check of the coach's offers (the setting `offers`; what one is: ./offer-pick.ts), the same in
 * the browser and on the server, and which patterns each offer catches (the dashboard shows it).
 */
import { coreDrivers, type DriverId } from '../content/drivers';
import { type Checked, fail } from './checked';
import { checkLink } from './visitor-link';
import type { Rating } from './constants';
import { summaryRules, type SummaryRuleId } from './insights';
import { DEFAULT_OFFER_ID, type Offer, patternOf, ruleFits } from './offer-pick';
import { checkText, oneLine, paragraphs } from './plain-text';

/** At most this many offers besides the default one. */
export const MAX_OFFERS = 5;

export const patternIds: readonly SummaryRuleId[] = summaryRules.map((rule) => rule.id);

/** An offer's id: made by the dashboard when the offer is added, never changed. */
const offerIdPattern = /^[a-z0-9]{4,16}$/;

/** Limits of each text of an offer (the default offer's are the course settings'). */
export const offerLimits = { title: 80, pitch: 600, length: 60, price: 40, outcome: 160, button: 40 } as const;

/** How each text of an offer is named in messages ("Offer 2: Link: …"); the dashboard shows each message beside its field. */
export const offerFieldNames = { title: 'Title', url: 'Link', pitch: 'Pitch', length: 'Length', price: 'Price', outcome: 'Outcome', button: 'Button label' } as const;

/** What the label of each field of an offer says in messages: "Offer 2 (Start small): Link". */
export function offerLabel(index: number, title: unknown): string {
  return typeof title === 'string' && title.trim() !== '' ? `Offer ${index + 1} (${oneLine(title).trim().slice(0, 40)})` : `Offer ${index + 1}`;
}

const isDriverId = (value: unknown): value is DriverId => typeof value === 'number' && coreDrivers.some((driver) => driver.id === value);

function checkDrivers(label: string, input: unknown): Checked<DriverId[]> {
  if (input === undefined) return { ok: true, value: [] };
  if (!Array.isArray(input) || !input.every(isDriverId)) return fail(`${label}: choose drivers from the list.`);
  return { ok: true, value: [...new Set(input)].sort((a, b) => a - b) };
}

/** One offer, checked; `label` names it in every message. */
export function checkOffer(label: string, input: unknown): Checked<Offer> | { ok: false; messages: string[] } {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return fail(`${label}: send the offer as an object.`);
  const raw = input as Record<string, unknown>;
  const messages: string[] = [];
  const text = (field: keyof typeof offerLimits, optional: boolean, tidy = oneLine): string | null => {
    const value = raw[field];
    if (optional && (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))) return null;
    const checked = checkText(`${label}: ${offerFieldNames[field]}`, value, offerLimits[field], tidy);
    if (!checked.ok) messages.push(checked.message.replace(': write something, or clear the field to use the default.', ': write it.'));
    return checked.ok ? checked.value : null;
  };
  const id = typeof raw.id === 'string' && offerIdPattern.test(raw.id) && raw.id !== DEFAULT_OFFER_ID ? raw.id : null;
  if (id === null) messages.push(`${label}: its id is missing or not valid (add the offer again).`);
  const title = text('title', false);
  const url = checkLink(`${label}: ${offerFieldNames.url}`, raw.url);
  if (!url.ok) messages.push(url.message);
  const pitch = text('pitch', false, paragraphs);
  const length = text('length', true);
  const price = text('price', true);
  const outcome = text('outcome', true);
  const button = text('button', true);
  const rule = typeof raw.rule === 'object' && raw.rule !== null ? (raw.rule as Record<string, unknown>) : {};
  const patterns = rule.patterns ?? [];
  const patternsOk = Array.isArray(patterns) && patterns.every((pattern) => patternIds.includes(pattern as SummaryRuleId));
  if (!patternsOk) messages.push(`${label}: choose patterns from the list.`);
  const weak = checkDrivers(`${label}: Drivers rated 1`, rule.weak);
  const strong = checkDrivers(`${label}: Drivers rated 3`, rule.strong);
  for (const checked of [weak, strong]) if (!checked.ok) messages.push(checked.message);
  const chosen = (patternsOk ? patterns.length : 0) + (weak.ok ? weak.value.length : 0) + (strong.ok ? strong.value.length : 0);
  if (patternsOk && weak.ok && strong.ok && chosen === 0) messages.push(`${label}: choose who it is for: a pattern, or a driver rated 1 or 3.`);
  if (messages.length > 0 || id === null || title === null || !url.ok || pitch === null || !weak.ok || !strong.ok || !patternsOk) {
    return { ok: false, messages };
  }
  const orderedPatterns = patternIds.filter((pattern) => (patterns as unknown[]).includes(pattern));
  return { ok: true, value: { id, title, url: url.value, pitch, length, price, outcome, button, rule: { patterns: orderedPatterns, weak: weak.value, strong: strong.value } } };
}

/** The coach's offers as sent, in their order: at most five, every one valid, each id once. */
export function checkOffers(input: unknown): Checked<Offer[]> {
  if (!Array.isArray(input)) return fail('Offers: send them as a list.');
  if (input.length > MAX_OFFERS) return fail(`Offers: at most ${MAX_OFFERS} besides the default one (this has ${input.length}).`);
  const offers: Offer[] = [];
  const messages: string[] = [];
  input.forEach((item, index) => {
    const checked = checkOffer(offerLabel(index, (item as { title?: unknown } | null)?.title), item);
    if (checked.ok) offers.push(checked.value);
    else messages.push(...('messages' in checked ? checked.messages : [checked.message]));
  });
  const ids = offers.map((offer) => offer.id);
  if (new Set(ids).size !== ids.length) messages.push('Offers: two offers have the same id (add one of them again).');
  return messages.length > 0 ? fail(messages.join(' ')) : { ok: true, value: offers };
}

const ratingValues: readonly Rating[] = [1, 2, 3];

/** Every one of the 19,683 combinations of nine ratings, once, with its pattern. */
const everyProfile: { ratings: Rating[]; pattern: SummaryRuleId }[] = (() => {
  const all: { ratings: Rating[]; pattern: SummaryRuleId }[] = [];
  const count = ratingValues.length ** coreDrivers.length;
  for (let n = 0; n < count; n += 1) {
    const ratings = Array.from({ length: coreDrivers.length }, (_, index) => ratingValues[Math.floor(n / 3 ** index) % 3] as Rating);
    all.push({ ratings, pattern: patternOf(ratings) });
  }
  return all;
})();

/** Of each pattern, how many of its profiles an offer gets (the first fitting offer wins) and how many there are. */
export type Coverage = { offer: string; patterns: { pattern: SummaryRuleId; caught: number; of: number }[] }[];

/**
 * Which patterns each offer catches, over every possible profile, in the coach's order: an offer only
 * gets the profiles no earlier offer caught; the default offer gets the rest.
 */
export function coverage(offers: readonly Offer[]): Coverage {
  const caught = new Map<string, Map<SummaryRuleId, number>>();
  const totals = new Map<SummaryRuleId, number>();
  for (const { ratings, pattern } of everyProfile) {
    totals.set(pattern, (totals.get(pattern) ?? 0) + 1);
    const winner = offers.find((offer) => ruleFits(offer.rule, ratings, pattern))?.id ?? DEFAULT_OFFER_ID;
    const byPattern = caught.get(winner) ?? new Map<SummaryRuleId, number>();
    byPattern.set(pattern, (byPattern.get(pattern) ?? 0) + 1);
    caught.set(winner, byPattern);
  }
  return [...offers.map((offer) => offer.id), DEFAULT_OFFER_ID].map((offer) => ({
    offer,
    patterns: patternIds
      .map((pattern) => ({ pattern, caught: caught.get(offer)?.get(pattern) ?? 0, of: totals.get(pattern) ?? 0 }))
      .filter((entry) => entry.caught > 0),
  }));
}
