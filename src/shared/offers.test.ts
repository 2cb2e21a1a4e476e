import { expect, test } from 'vitest';
import type { Rating } from './constants';
import { type Offer, type OfferRule, pickOffer } from './offer-pick';
import { checkOffers, coverage, MAX_OFFERS } from './offers';

const ratings = (digits: string) => [...digits].map(Number) as Rating[];

const offer = (id: string, rule: Partial<OfferRule>): Offer => ({
  id,
  title: `Offer ${id}`,
  url: `https://coach.example/${id}`,
  pitch: 'A short pitch.',
  length: null,
  price: null,
  outcome: null,
  button: null,
  rule: { patterns: [], weak: [], strong: [], ...rule },
});

const startNow = offer('start', { weak: [4] });
const heavy = offer('heavy', { patterns: ['mostWeak', 'allWeak'] });
const steady = offer('steady', { strong: [3], patterns: ['mostStrong'] });

test.each([
  ['no offers: the default', [], '111111111', null],
  ['Task Initiation rated 1', [startNow], '222122222', 'start'],
  ['Task Initiation rated 2: the default', [startNow], '222222222', null],
  ['the first fitting offer in the coach’s order wins', [startNow, heavy], '111111111', 'start'],
  ['...and the order is the coach’s', [heavy, startNow], '111111111', 'heavy'],
  ['a pattern listed', [heavy], '111111222', 'heavy'],
  ['a pattern not listed', [heavy], '333333222', null],
  ['pattern and driver both set: both must hold', [steady], '333333222', 'steady'],
  ['...the pattern without the driver', [steady], '332333332', null],
  ['...the driver without the pattern', [steady], '223222222', null],
  ['any of the drivers listed', [offer('either', { weak: [1, 9] })], '222222221', 'either'],
  ['a driver rated 3', [offer('strong8', { strong: [8] })], '222222232', 'strong8'],
])('%s', (_name, offers, digits, expected) => {
  expect(pickOffer(offers, ratings(digits))?.id ?? null).toBe(expected);
});

const sent = (overrides: Record<string, unknown> = {}) => ({
  id: 'abcd1234',
  title: ' Start   small ',
  url: 'https://coach.example/start',
  pitch: 'Line one.\n\n\n\nLine two.',
  length: '',
  price: '$49',
  outcome: null,
  button: 'Start now',
  rule: { patterns: ['mostWeak'], weak: [4, 4, 1], strong: [] },
  ...overrides,
});

test('an offer is checked and tidied as the server stores it', () => {
  expect(checkOffers([sent()])).toEqual({
    ok: true,
    value: [
      {
        id: 'abcd1234',
        title: 'Start small',
        url: 'https://coach.example/start',
        pitch: 'Line one.\n\nLine two.',
        length: null,
        price: '$49',
        outcome: null,
        button: 'Start now',
        rule: { patterns: ['mostWeak'], weak: [1, 4], strong: [] },
      },
    ],
  });
});

test.each([
  ['not a list', {}, /^Offers: send them as a list\.$/],
  ['too many', Array.from({ length: MAX_OFFERS + 1 }, (_, index) => sent({ id: `offer${index}` })), /^Offers: at most 5 besides the default one \(this has 6\)\.$/],
  ['no title', [sent({ title: '' })], /^Offer 1: Title: write it\./],
  ['a javascript link', [sent({ url: 'javascript:alert(1)' })], /^Offer 1 \(Start small\): Link: .*javascript links are not allowed/],
  ['no rule', [sent({ rule: { patterns: [], weak: [], strong: [] } })], /^Offer 1 \(Start small\): choose who it is for/],
  ['an unknown pattern', [sent({ rule: { patterns: ['everyone'] } })], /choose patterns from the list/],
  ['a driver that does not exist', [sent({ rule: { weak: [10] } })], /Drivers rated 1: choose drivers from the list/],
  ['a title too long', [sent({ title: 'x'.repeat(81) })], /Title: at most 80 characters/],
  ['the default offer’s id', [sent({ id: 'default' })], /its id is missing or not valid/],
  ['the same id twice', [sent(), sent()], /two offers have the same id/],
])('refused: %s', (_name, input, message) => {
  const checked = checkOffers(input);
  expect(checked.ok).toBe(false);
  if (!checked.ok) expect(checked.message).toMatch(message);
});

test('coverage: each offer gets the profiles no earlier offer caught, the default the rest, and every profile counts once', () => {
  const result = coverage([heavy, startNow]);
  const of = (id: string) => result.find((entry) => entry.offer === id)?.patterns ?? [];
  expect(of('heavy').map((entry) => entry.pattern)).toEqual(['allWeak', 'mostWeak']);
  expect(of('heavy').every((entry) => entry.caught === entry.of)).toBe(true);
  // Task Initiation rated 1 outside the heavy patterns: some of several patterns, never all weak.
  expect(of('start').map((entry) => entry.pattern)).not.toContain('allWeak');
  expect(of('start').length).toBeGreaterThan(1);
  expect(of('default').map((entry) => entry.pattern)).toContain('allStrong');
  const total = result.flatMap((entry) => entry.patterns).reduce((sum, entry) => sum + entry.caught, 0);
  expect(total).toBe(3 ** 9);
});
