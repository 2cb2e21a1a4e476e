import { expect, test } from 'vitest';
import type { Rating } from '../../src/shared/constants';
import type { Offer } from '../../src/shared/offer-pick';
import { leadOfferKey, leadOfferKeys } from './routes';

const offer = (id: string, weak: number[]): Offer => ({
  id,
  title: id,
  url: `https://coach.example/${id}`,
  pitch: 'A course.',
  length: null,
  price: null,
  outcome: null,
  button: null,
  rule: { patterns: [], weak: weak as Offer['rule']['weak'], strong: [] },
});

/** Every profile of nine ratings, in a fixed order. */
const profiles: Rating[][] = Array.from({ length: 3 ** 9 }, (_, code) =>
  Array.from({ length: 9 }, (_, driver) => ((Math.floor(code / 3 ** (8 - driver)) % 3) + 1) as Rating),
);

test('every profile gets the key leadOfferKey gives it, asked once or again', () => {
  const offers = [offer('start', [4]), offer('focus', [1, 2])];
  const keyOf = leadOfferKeys();
  for (const ratings of profiles) expect(keyOf(offers, ratings)).toEqual(leadOfferKey(offers, ratings));
  for (const ratings of profiles.slice(0, 200)) expect(keyOf(offers, [...ratings])).toEqual(leadOfferKey(offers, ratings));
});

test('when the offers change, a profile gets the key of the offers in force', () => {
  const keyOf = leadOfferKeys();
  const ratings: Rating[] = [2, 2, 2, 1, 2, 2, 2, 2, 2];
  expect(keyOf([], ratings).offer).toBe('default');
  expect(keyOf([offer('start', [4])], ratings).offer).toBe('start');
  expect(keyOf([offer('later', [9])], ratings).offer).toBe('default');
  expect(keyOf([], ratings).offer).toBe('default');
});
