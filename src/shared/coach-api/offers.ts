/** The offers view's answer: per offer and summary pattern, who saw it, the leads under it, the clicks. */
import type { Day } from '../days';
import type { SummaryRuleId } from '../insights';

/** GET /api/coach/offers?from&to: per offer (its id, or 'default') and pattern, who saw it, the leads under it, the clicks. */
export type OffersReport = {
  from: Day;
  to: Day;
  /** The coach's offers in force, in their order, by id and title (the default offer is not among them). */
  offers: { id: string; title: string }[];
  rows: { offer: string; pattern: SummaryRuleId; seen: number; leads: number; clicks: number }[];
};
