/** The funnel screen's offer figures, grouped for its table (a pure function; ./offers-funnel.tsx draws it). */
import type { OffersReport } from '../shared/coach-api/offers';
import { DEFAULT_OFFER_ID } from '../shared/offer-pick';

type Row = OffersReport['rows'][number];

/** Each offer's rows, the offers in the coach's order (the default last, removed ones after), with a total first. */
export function groupedRows(rows: readonly Row[], order: readonly string[]): { offer: string; total: Omit<Row, 'pattern'>; rows: Row[] }[] {
  const rank = (offer: string) => (offer === DEFAULT_OFFER_ID ? order.length : order.includes(offer) ? order.indexOf(offer) : order.length + 1);
  const offers = [...new Set(rows.map((row) => row.offer))].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
  return offers.map((offer) => {
    const own = rows.filter((row) => row.offer === offer);
    const sum = (field: 'seen' | 'leads' | 'clicks') => own.reduce((total, row) => total + row[field], 0);
    return { offer, total: { offer, seen: sum('seen'), leads: sum('leads'), clicks: sum('clicks') }, rows: own };
  });
}
