import { expect, test } from 'vitest';
import { timelineAt } from './timeline';

test.each([
  [0, { loading: true, cardsShown: 0, legendShown: false, gateShown: false }],
  [499, { loading: true, cardsShown: 0, legendShown: false, gateShown: false }],
  [500, { loading: false, cardsShown: 0, legendShown: false, gateShown: false }],
  [799, { loading: false, cardsShown: 0, legendShown: false, gateShown: false }],
  [800, { loading: false, cardsShown: 1, legendShown: false, gateShown: false }],
  [899, { loading: false, cardsShown: 1, legendShown: false, gateShown: false }],
  [900, { loading: false, cardsShown: 2, legendShown: false, gateShown: false }],
  [1600, { loading: false, cardsShown: 9, legendShown: false, gateShown: false }],
  [2299, { loading: false, cardsShown: 9, legendShown: false, gateShown: false }],
  [2300, { loading: false, cardsShown: 9, legendShown: true, gateShown: false }],
  [2799, { loading: false, cardsShown: 9, legendShown: true, gateShown: false }],
  [2800, { loading: false, cardsShown: 9, legendShown: true, gateShown: true }],
  [60_000, { loading: false, cardsShown: 9, legendShown: true, gateShown: true }],
])('%i ms after arrival the page shows %o', (elapsedMs, expected) => {
  expect(timelineAt(elapsedMs)).toEqual(expected);
});
