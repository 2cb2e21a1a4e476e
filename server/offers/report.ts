/** The offers' figures for a period (the funnel screen): per offer and pattern, visitors who saw it, leads, clicks. */
import type { OffersReport } from '../../src/shared/coach-api/offers';
import type { Day } from '../../src/shared/days';
import type { SummaryRuleId } from '../../src/shared/insights';
import type { Offer } from '../../src/shared/offer-pick';
import type { Storage } from '../storage/storage';

const field = { seen: 'seen', lead: 'leads', click: 'clicks' } as const;

export async function readOffersReport(storage: Pick<Storage, 'offers'>, from: Day, to: Day, offers: readonly Offer[]): Promise<OffersReport> {
  const rows = new Map<string, OffersReport['rows'][number]>();
  for (const { offer, pattern, step, count } of await storage.offers.read(from, to)) {
    const id = `${offer}\u0000${pattern}`;
    const row = rows.get(id) ?? { offer, pattern: pattern as SummaryRuleId, seen: 0, leads: 0, clicks: 0 };
    row[field[step]] += count;
    rows.set(id, row);
  }
  return { from, to, offers: offers.map(({ id, title }) => ({ id, title })), rows: [...rows.values()] };
}
