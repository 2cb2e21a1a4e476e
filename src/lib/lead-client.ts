/**
 * The one way the results gate submits a lead. For now this is the spec's local behaviour
 * (SPEC section 7): wait about 1.5 s, then log only counts. It never logs the e-mail or the name.
 * Swapping this for a request to the server must not change the gate.
 */
import type { Lead } from '../shared/lead';
import { resultsTimings } from '../shared/constants';

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/** Submits the lead; rejects when it could not be stored. */
export async function submitLead(lead: Lead): Promise<void> {
  await wait(resultsTimings.submitMs);
  const count = (rating: number) => lead.ratings.filter((value) => value === rating).length;
  console.info('Lead submitted (local only).', {
    needsSupport: count(1),
    neutral: count(2),
    strong: count(3),
  });
}
