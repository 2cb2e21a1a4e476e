/** The funnel screen's offer figures, grouped for its table (a pure function; ./offers-funnel.tsx draws it). */
import type { OffersReport } from '../shared/coach-api/offers';
import { DEFAULT_OFFER_ID } from '../shared/offer-pick';
import { atLeastAsMany } from './funnel-math';

type Row = OffersReport['rows'][number];

/**
 * A row as reached, by the funnel's rule (`atLeastAsMany`): seen → leads → clicks, each at least the
 * next. "Saw it" is counted by the visitor's browser and a lead by the server, so a blocked beacon
 * can leave fewer seen than leads; `raised` says when (the screen says why).
 */
export function reachedRow(row: Row): Row & { raised: boolean } {
  const [seen = row.seen, leads = row.leads] = atLeastAsMany([row.seen, row.leads, row.clicks]);
  return { ...row, seen, leads, raised: seen > row.seen || leads > row.leads };
}

/**
 * Each offer's rows as reached, the offers in the coach's order (the default last, removed ones
 * after), with a total first: the sum of its rows, so the patterns add up to it.
 */
export function groupedRows(
  rows: readonly Row[],
  order: readonly string[],
): { offer: string; total: Omit<Row, 'pattern'>; rows: (Row & { raised: boolean })[] }[] {
  const rank = (offer: string) => (offer === DEFAULT_OFFER_ID ? order.length : order.includes(offer) ? order.indexOf(offer) : order.length + 1);
  const offers = [...new Set(rows.map((row) => row.offer))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return offers.map((offer) => {
    const own = rows.filter((row) => row.offer === offer).map(reachedRow);
    const sum = (field: 'seen' | 'leads' | 'clicks') => own.reduce((total, row) => total + row[field], 0);
    return { offer, total: { offer, seen: sum('seen'), leads: sum('leads'), clicks: sum('clicks') }, rows: own };
  });
}
