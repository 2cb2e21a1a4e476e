/**
 * The one storage contract. Everything the server keeps goes through it: leads (submissions and
 * their Idempotency-Keys), the webhook outbox, the coach's password, sessions and audit log, the
 * funnel counts and the profile aggregate, and the dashboard's reads. Two backends implement it:
 * SQLite under DATA_DIR (server/storage/sqlite-storage.ts, the default) and Postgres for several
 * instances (server/storage/postgres/postgres-storage.ts, with DATABASE_URL). The same contract
 * tests run against both (server/storage/contract.test.ts).
 */
import type {
  AuditAction,
  AuditEntry,
  DeliveriesResponse,
  DeliveryFilter,
  FunnelResponse,
  LeadDetail,
  LeadListResponse,
} from '../../src/shared/coach-api';
import type { Lead } from '../../src/shared/lead';
import type { Day } from '../analytics/days';
import type { CountKey } from '../analytics/events';
import type { Actor } from '../coach/audit';
import type { RetryOutcome } from '../coach/deliveries';
import type { LeadListParams, TimeRange } from '../coach/leads-query';
import type { CsvChunk, EraseResult, LeadStats } from '../leads/admin';
import type { ConsentRecord } from '../leads/consent';
import type { SubmitResult } from './lead-db';
import type { ProfileTotals } from './profile-aggregate';
import type { SetupCodeTable } from '../coach/setup-code';
import type { SettingsTable } from '../settings/settings-table';

/** An outbox row due for delivery, with what its payload is built from. */
export type DueRow = {
  id: number;
  webhook_id: string;
  attempts: number;
  created_at: number;
  email: string;
  first_name: string;
  ratings: string;
  submitted_at: number;
  public_id: string;
  consent_version: string | null;
  consent_wording: string | null;
  marketing_consent: number | null;
  /** The claim this round holds on the row (see OutboxQueue.claimDue). */
  lease: string | null;
};

/** What a delivery attempt changes: a final state, or the next attempt's time. */
export type OutboxUpdate = {
  row: DueRow;
  state: 'delivered' | 'gone' | 'expired' | 'pending';
  /** For `pending`: when to try again. */
  nextAttemptAt: number | null;
  status: number | null;
  now: number;
};

/**
 * The outbox's queue. On Postgres several instances share it: `claimDue` takes rows with
 * `FOR UPDATE SKIP LOCKED` and leases them (their next attempt moves `leaseMs` ahead), so no other
 * instance sends them meanwhile; a crashed instance's rows come due again when the lease ends.
 */
export interface OutboxQueue {
  claimDue(now: number, limit: number, leaseMs: number): Promise<DueRow[]>;
  /** Records a round's outcomes in one transaction; a row whose lease was lost is left alone. */
  record(updates: OutboxUpdate[]): Promise<void>;
  /** When the next pending row falls due, or null when none is pending. */
  nextDueAt(): Promise<number | null>;
}

/** One funnel counter: a day, a step and a source, and how many events to add. */
export type FunnelCount = { day: Day; key: CountKey; count: number };

export type Session = { id: number; createdAt: number; lastSeenAt: number; expiresAt: number };

/** The coach's sessions as stored: only a hash of each token (server/coach/sessions.ts decides). */
export interface SessionTable {
  /** Stores a session (and sweeps the ones expired by `expiredBefore`/`idleBefore`); returns its id. */
  insert(tokenHash: string, now: number, expiresAt: number, idleBefore: number): Promise<number>;
  byTokenHash(tokenHash: string): Promise<Session | null>;
  touch(id: number, now: number): Promise<void>;
  delete(id: number): Promise<void>;
}

export type DeliveryListParams = { filter: DeliveryFilter; cursor: number | null; limit: number; webhookConfigured: boolean };

export interface Storage {
  readonly backend: 'sqlite' | 'postgres';

  /** Stores a validated lead; resolves once it is committed (or was stored before under its key). */
  submit(lead: Lead, idempotencyKey?: string, consent?: ConsentRecord): Promise<SubmitResult>;
  readonly outbox: OutboxQueue;

  readPasswordHash(): Promise<string | null>;
  /** Stores a new password hash and ends every session, in one transaction. */
  storePasswordHash(hash: string, now: number): Promise<void>;
  readonly sessions: SessionTable;
  /** The first-run set-up codes (server/coach/setup-code.ts). Setting a password ends them all. */
  readonly setupCodes: SetupCodeTable;
  /** The coach's settings and pictures (server/settings/). */
  readonly settings: SettingsTable;
  recordAudit(action: AuditAction, who: Actor, now: number): Promise<void>;
  listAudit(before: number | null, limit: number): Promise<{ entries: AuditEntry[]; nextCursor: string | null }>;

  /** Adds counts to the funnel tables in one transaction. */
  addFunnelCounts(rows: FunnelCount[]): Promise<void>;
  readFunnel(from: Day, to: Day, timeZone: string): Promise<FunnelResponse>;
  readProfileTotals(from: Day, to: Day): Promise<ProfileTotals>;

  listLeads(params: LeadListParams): Promise<LeadListResponse>;
  leadDetail(id: number): Promise<LeadDetail | null>;
  emailOfLead(id: number): Promise<string | null>;
  eraseLead(email: string): Promise<EraseResult>;
  /** The CSV export (server/leads/admin.ts) in chunks: streamed, or written out by `writeCsv`. */
  csvChunks(period?: TimeRange): AsyncIterable<CsvChunk>;
  listDeliveries(params: DeliveryListParams): Promise<DeliveriesResponse>;
  retryDelivery(id: number, now: number): Promise<RetryOutcome>;
  leadStats(now: number): Promise<LeadStats>;

  /** Stores what is queued and closes the connection(s). */
  close(): Promise<void>;
}

/** A storage error that means "another process holds the lock; try again later" (SQLite only). */
export const isLockedError = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';
