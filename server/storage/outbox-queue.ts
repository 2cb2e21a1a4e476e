/**
 * The outbox's queue, every channel's (server/outbox/delivery-loop.ts): the rows a round claims, what
 * an attempt changes, and the erase an erased person leaves for the e-mail tool. Part of the storage
 * contract (./storage.ts re-exports it); each backend's SQL is in its `outbox.ts`.
 */
import type { ToolEraseResult } from '../../src/shared/delivery-kinds';
import type { OutboxEvent } from './storage';

/** An outbox row due for delivery, with what its payload is built from. */
export type DueRow = {
  id: number;
  /** The delivery's id, the same on every attempt: the webhook's `webhook-id`; for an e-mail, the left part of its Message-ID. */
  message_id: string;
  event: OutboxEvent;
  submission_id: number;
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
  /** When the visitor confirmed their marketing consent from the results e-mail, or null. */
  marketing_confirmed_at: number | null;
  /** The same person's submission before this one (for "what changed"), or null. */
  previous_ratings: string | null;
  previous_submitted_at: number | null;
  /** The claim this round holds on the row (see OutboxQueue.claimDue). */
  lease: string | null;
  /**
   * An `erase` row's address, sealed (server/email-tool/tool-erase.ts); null for every other row.
   * An erase has no submission: its submission columns are empty ('', 0, null).
   */
  erase_address: string | null;
};

/** What a delivery attempt changes: a final state, or the next attempt's time. */
export type OutboxUpdate = {
  row: DueRow;
  state: 'delivered' | 'gone' | 'expired' | 'pending';
  /** For `pending`: when to try again. */
  nextAttemptAt: number | null;
  status: number | null;
  /** The last attempt's technical answer, checked (server/outbox/reply-text.ts); null once delivered. */
  reply: string | null;
  now: number;
  /** An `erase` row's attempt: the tool it reached, and what that tool did once done (null before). Once the row is no longer pending its address is wiped. */
  erased?: { tool: string; result: ToolEraseResult | null };
};

/**
 * An erased person to tell the e-mail tool, queued in the erase's own transaction (so the erase and
 * the promise to tell the tool are one): the address sealed (only the tool channel opens it), masked
 * for the Deliveries screen. It falls due once every push of that person's being sent has ended
 * (their leases), so no earlier upsert can land after it.
 */
export type ToolEraseRow = { sealedAddress: string; maskedAddress: string; now: number };

/** An `erase` row still pending (not yet delivered, refused or given up): its id, and its address sealed. */
export type PendingErase = { id: number; erase_address: string };

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
  /**
   * The `erase` rows still pending on this queue, oldest first (only the e-mail tool's has any): a push
   * waits while an earlier erase of its address is pending (server/email-tool/erase-order.ts).
   */
  pendingErases(): Promise<PendingErase[]>;
}
