import { expect, test } from 'vitest';
import { dayCount } from '../shared/days';
import { customRangeProblem, periodRange } from './period';

test.each([
  [{ kind: 'preset', days: 7 } as const, '2026-11-23', { from: '2026-11-17', to: '2026-11-23' }],
  [{ kind: 'preset', days: 30 } as const, '2026-03-01', { from: '2026-01-31', to: '2026-03-01' }],
  [{ kind: 'preset', days: 90 } as const, '2026-01-15', { from: '2025-10-18', to: '2026-01-15' }],
  [{ kind: 'custom', from: '2026-02-01', to: '2026-02-10' } as const, '2026-11-23', { from: '2026-02-01', to: '2026-02-10' }],
])('%o up to %s covers %o', (period, today, expected) => {
  const range = periodRange(period, today);
  expect(range).toEqual(expected);
  if (period.kind === 'preset') expect(dayCount(range.from, range.to)).toBe(period.days);
});

test.each([
  [{ from: '2026-11-01', to: '2026-11-23' }, null],
  [{ from: '2026-11-23', to: '2026-11-23' }, null],
  [{ from: '2026-11-31', to: '2026-11-23' }, 'badFrom'],
  [{ from: '2026-11-01', to: '' }, 'badTo'],
  [{ from: '2026-11-10', to: '2026-11-01' }, 'reversed'],
  [{ from: '2026-11-24', to: '2026-11-30' }, 'future'],
  [{ from: '2024-09-15', to: '2026-11-23' }, null], // 800 days
  [{ from: '2024-09-14', to: '2026-11-23' }, 'tooLong'],
])('custom range %o: %s', (range, problem) => {
  expect(customRangeProblem(range, '2026-11-23')).toBe(problem);
});
