import { expect, test } from 'vitest';
import type { Offer } from '../shared/offer-pick';
import { checkOffers } from '../shared/offers';
import { sameDraft } from './draft-form';
import { checkedDraft, draftOf, moved, newOffer, type OfferDraft, offersToSave, sentOf, toggled } from './offers-draft';

const saved: Offer = {
  id: 'start1',
  title: 'Start Small',
  url: 'https://coach.example/start',
  pitch: 'Three lessons.',
  length: null,
  price: '$49',
  outcome: null,
  button: null,
  rule: { patterns: [], weak: [4], strong: [] },
};

test('a saved offer round-trips through the form unchanged, and the server keeps what the form sends', () => {
  const draft = draftOf(saved);
  expect(sameDraft(draftOf(saved), draft)).toBe(true);
  expect(checkOffers([sentOf(draft)])).toEqual({ ok: true, value: [saved] });
  expect(sameDraft(draftOf(saved), { ...draft, price: '' })).toBe(false);
  expect(checkOffers([sentOf({ ...draft, price: '' })])).toEqual({ ok: true, value: [{ ...saved, price: null }] });
});

test('a new offer has an id the server accepts, and says what it still needs, naming it', () => {
  const draft = newOffer(() => 0.5);
  expect(draft.id).toMatch(/^[a-z0-9]{10}$/);
  const checked = checkedDraft(draft, 2);
  expect('problems' in checked && checked.problems).toEqual([
    { field: 'title', message: 'Offer 3: Title: write it.' },
    { field: 'url', message: 'Offer 3: Link: paste an address that starts with https://, or clear the field.' },
    { field: 'pitch', message: 'Offer 3: Pitch: write it.' },
    { field: 'rule', message: 'Offer 3: choose who it is for: a pattern, or a driver rated 1 or 3.' },
  ]);
  expect(checkedDraft({ ...draft, title: 'Calm', url: 'https://c.example', pitch: 'P.', patterns: ['allWeak'] }, 2)).toMatchObject({ offer: { title: 'Calm' } });
});

test('each problem names the field it is shown beside, whatever the offer is called', () => {
  const draft = { ...newOffer(() => 0.5), title: 'Link: Pitch', url: 'https://c.example', pitch: 'P.', price: 'x'.repeat(41), button: 'y'.repeat(41), patterns: ['allWeak' as const] };
  const checked = checkedDraft(draft, 0);
  expect('problems' in checked && checked.problems.map((problem) => problem.field)).toEqual(['price', 'button']);
});

test.each([
  [[1, 2, 3], 0, -1, [1, 2, 3]],
  [[1, 2, 3], 0, 1, [2, 1, 3]],
  [[1, 2, 3], 2, 1, [1, 2, 3]],
  [[1, 2, 3], 2, -1, [1, 3, 2]],
] as const)('moving %j item %i by %i gives %j', (list, index, by, expected) => {
  expect(moved(list, index, by)).toEqual(expected);
});

test('a rule’s choices stay in a fixed order whatever order they are ticked in', () => {
  expect(toggled([9], 1, true, [1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([1, 9]);
  expect(toggled([1, 9], 9, false, [1, 2, 3, 4, 5, 6, 7, 8, 9])).toEqual([1]);
});

// The screen loaded `loaded`; another device saved `current` since; this screen has `drafts`. Offers by title.
const offer = (id: string, title = id): OfferDraft => ({ ...newOffer(() => 0), id, title });
const titles = (list: readonly OfferDraft[]) => list.map((draft) => draft.title);
test.each([
  ['nothing saved meanwhile: this screen’s list', ['a', 'b'], ['a', 'b'], ['b', 'a!', 'c'], ['b', 'a!', 'c']],
  ['an offer added elsewhere is kept beside the one added here', ['a'], ['a', 'phone'], ['a', 'laptop'], ['a', 'phone', 'laptop']],
  ['an offer changed elsewhere is kept beside the one changed here', ['a', 'b'], ['a phone', 'b'], ['a', 'b laptop'], ['a phone', 'b laptop']],
  ['the same offer changed on both: this save wins', ['a'], ['a phone'], ['a laptop'], ['a laptop']],
  ['an offer removed here goes, one added elsewhere stays', ['a', 'b'], ['a', 'b', 'phone'], ['b'], ['b', 'phone']],
  ['an offer removed elsewhere is not put back unless changed here', ['a', 'b'], ['b'], ['a', 'b laptop'], ['b laptop']],
  ['an offer removed elsewhere and changed here comes back with the change', ['a', 'b'], ['b'], ['a laptop', 'b'], ['b', 'a laptop']],
  ['moved here: this screen’s order, one added elsewhere after', ['a', 'b'], ['a', 'b', 'phone'], ['b', 'a'], ['b', 'a', 'phone']],
])('%s', (_name, loaded, current, drafts, saved) => {
  // Each offer's id is its title's first word: "a phone" is offer a, changed on the phone.
  const list = (names: string[]) => names.map((name) => offer(name.split(' ')[0]?.replace('!', '') ?? name, name));
  expect(titles(offersToSave(list(loaded), list(current), list(drafts)))).toEqual(saved);
});
