/**
 * The dashboard's wire types (src/shared/coach-api/) from what storage answers (its own types,
 * server/storage/dashboard-reads.ts): ids as strings, times as ISO text, a stored profile read the
 * way the results page showed it, a delivery's lead with the address masked.
 */
import { coreDrivers } from '../../src/content/drivers';
import type { DeliveriesResponse, Delivery } from '../../src/shared/coach-api/deliveries';
import type { ConsentRecord, LeadDetail, LeadListResponse, LeadSummary, SubmissionDetail } from '../../src/shared/coach-api/leads';
import { type RatedDriver, summarizePattern, weakAndStrong } from '../../src/shared/insights';
import { isEmailTool } from '../../src/shared/email-tool-settings';
import { maskedEmail } from '../../src/shared/masked-email';
import { decodeRatings } from '../../src/shared/ratings';
import type { StoredDeliveries, StoredDelivery, StoredLead, StoredLeadDetail, StoredLeadPage, StoredSubmission } from '../storage/dashboard-reads';
import { ratedDrivers, summaryPatternOf } from '../storage/stored-profile';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/**
 * What the gate showed and what the visitor chose, when, and when they confirmed the opt-in; null
 * for a submission stored before consent was recorded (or through the API without it): no version, no wording.
 */
export function toConsent(submission: StoredSubmission): ConsentRecord | null {
  if (submission.consentVersion === null && submission.consentWording === null) return null;
  return {
    version: submission.consentVersion,
    wording: submission.consentWording,
    marketingConsent: submission.marketingConsent,
    requestedAt: iso(submission.submittedAt),
    confirmedAt: isoOrNull(submission.marketingConfirmedAt),
  };
}

/** A person's line in the lead list: their latest submission, read as the visitor saw it. */
export function toSummary(lead: StoredLead): LeadSummary {
  const ratings = decodeRatings(lead.ratings);
  return {
    id: String(lead.id),
    email: lead.email,
    firstName: lead.firstName,
    ratings,
    pattern: summaryPatternOf(lead.ratings),
    submittedAt: iso(lead.submittedAt),
    ...weakAndStrong(ratings),
  };
}

export const toLeadList = (page: StoredLeadPage): LeadListResponse => ({ leads: page.leads.map(toSummary), nextCursor: page.nextCursor });

export function toDelivery(delivery: StoredDelivery): Delivery {
  return {
    id: String(delivery.id),
    channel: delivery.channel,
    event: delivery.event,
    webhookId: delivery.messageId,
    state: delivery.state,
    attempts: delivery.attempts,
    createdAt: iso(delivery.createdAt),
    lastAttemptAt: isoOrNull(delivery.lastAttemptAt),
    lastStatus: delivery.lastStatus,
    lastReply: delivery.lastReply,
    nextAttemptAt: delivery.state === 'pending' ? iso(delivery.nextAttemptAt) : null,
    erase: delivery.erase && {
      tool: isEmailTool(delivery.erase.tool) ? delivery.erase.tool : null,
      result: delivery.erase.result,
      retryable: delivery.erase.addressKept && delivery.state !== 'delivered',
    },
  };
}

/** A submission as the visitor saw it: every driver's rating, the summary's rule and text; with its consent and deliveries. */
function toSubmissionDetail(submission: StoredSubmission): SubmissionDetail {
  const drivers = ratedDrivers(submission.ratings);
  const summary = summarizePattern(drivers);
  return {
    submittedAt: iso(submission.submittedAt),
    ratings: coreDrivers.map((driver, index) => ({ driverId: driver.id, driver: driver.shortName, rating: (drivers[index] as RatedDriver).rating })),
    pattern: summary.rule,
    summary: summary.text,
    ...weakAndStrong(decodeRatings(submission.ratings)),
    consent: toConsent(submission),
    deliveries: submission.deliveries.map(toDelivery),
  };
}

/** A person's detail: named by their latest submission, every submission newest first. */
export function toLeadDetail({ email, submissions }: StoredLeadDetail): LeadDetail {
  const [latest] = submissions;
  const first = submissions[submissions.length - 1] ?? latest;
  return {
    id: String(latest.id),
    email,
    firstName: latest.firstName,
    firstSubmittedAt: iso(first.submittedAt),
    submissions: submissions.map(toSubmissionDetail),
  };
}

/** A page of the delivery list; each delivery names its lead by first name and masked address, enough to recognise them. */
export function toDeliveryPage(page: StoredDeliveries): Pick<DeliveriesResponse, 'counts' | 'oldestPendingAt' | 'deliveries' | 'nextCursor'> {
  return {
    counts: page.counts,
    oldestPendingAt: isoOrNull(page.oldestPendingAt),
    deliveries: page.deliveries.map((delivery) => ({
      ...toDelivery(delivery),
      leadId: delivery.submissionId === null ? null : String(delivery.submissionId),
      leadFirstName: delivery.leadFirstName,
      leadMaskedEmail: delivery.erase ? delivery.erase.maskedAddress : maskedEmail(delivery.leadEmail),
    })),
    nextCursor: page.nextCursor,
  };
}
