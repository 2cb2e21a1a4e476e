/**
 * The storage contract's part for the coach's dashboard (server/coach/): the leads listed, in
 * detail, erased and exported, the deliveries listed and retried, the counts of `stats`, a backup
 * (the rest of the contract: ./storage.ts, whose `Storage.dashboard` this is).
 */
import type { DeliveryChannel, DeliveryEvent, DeliveryFilter, DeliveryState, ToolEraseResult } from '../../src/shared/delivery-kinds';
import type { OutboxChannel, TimeRange, ToolEraseRow } from './storage';

/*
 * What these reads answer is storage's own: ids as numbers, times in ms, ratings as stored
 * ("123123123"). server/coach/ turns them into the dashboard's wire types (src/shared/coach-api/).
 */

/** A person's latest submission, as the lead list reads it (`id`: that submission's). */
export type StoredLead = { id: number; email: string; firstName: string; ratings: string; submittedAt: number };

export type StoredLeadPage = { leads: StoredLead[]; nextCursor: string | null };

/** One row of the outbox: a webhook event, the results e-mail or a contact for the e-mail tool. */
export type StoredDelivery = {
  id: number;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  /** The `webhook-id` header; for an e-mail, its Message-ID's left part. */
  messageId: string;
  state: DeliveryState;
  attempts: number;
  createdAt: number;
  /** When it is due (kept after it stops being pending: read it only while pending). */
  nextAttemptAt: number;
  lastAttemptAt: number | null;
  lastStatus: number | null;
  lastReply: string | null;
  /**
   * An erase told to the e-mail tool (event `erase`): the address masked, the tool it reached and what
   * it did (null until then), and whether the sealed address is still kept (cleared once done or given up).
   */
  erase: { maskedAddress: string; tool: string | null; result: ToolEraseResult | null; addressKept: boolean } | null;
};

/** A submission with its consent columns as stored (all null: stored before consent was recorded) and its deliveries, oldest first. */
export type StoredSubmission = StoredLead & {
  consentVersion: string | null;
  consentWording: string | null;
  /** Whether the marketing box was ticked; null when none was shown. */
  marketingConsent: boolean | null;
  marketingConfirmedAt: number | null;
  deliveries: StoredDelivery[];
};

/** A person: their address and every submission, newest first (never empty). */
export type StoredLeadDetail = { email: string; submissions: [StoredSubmission, ...StoredSubmission[]] };

/** A delivery of the list with its submission's id, first name and address ('' once erased). */
/** A delivery with its lead; an erase's lead is gone: `submissionId` null, and only `erase.maskedAddress` names them. */
export type StoredDeliveryWithLead = StoredDelivery & { submissionId: number | null; leadFirstName: string; leadEmail: string };

/** pending: the backlog (new and retrying); failing: the pending ones that failed at least once. */
export type DeliveryCounts = { pending: number; failing: number; gone: number; expired: number };

/**
 * `cursor`: for the list, the id of the last lead of the previous page; for a search, its e-mail
 * address (search results are in address order, so a page is the next stretch of the index).
 */
export type LeadListParams = TimeRange & { q: string; cursor: string | null; limit: number };

/** Name search has no index (one more would cost every stored lead a write): it looks at this many newest submissions. */
export const NAME_SEARCH_WINDOW = 50_000;

/** One person's line of the export: their latest submission, first and last time, how many. */
export type ExportRow = {
  email: string;
  first_name: string;
  ratings: string;
  created_at: number;
  updated_at: number;
  submissions: number;
  consent_version: string | null;
  consent_wording: string | null;
  marketing_consent: number | null;
  /** When the visitor confirmed the marketing consent (double opt-in), or null. */
  marketing_confirmed_at: number | null;
};

export type EraseResult = { leads: number; submissions: number; pendingDeliveries: number };

export type LeadStats = {
  leads: number;
  submissions: number;
  submissionsLast24h: number;
  submissionsLast7d: number;
  outbox: { pending: number; delivered: number; gone: number; expired: number; oldestPendingAgeMs: number | null };
};

export type DeliveryListParams = { filter: DeliveryFilter; cursor: number | null; limit: number };

/** A page of deliveries, newest first, with the counts of each state and when the oldest pending one was queued. */
export type StoredDeliveries = { counts: DeliveryCounts; oldestPendingAt: number | null; deliveries: StoredDeliveryWithLead[]; nextCursor: string | null };

/** `wiped`: an erase given up whose address is no longer kept (it cannot be sent again). */
export type RetryOutcome = { delivery: StoredDelivery } | { problem: 'not_found' | 'delivered' | 'wiped' };

/** What the coach's dashboard reads and does with the leads and their deliveries (server/coach/). */
export interface DashboardReads {
  listLeads(params: LeadListParams): Promise<StoredLeadPage>;
  /** A person with every submission, newest first, each with its deliveries. */
  leadDetail(id: number): Promise<StoredLeadDetail | null>;
  /** The e-mail address of the person a lead id (any of their submissions' ids) belongs to. */
  emailOfLead(id: number): Promise<string | null>;
  /**
   * Removes a person for good: every submission under the stored form of `email`, their deliveries,
   * their share of the aggregate; with `toolErase`, queues the e-mail tool's erase in the same
   * transaction (only when there was someone to erase).
   */
  eraseLead(email: string, toolErase?: ToolEraseRow): Promise<EraseResult>;
  /**
   * The export's rows in pages, newest person first (server/leads/export.ts writes the CSV); with a
   * period, the people whose latest submission falls in it. What is stored after it starts is left out.
   */
  exportRows(period?: TimeRange): AsyncIterable<ExportRow[]>;
  listDeliveries(params: DeliveryListParams): Promise<StoredDeliveries>;
  /**
   * Puts a delivery back in the queue, due now: a given-up one gets one more attempt; a pending one
   * is tried at once unless a round is sending it right now (then it is left to that round).
   */
  retryDelivery(id: number, now: number): Promise<RetryOutcome>;
  leadStats(now: number): Promise<LeadStats>;
  /** How many deliveries wait (new or retrying) on each channel: read from the index of pending rows, never the delivered ones. */
  pendingByChannel(): Promise<Record<OutboxChannel, number>>;
  /** How many submissions a period holds, and how many people (addresses) made them. */
  countInPeriod(period: TimeRange): Promise<{ leads: number; submissions: number }>;
  /** SQLite: a consistent copy in the new file `target` (VACUUM INTO: every lead committed before it began), true; Postgres: false (pg_dump). */
  writeBackup(target: string): Promise<boolean>;
}
