/** How the dashboard writes numbers, shares, days, times and waits. English, as all its copy. */

const locale = 'en-GB';
const counts = new Intl.NumberFormat('en-US');
const percents = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** 1234 → "1,234". */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** A share as a percentage with at most one decimal (0.2857 → "28.6%"); null (no base to divide by) → "–". */
export function formatPercent(value: number | null): string {
  return value === null ? '–' : percents.format(value);
}

const dayParts = { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'short' } as const;

/** A calendar day "2026-11-23" → "Mon 23 Nov" (`withYear`: "Mon, 23 Nov 2026"). */
export function formatDay(day: string, withYear = false): string {
  const options: Intl.DateTimeFormatOptions = withYear ? { ...dayParts, year: 'numeric' } : dayParts;
  return new Intl.DateTimeFormat(locale, options).format(new Date(`${day}T00:00:00Z`));
}

/** An instant from the API → "23 Nov 2026, 10:05" (or "…, 10:05:42"), in the coach's own time zone (or the one given). */
export function formatDateTime(iso: string, timeZone?: string, to: 'minute' | 'second' = 'minute'): string {
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    ...(to === 'second' && { second: '2-digit' }),
  }).format(new Date(iso));
}

/**
 * The names of instants shown side by side, each told apart from the others: to the minute, or to
 * the second where two share a minute (two settings versions saved in one minute, each with a
 * "Restore this version" button); where two share a second as well, with `numbered`'s words.
 */
export function distinctTimes<T extends { at: string }>(items: readonly T[], numbered: (item: T, time: string) => string, timeZone?: string): Map<T, string> {
  const count = (names: string[]) => names.reduce((seen, name) => seen.set(name, (seen.get(name) ?? 0) + 1), new Map<string, number>());
  const minutes = items.map((item) => formatDateTime(item.at, timeZone));
  const seconds = items.map((item) => formatDateTime(item.at, timeZone, 'second'));
  const sameMinute = count(minutes);
  const sameSecond = count(seconds);
  return new Map(
    items.map((item, index) => {
      const minute = minutes[index] ?? '';
      const second = seconds[index] ?? '';
      if ((sameMinute.get(minute) ?? 0) < 2) return [item, minute];
      return [item, (sameSecond.get(second) ?? 0) < 2 ? second : numbered(item, second)];
    }),
  );
}

/** An instant from the API → "3 Nov", its day in the coach's time zone (or the one given). */
export function formatShortDay(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, day: 'numeric', month: 'short' }).format(new Date(iso));
}

/** The time of day of an instant → "10:05". */
export function formatTime(instant: Date, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit' }).format(instant);
}

const plural = (count: number, unit: string) => `${count} ${unit}${count === 1 ? '' : 's'}`;

/** A wait, rounded up so the coach never tries too early: 45 → "45 seconds", 61 → "2 minutes", 3700 → "1 hour 2 minutes". */
export function formatWait(seconds: number): string {
  const whole = Math.max(1, Math.ceil(seconds));
  if (whole < 60) return plural(whole, 'second');
  const minutes = Math.ceil(whole / 60);
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? plural(hours, 'hour') : `${plural(hours, 'hour')} ${plural(rest, 'minute')}`;
}
