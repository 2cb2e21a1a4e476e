/**
 * The one way the results gate submits a lead.
 *
 * Normally it POSTs to the server's `POST /api/leads` (server/docs/leads-api.md), which answers 201 only once
 * the lead is on disk. Built with `VITE_LEAD_CAPTURE=local` (static hosting without the server) it
 * does the spec's local behaviour instead (SPEC section 7): wait, then log only counts.
 * Either way the visitor sees about 1.5 s of "Analyzing...", and nothing personal is ever logged.
 */
import { resultsTimings } from '../shared/constants';
import type { Lead } from '../shared/lead';
import { leadsApiPath } from '../shared/paths';
import { fetchWithin } from './fetch-within';
import { currentRunSource } from './funnel-beacon';

export type LeadCaptureMode = 'api' | 'local';

/** The build's choice: `VITE_LEAD_CAPTURE=local` for static hosting, the API otherwise. */
export const leadCaptureMode: LeadCaptureMode = import.meta.env.VITE_LEAD_CAPTURE === 'local' ? 'local' : 'api';

/** Why a submission failed; says only the HTTP status, never what was submitted. */
export class LeadSubmissionError extends Error {
  override name = 'LeadSubmissionError';
  constructor(readonly status: number | null) {
    super(status === null ? 'The lead could not be sent (network error).' : `The server answered ${status}.`);
  }
}

const wait = (ms: number) => new Promise<void>((resolve) => window.setTimeout(resolve, ms));

/**
 * What the server did about the results e-mail (its answer's `mail`): `queued` for this lead,
 * `held` when the address was already sent one within the hour (the server sends one an hour at
 * most, whoever submits it), `off` when mail is off (or the answer did not say).
 */
export type LeadStored = { mail: 'queued' | 'held' | 'off' };

/** Submits the lead; resolves once it is stored, rejects with a LeadSubmissionError otherwise. */
export async function submitLead(lead: Lead, mode: LeadCaptureMode = leadCaptureMode): Promise<LeadStored> {
  const minimumWait = wait(resultsTimings.submitMs);
  if (mode === 'local') {
    await minimumWait;
    logCounts(lead);
    return { mail: 'off' };
  }
  // The run's source, so the server counts the `lead` step by source when it stores the lead.
  const body = JSON.stringify({ ...lead, source: currentRunSource() });
  // One key per submission, kept when the visitor sends the same lead again after a failure (a
  // 503 from a stalled server may still be stored later): the server stores it once.
  const idempotencyKey = unsent?.body === body ? unsent.key : crypto.randomUUID();
  unsent = { body, key: idempotencyKey };
  const [stored] = await Promise.allSettled([postLead(body, idempotencyKey), minimumWait]);
  if (stored.status === 'rejected') throw stored.reason;
  unsent = null;
  return stored.value;
}

/** The last lead sent without a 201, and its key. */
let unsent: { body: string; key: string } | null = null;

async function postLead(body: string, idempotencyKey: string): Promise<LeadStored> {
  let response: Response;
  try {
    response = await fetchWithin(leadsApiPath, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
      body,
    });
  } catch {
    throw new LeadSubmissionError(null);
  }
  if (response.status !== 201) throw new LeadSubmissionError(response.status);
  const answer: unknown = await response.json().catch(() => null);
  const mail = typeof answer === 'object' && answer !== null && 'mail' in answer ? answer.mail : null;
  return { mail: mail === 'queued' || mail === 'held' ? mail : 'off' };
}

function logCounts(lead: Lead) {
  const count = (rating: number) => lead.ratings.filter((value) => value === rating).length;
  console.info('Lead submitted (local only).', { needsSupport: count(1), neutral: count(2), strong: count(3) });
}
