/**
 * The Offers screen's state, as pure functions: each offer as the coach edits it (text fields as
 * typed, '' for a detail left out), what a save sends, and each offer's problems by the server's own
 * check (src/shared/offers.ts).
 */
import type { DriverId } from '../content/drivers';
import type { SummaryRuleId } from '../shared/insights';
import type { Offer } from '../shared/offer-pick';
import { checkOffer, offerFieldNames, offerLabel } from '../shared/offers';
import { sameDraft } from './draft-form';

export type OfferDraft = {
  id: string;
  title: string;
  url: string;
  pitch: string;
  length: string;
  price: string;
  outcome: string;
  button: string;
  patterns: SummaryRuleId[];
  weak: DriverId[];
  strong: DriverId[];
};

export const textFields = ['title', 'url', 'pitch', 'length', 'price', 'outcome', 'button'] as const;
export type OfferTextField = (typeof textFields)[number];

export function draftOf(offer: Offer): OfferDraft {
  return {
    id: offer.id,
    title: offer.title,
    url: offer.url,
    pitch: offer.pitch,
    length: offer.length ?? '',
    price: offer.price ?? '',
    outcome: offer.outcome ?? '',
    button: offer.button ?? '',
    patterns: offer.rule.patterns,
    weak: offer.rule.weak,
    strong: offer.rule.strong,
  };
}

/** A new, empty offer with an id of its own (`random`: 0 ≤ x < 1, Math.random in the browser). */
export function newOffer(random: () => number): OfferDraft {
  const id = Array.from({ length: 10 }, () => '0123456789abcdefghijklmnopqrstuvwxyz'[Math.floor(random() * 36)]).join('');
  return { id, title: '', url: '', pitch: '', length: '', price: '', outcome: '', button: '', patterns: [], weak: [], strong: [] };
}

/**
 * The offers to save: this screen's edits, from `loaded` (where it started) to `drafts`, laid over
 * the offers saved now (`current`, read just before saving), so an offer another device or tab
 * added or changed meanwhile is kept. An offer changed or added here is this screen's, one removed
 * here goes, the others are as saved now; the order is the saved one, unless offers were moved
 * here (then theirs, the others after). With nothing saved meanwhile: exactly this screen's list.
 */
export function offersToSave(loaded: readonly OfferDraft[], current: readonly OfferDraft[], drafts: readonly OfferDraft[]): OfferDraft[] {
  if (sameDraft(current, loaded)) return [...drafts];
  const ids = (list: readonly OfferDraft[]) => list.map((offer) => offer.id);
  const before = new Map(loaded.map((offer) => [offer.id, offer]));
  const mine = new Map(drafts.map((offer) => [offer.id, offer]));
  const edited = drafts.filter((offer) => !sameDraft(offer, before.get(offer.id)));
  const kept = current.filter((offer) => !before.has(offer.id) || mine.has(offer.id)).map((offer) => edited.find((edit) => edit.id === offer.id) ?? offer);
  const merged = [...kept, ...edited.filter((offer) => !current.some((saved) => saved.id === offer.id))];
  const movedHere = !sameDraft(ids(drafts).filter((id) => before.has(id)), ids(loaded).filter((id) => mine.has(id)));
  if (!movedHere) return merged;
  const place = (offer: OfferDraft) => (mine.has(offer.id) ? ids(drafts).indexOf(offer.id) : drafts.length);
  return merged.sort((a, b) => place(a) - place(b));
}

/** What a save sends for one offer: a detail left empty is not sent (none). */
export function sentOf(draft: OfferDraft): Record<string, unknown> {
  const optional = (value: string) => (value.trim() === '' ? null : value);
  return {
    id: draft.id,
    title: draft.title,
    url: draft.url,
    pitch: draft.pitch,
    length: optional(draft.length),
    price: optional(draft.price),
    outcome: optional(draft.outcome),
    button: optional(draft.button),
    rule: { patterns: draft.patterns, weak: draft.weak, strong: draft.strong },
  };
}

/** Where an offer's problem is shown: beside one of its texts, or under who it is for (anything else too). */
export type OfferProblemField = OfferTextField | 'rule';

export type OfferProblem = { field: OfferProblemField; message: string };

/** The field a message of the server's check is about, by the name it gives the field after the offer's label. */
function fieldOf(label: string, message: string): OfferProblemField {
  return textFields.find((field) => message.startsWith(`${label}: ${offerFieldNames[field]}: `)) ?? 'rule';
}

/** The offer as it would be stored, or its problems (the server's messages, naming the offer), each with its field. */
export function checkedDraft(draft: OfferDraft, index: number): { offer: Offer } | { problems: OfferProblem[] } {
  const label = offerLabel(index, draft.title);
  const checked = checkOffer(label, sentOf(draft));
  if (checked.ok) return { offer: checked.value };
  return { problems: ('messages' in checked ? checked.messages : [checked.message]).map((message) => ({ field: fieldOf(label, message), message })) };
}

/** The list with one offer moved by `by` places (-1 up, +1 down), unchanged at either end. */
export function moved<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}

/** Adds or removes one value of a rule's list, kept in a fixed order. */
export function toggled<T extends string | number>(list: readonly T[], value: T, on: boolean, order: readonly T[]): T[] {
  const set = new Set(list);
  if (on) set.add(value);
  else set.delete(value);
  return order.filter((item) => set.has(item));
}
