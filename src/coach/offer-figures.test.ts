import { expect, test } from 'vitest';
import { groupedRows, reachedRow } from './offer-figures';

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

test.each([
  // [what, seen, leads, clicks as counted, as shown, raised]
  ['two leads whose browsers never counted the offer: saw it 2, not 0', [0, 2, 0], [2, 2, 0], true],
  ['a click without a lead or a view (blocked beacons): both raised', [0, 0, 1], [1, 1, 1], true],
  ['each at least the next: as counted', [5, 2, 1], [5, 2, 1], false],
  ['more leads than seen, some clicks', [1, 3, 2], [3, 3, 2], true],
])('no count below the one after it: %s', (_what, [seen, leads, clicks], expected, raised) => {
  const row = reachedRow({ offer: 'a', pattern: 'general', seen: seen ?? 0, leads: leads ?? 0, clicks: clicks ?? 0 });
  expect([[row.seen, row.leads, row.clicks], row.raised]).toEqual([expected, raised]);
});

test('an offer’s total is the sum of its patterns as shown, so it is never below its leads', () => {
  const [group] = groupedRows(
    [
      { offer: 'a', pattern: 'general', seen: 0, leads: 2, clicks: 0 },
      { offer: 'a', pattern: 'allWeak', seen: 3, leads: 1, clicks: 1 },
    ],
    ['a'],
  );
  expect(group?.total).toEqual({ offer: 'a', seen: 5, leads: 3, clicks: 1 });
});
