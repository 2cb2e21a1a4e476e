import { expect, test } from 'vitest';
import { coreDrivers } from '../content/drivers';
import type { Rating } from './constants';
import { driversFromRatings, parseCoreDriversState, resultsToShow } from './core-drivers-state';

const valid = coreDrivers.map(({ id, name, scenario }) => ({ id, name, rating: 2, scenario }));

function withDriver(index: number, change: Record<string, unknown>) {
  return { coreDrivers: valid.map((driver, at) => (at === index ? { ...driver, ...change } : driver)) };
}

test('a complete state gives the nine results in id order', () => {
  const shuffled = { coreDrivers: [...valid].reverse() };
  expect(parseCoreDriversState(shuffled)?.map((driver) => driver.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
});

test.each([
  ['no state', undefined],
  ['null', null],
  ['a string', 'coreDrivers'],
  ['no coreDrivers field', {}],
  ['coreDrivers not a list', { coreDrivers: 'all of them' }],
  ['an empty list', { coreDrivers: [] }],
  ['eight drivers', { coreDrivers: valid.slice(1) }],
  ['ten drivers', { coreDrivers: [...valid, valid[0]] }],
  ['an id twice', withDriver(1, { id: 1 })],
  ['id 0', withDriver(0, { id: 0 })],
  ['id 10', withDriver(8, { id: 10 })],
  ['a fractional id', withDriver(0, { id: 1.5 })],
  ['an id as text', withDriver(0, { id: '1' })],
  ['rating 0', withDriver(0, { rating: 0 })],
  ['rating 4', withDriver(0, { rating: 4 })],
  ['a rating as text', withDriver(0, { rating: '2' })],
  ['a missing rating', withDriver(0, { rating: null })],
  ['an empty name', withDriver(0, { name: '' })],
  ['a scenario that is not text', withDriver(0, { scenario: 42 })],
  ['an unexpected field', withDriver(0, { email: 'someone@example.com' })],
])('%s counts as missing', (_case, state) => {
  expect(parseCoreDriversState(state)).toBeNull();
});

const ratings = (digits: string) => [...digits].map(Number) as Rating[];
const handOver = (digits: string) => driversFromRatings(ratings(digits));

test.each([
  ['a hand-over, nothing unlocked in this tab', handOver('123123123'), null, { ratings: '123123123', unlocked: false }],
  ['a hand-over this tab unlocked (a reload)', handOver('123123123'), ratings('123123123'), { ratings: '123123123', unlocked: true }],
  ['a hand-over of other ratings than the ones unlocked', handOver('111111111'), ratings('123123123'), { ratings: '111111111', unlocked: false }],
  ['no hand-over, ratings unlocked in this tab', null, ratings('332211332'), { ratings: '332211332', unlocked: true }],
  ['neither', null, null, null],
])('%s', (_case, handedOver, unlocked, expected) => {
  const shown = resultsToShow(handedOver, unlocked);
  expect(shown && { ratings: shown.drivers.map((driver) => driver.rating).join(''), unlocked: shown.unlocked }).toEqual(expected);
});

test('results rebuilt from ratings are the quiz’s own hand-over', () => {
  expect(parseCoreDriversState({ coreDrivers: handOver('321321321') })).toEqual(handOver('321321321'));
});
