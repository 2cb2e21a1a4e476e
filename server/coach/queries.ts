/**
 * Reading the coach API's query strings: periods, page sizes and cursors. Each parser returns the
 * value or a refusal naming the parameter, in words for the coach; never quoting what was sent.
 */
import { type DeliveryFilter, deliveryFilters } from '../../src/shared/coach-api/deliveries';
import { LEAD_PAGE_MAX, LEAD_PAGE_SIZE } from '../../src/shared/coach-api/leads';
import { DEFAULT_PERIOD_DAYS, MAX_PERIOD_DAYS } from '../../src/shared/coach-api/routes';
import { addDays, calendarDay, type Day, dayCount, isDay, startOfDay } from '../../src/shared/days';
import type { TimeRange } from '../storage/storage';

export type Refusal = { field: string; message: string };
export type Parsed<T> = { value: T } | { refusal: Refusal };

/** A bad query parameter: the coach routes answer it with 400 and the refusal. */
export class BadQuery extends Error {
  override name = 'BadQuery';
  constructor(readonly refusal: Refusal) {
    super(refusal.message);
  }
}

/** The parsed value, or a BadQuery thrown for the route's error handler. */
export function valueOf<T>(parsed: Parsed<T>): T {
  if ('refusal' in parsed) throw new BadQuery(parsed.refusal);
  return parsed.value;
}

export type Query = Record<string, unknown>;

const text = (query: Query, name: string): string | undefined => {
  const value = query[name];
  return typeof value === 'string' && value !== '' ? value : undefined;
};

/** `from`/`to`, both optional; when both are missing, the last `defaultDays` days up to today. */
export function parsePeriod(query: Query, timeZone: string, now: number, defaultDays: number | null = DEFAULT_PERIOD_DAYS): Parsed<{ from: Day | null; to: Day | null }> {
  const from = text(query, 'from');
  const to = text(query, 'to');
  for (const [field, value] of [['from', from], ['to', to]] as const) {
    if (value !== undefined && !isDay(value)) return { refusal: { field, message: `${field} must be a date written YYYY-MM-DD.` } };
  }
  if (from !== undefined && to !== undefined) {
    if (from > to) return { refusal: { field: 'from', message: 'from must not be after to.' } };
    if (dayCount(from, to) > MAX_PERIOD_DAYS) return { refusal: { field: 'from', message: `A period may be at most ${MAX_PERIOD_DAYS} days long.` } };
  }
  if (from === undefined && to === undefined && defaultDays !== null) {
    const today = calendarDay(timeZone)(now);
    return { value: { from: addDays(today, 1 - defaultDays), to: today } };
  }
  return { value: { from: from ?? null, to: to ?? null } };
}

/** A closed period (funnel, profiles): open ends are filled in, and it stays within the maximum. */
export function parseClosedPeriod(query: Query, timeZone: string, now: number): Parsed<{ from: Day; to: Day }> {
  const parsed = parsePeriod(query, timeZone, now);
  if ('refusal' in parsed) return parsed;
  const { from, to } = parsed.value;
  if (from !== null && to !== null) return { value: { from, to } };
  if (from !== null) {
    const today = calendarDay(timeZone)(now);
    const end = addDays(from, MAX_PERIOD_DAYS - 1);
    return { value: { from, to: today < from ? from : end < today ? end : today } };
  }
  const end = to as Day;
  return { value: { from: addDays(end, 1 - DEFAULT_PERIOD_DAYS), to: end } };
}

/** The instants a period covers: from the start of `from` to the start of the day after `to`. */
export function timeRangeOf(period: { from: Day | null; to: Day | null }, timeZone: string): TimeRange {
  return {
    fromMs: period.from === null ? null : startOfDay(period.from, timeZone),
    toMs: period.to === null ? null : startOfDay(addDays(period.to, 1), timeZone),
  };
}

export function parseLimit(query: Query): Parsed<number> {
  const raw = text(query, 'limit');
  if (raw === undefined) return { value: LEAD_PAGE_SIZE };
  const value = Number(raw);
  if (!/^\d{1,3}$/.test(raw) || value < 1 || value > LEAD_PAGE_MAX) {
    return { refusal: { field: 'limit', message: `limit must be a whole number from 1 to ${LEAD_PAGE_MAX}.` } };
  }
  return { value };
}

/** A cursor or an id: a positive whole number (the API hands them out as strings). */
export function parseId(raw: string | undefined, field: string): Parsed<number | null> {
  if (raw === undefined || raw === '') return { value: null };
  if (!/^[1-9]\d{0,15}$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
    return { refusal: { field, message: `${field} is not valid; use one this API gave you.` } };
  }
  return { value: Number(raw) };
}

export function parseCursor(query: Query): Parsed<number | null> {
  return parseId(text(query, 'cursor'), 'cursor');
}

/** The lead list's cursor: an id for the list, an e-mail address for a search. */
export function parseLeadCursor(query: Query, searching: boolean): Parsed<string | null> {
  const raw = text(query, 'cursor');
  if (!searching) {
    const id = parseId(raw, 'cursor');
    return 'refusal' in id ? id : { value: id.value === null ? null : String(id.value) };
  }
  if (raw !== undefined && raw.length > 254) return { refusal: { field: 'cursor', message: 'cursor is not valid; use one this API gave you.' } };
  return { value: raw ?? null };
}

export function parseSearch(query: Query): Parsed<string> {
  const q = text(query, 'q') ?? '';
  if (q.length > 254) return { refusal: { field: 'q', message: 'The search must be at most 254 characters.' } };
  return { value: q };
}

export function parseDeliveryFilter(query: Query): Parsed<DeliveryFilter> {
  const raw = text(query, 'state') ?? 'failing';
  const filter = deliveryFilters.find((known) => known === raw);
  return filter ? { value: filter } : { refusal: { field: 'state', message: `state must be one of ${deliveryFilters.join(', ')}.` } };
}
