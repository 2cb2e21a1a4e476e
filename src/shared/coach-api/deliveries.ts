/** The outbox as the coach sees it: each webhook event and results e-mail, its state, and retrying one. */
import type { DeliveryChannel, DeliveryEvent, DeliveryFilter, DeliveryState, ToolEraseResult } from '../delivery-kinds';
import type { EmailTool } from '../email-tool-settings';

export { deliveryFilters, type DeliveryChannel, type DeliveryEvent, type DeliveryFilter, type DeliveryState, type ToolEraseResult } from '../delivery-kinds';

/** One delivery of the outbox: a webhook event, or the results e-mail, of one submission. */
export type Delivery = {
  /** Opaque; use it with {@link retryDeliveryPath}. */
  id: string;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  /** The `webhook-id` header the receiver saw; for an e-mail, its Message-ID's left part. */
  webhookId: string;
  /**
   * pending: waiting (new, or failed and retrying; see `attempts`), delivered: a 2xx, gone: the
   * receiver answered 410 and it is not retried, expired: given up after three days of failures.
   */
  state: DeliveryState;
  attempts: number;
  createdAt: string;
  lastAttemptAt: string | null;
  /** HTTP status (webhook, e-mail tool) or SMTP reply code (e-mail) of the last attempt; null for none yet, no connection or a timeout. */
  lastStatus: number | null;
  /**
   * What the receiver or mail server said last, as checked plain text (at most 300 characters, no
   * address, no markup): an answer's body, an SMTP reply, or why there was none; null when none or delivered.
   */
  lastReply: string | null;
  /** When it is tried next; null unless pending. */
  nextAttemptAt: string | null;
  /**
   * An erased person told to the e-mail tool (event `erase`): the tool it reached (null before the
   * first attempt), what it did (null until done), and whether it can be retried (the sealed address
   * is wiped once done, refused or given up); null for every other delivery.
   */
  erase: { tool: EmailTool | null; result: ToolEraseResult | null; retryable: boolean } | null;
};


export type DeliveriesQuery = { state?: DeliveryFilter; cursor?: string; limit?: string };

/**
 * A delivery in the list, with its lead: the id (erasing a person removes their deliveries), the
 * first name and the address masked (src/shared/masked-email.ts), enough to recognise them; the
 * coach opens the lead for the rest. An erase's person is gone: no id, no first name (''), the
 * masked address only.
 */
export type DeliveryWithLead = Delivery & { leadId: string | null; leadFirstName: string; leadMaskedEmail: string };

/** GET /api/coach/deliveries?state=failing (the default). Newest first, both channels. */
export type DeliveriesResponse = {
  webhookConfigured: boolean;
  /** Where leads go now, without credentials or query values (src/shared/display-address.ts); null when forwarding is off. */
  destination: string | null;
  mailConfigured: boolean;
  /** The mail server refused the sender: its answer (e-mails wait until the mail settings change); null otherwise. */
  mailSenderRefused: string | null;
  /** Whether a coach's e-mail tool is set (its deliveries are sent). */
  emailToolConfigured: boolean;
  /** The e-mail tool refused the key in force: its status and answer, and since when (deliveries wait for a working key); null otherwise. */
  emailToolPaused: { status: number; detail: string; since: string } | null;
  /** pending: the backlog (new and retrying); failing: the pending ones that failed at least once. */
  counts: { pending: number; failing: number; gone: number; expired: number };
  /** Time of the oldest pending delivery, or null. */
  oldestPendingAt: string | null;
  deliveries: DeliveryWithLead[];
  nextCursor: string | null;
};

/** POST /api/coach/deliveries/:id/retry: scheduled now and the outbox woken; its new state. */
export type RetryDeliveryResponse = { delivery: Delivery };
