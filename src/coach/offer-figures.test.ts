import { expect, test } from 'vitest';
import { groupedRows } from './offer-figures';

test('offers follow the coach’s order, the default after them and removed ones last, each with its total first', () => {
  const rows = [
    { offer: 'default', pattern: 'general', seen: 4, leads: 2, clicks: 1 },
    { offer: 'gone', pattern: 'allWeak', seen: 1, leads: 0, clicks: 0 },
    { offer: 'b', pattern: 'mostWeak', seen: 3, leads: 1, clicks: 1 },
    { offer: 'b', pattern: 'allWeak', seen: 2, leads: 2, clicks: 0 },
    { offer: 'a', pattern: 'general', seen: 1, leads: 1, clicks: 1 },
  ] as const;
  const groups = groupedRows(rows, ['a', 'b']);
  expect(groups.map((group) => group.offer)).toEqual(['a', 'b', 'default', 'gone']);
  expect(groups[1]?.total).toEqual({ offer: 'b', seen: 5, leads: 3, clicks: 1 });
  expect(groups[1]?.rows.map((row) => row.pattern)).toEqual(['mostWeak', 'allWeak']);
});
