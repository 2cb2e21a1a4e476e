/** Which pushes wait for which pending erases (./erase-order.ts): one case a line. */
import { expect, test } from 'vitest';
import { type OpenedErase, pushesHeldByErases } from './erase-order';

const push = (id: number, email: string) => ({ id, event: 'lead.submitted', email });
const confirmed = (id: number, email: string) => ({ id, event: 'lead.confirmed', email });
const eraseRow = (id: number) => ({ id, event: 'erase', email: '' });

const cases: { name: string; rows: { id: number; event: string; email: string }[]; erases: OpenedErase[]; held: number[] }[] = [
  { name: 'no erase pending: nothing waits', rows: [push(5, 'ana@example.com')], erases: [], held: [] },
  { name: 'an earlier erase of the address: its push waits', rows: [push(5, 'ana@example.com')], erases: [{ id: 3, address: 'ana@example.com' }], held: [5] },
  { name: 'a confirmed lead waits as a submitted one does', rows: [confirmed(5, 'ana@example.com')], erases: [{ id: 3, address: 'ana@example.com' }], held: [5] },
  { name: 'the address erased in capitals and with spaces', rows: [push(5, 'ana@example.com')], erases: [{ id: 3, address: ' Ana@Example.COM ' }], held: [5] },
  { name: 'a push stored with a hidden character', rows: [push(5, 'ana\u200b@example.com')], erases: [{ id: 3, address: 'ana@example.com' }], held: [5] },
  { name: 'an erase queued after the push: the push goes (the erase waited for it)', rows: [push(5, 'ana@example.com')], erases: [{ id: 7, address: 'ana@example.com' }], held: [] },
  { name: 'an erase of someone else', rows: [push(5, 'ana@example.com')], erases: [{ id: 3, address: 'bea@example.com' }], held: [] },
  { name: 'an erase that cannot be opened holds nothing', rows: [push(5, 'ana@example.com')], erases: [{ id: 3, address: null }], held: [] },
  {
    name: 'several erases: each push waits only for an earlier one of its own address',
    rows: [push(4, 'ana@example.com'), push(6, 'bea@example.com'), push(9, 'cy@example.com'), push(10, 'ana@example.com')],
    erases: [
      { id: 2, address: null },
      { id: 5, address: 'bea@example.com' },
      { id: 8, address: 'ana@example.com' },
      { id: 11, address: 'cy@example.com' },
    ],
    held: [6, 10],
  },
  { name: 'the same address erased twice: the earliest counts', rows: [push(5, 'ana@example.com')], erases: [{ id: 3, address: 'ana@example.com' }, { id: 7, address: 'ana@example.com' }], held: [5] },
  { name: 'erases in the round are never held themselves', rows: [eraseRow(3), push(5, 'ana@example.com')], erases: [{ id: 1, address: 'x@example.com' }, { id: 3, address: 'ana@example.com' }], held: [5] },
];

test.each(cases)('$name', ({ rows, erases, held }) => {
  expect([...pushesHeldByErases(rows, erases)].sort((a, b) => a - b)).toEqual(held);
});
