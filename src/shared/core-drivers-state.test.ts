import { expect, test } from 'vitest';
import { coreDrivers } from '../content/drivers';
import { parseCoreDriversState } from './core-drivers-state';

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
