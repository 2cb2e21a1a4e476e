import { expect, test } from 'vitest';
import { openDatabase } from '../storage/lead-store';
import { tempDir } from '../test/helpers';
import { FunnelCounter, sqliteFunnelWriter } from './counter';
import { daysBetween } from './days';
import { readFunnel, wholeMonths } from './report';

test.each([
  ['2026-01-01', '2026-01-31', { first: '2026-01', last: '2026-01', headEnd: '2025-12-31', tailStart: '2026-02-01' }],
  ['2026-01-15', '2026-03-10', { first: '2026-02', last: '2026-02', headEnd: '2026-01-31', tailStart: '2026-03-01' }],
  ['2025-12-31', '2026-02-28', { first: '2026-01', last: '2026-02', headEnd: '2025-12-31', tailStart: '2026-03-01' }],
  ['2026-01-02', '2026-01-31', null],
  ['2026-02-10', '2026-03-09', null],
])('whole months from %s to %s: %j', (from, to, expected) => {
  expect(wholeMonths(from, to)).toEqual(expected);
});

test('any period sums the same counts, whether read from days or from months and days', async () => {
  const db = openDatabase(tempDir());
  const counter = new FunnelCounter(sqliteFunnelWriter(db), (error) => {
    throw error;
  });
  const days = daysBetween('2025-12-20', '2026-03-10');
  days.forEach((day, index) => {
    for (let i = 0; i <= index % 3; i += 1) counter.add(day, { step: 'landing', source: index % 2 ? 'a' : '', medium: '', campaign: '', referrer: '' });
  });
  await counter.close();
  const expected = (from: string, to: string) => days.filter((day) => day >= from && day <= to).reduce((sum, day) => sum + (days.indexOf(day) % 3) + 1, 0);
  for (const [from, to] of [
    ['2025-12-20', '2026-03-10'],
    ['2026-01-01', '2026-01-31'],
    ['2025-12-31', '2026-02-01'],
    ['2026-02-03', '2026-02-05'],
  ] as const) {
    const funnel = readFunnel(db, from, to, 'UTC');
    expect(funnel.steps[0]).toEqual({ step: 'landing', count: expected(from, to) });
    const bySource = funnel.sources.reduce((sum, source) => sum + source.counts.landing, 0);
    expect(bySource).toBe(expected(from, to));
    expect(funnel.daily).toHaveLength(days.filter((day) => day >= from && day <= to).length);
  }
  db.close();
});
