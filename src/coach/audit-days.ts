/** The audit log's page grouped by calendar day in the coach's time zone, for a screen that reads like a diary. */
import type { AuditEntry } from '../shared/coach-api/audit';
import { calendarDay, type Day } from '../shared/days';

export type AuditDay = { day: Day; entries: AuditEntry[] };

/** Entries in the order given (newest first), one group per day in `timeZone`, days in that order too. */
export function auditDays(entries: readonly AuditEntry[], timeZone: string): AuditDay[] {
  const dayOf = calendarDay(timeZone);
  const days: AuditDay[] = [];
  for (const entry of entries) {
    const day = dayOf(Date.parse(entry.at));
    const last = days.at(-1);
    if (last?.day === day) last.entries.push(entry);
    else days.push({ day, entries: [entry] });
  }
  return days;
}
