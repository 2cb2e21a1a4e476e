import { expect, test } from 'vitest';
import type { AuditEntry } from '../shared/coach-api/audit';
import { auditDays } from './audit-days';

const entry = (at: string): AuditEntry => ({ at, action: 'sign_in', actor: 'dashboard', sessionId: 1, signedIn: null, fields: null, changes: null, restoredFrom: null });

test.each([
  // [time zone, instants newest first, the days with how many entries each]
  ['UTC', ['2026-11-23T23:30:00.000Z', '2026-11-23T08:00:00.000Z', '2026-11-22T23:59:59.999Z'], [['2026-11-23', 2], ['2026-11-22', 1]]],
  // 23:30 UTC is already the next day in Berlin (UTC+1 in November), and 22:59 UTC not yet.
  ['Europe/Berlin', ['2026-11-23T23:30:00.000Z', '2026-11-23T22:59:00.000Z'], [['2026-11-24', 1], ['2026-11-23', 1]]],
  // ...and still the day before in New York (UTC-5).
  ['America/New_York', ['2026-11-24T04:30:00.000Z', '2026-11-23T05:30:00.000Z'], [['2026-11-23', 2]]],
  ['UTC', [], []],
] as const)('in %s, %j groups as %j', (timeZone, instants, expected) => {
  const days = auditDays(instants.map(entry), timeZone);
  expect(days.map(({ day, entries }) => [day, entries.length])).toEqual(expected);
});

test('entries keep their order within a day', () => {
  const [day] = auditDays([entry('2026-11-23T10:00:00.000Z'), entry('2026-11-23T09:00:00.000Z')], 'UTC');
  expect(day?.entries.map((item) => item.at)).toEqual(['2026-11-23T10:00:00.000Z', '2026-11-23T09:00:00.000Z']);
});
