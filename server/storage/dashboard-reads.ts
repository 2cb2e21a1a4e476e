/**
 * The storage contract's part for the coach's dashboard (server/coach/): the leads listed, in
 * detail, erased and exported, the deliveries listed and retried, the counts of `stats`, a backup
 * (the rest of the contract: ./storage.ts, whose `Storage.dashboard` this is).
 */
import type { DeliveriesResponse, Delivery, DeliveryFilter } from '../../src/shared/coach-api/deliveries';
import type { LeadDetail, LeadListResponse } from '../../src/shared/coach-api/leads';
import type { TimeRange } from './storage';

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

export type DeliveryListParams = { filter: DeliveryFilter; cursor: number | null; limit: number; webhookConfigured: boolean; mailConfigured?: boolean };
/** A page of deliveries as stored; the route adds where leads go now. */
export type StoredDeliveries = Omit<DeliveriesResponse, 'destination' | 'mailSenderRefused' | 'emailToolConfigured' | 'emailToolPaused'>;

export type RetryOutcome = { delivery: Delivery } | { problem: 'not_found' | 'delivered' };

/** What the coach's dashboard reads and does with the leads and their deliveries (server/coach/). */
export interface DashboardReads {
  listLeads(params: LeadListParams): Promise<LeadListResponse>;
  /** A person with every submission, newest first, each as the visitor saw it with its delivery. */
  leadDetail(id: number): Promise<LeadDetail | null>;
  /** The e-mail address of the person a lead id (any of their submissions' ids) belongs to. */
  emailOfLead(id: number): Promise<string | null>;
  /** Removes a person for good: every submission under the stored form of `email`, their deliveries, their share of the aggregate. */
  eraseLead(email: string): Promise<EraseResult>;
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
  /** How many submissions a period holds, and how many people (addresses) made them. */
  countInPeriod(period: TimeRange): Promise<{ leads: number; submissions: number }>;
  /** SQLite: a consistent copy in the new file `target` (VACUUM INTO: every lead committed before it began), true; Postgres: false (pg_dump). */
  writeBackup(target: string): Promise<boolean>;
}
