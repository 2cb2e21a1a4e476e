/** Forwarding leads to the coach's e-mail tool: its state, a new signing secret, and a test send. */
import type { SettingSource } from '../coach-settings';

/** How a test send ended: what the coach is told first. */
export type WebhookTestOutcome =
  /** A 2xx: the receiver took it, as it will take leads. */
  | 'delivered'
  /** Any other answer but a redirect (a lead would be retried; 410 stops a lead for good). */
  | 'refused'
  /** A 3xx: never followed, the address should be the final one. */
  | 'redirect'
  /** No answer within the attempt's time limit (the same as for leads). */
  | 'timeout'
  /** No connection: a wrong host name, nothing listening, a TLS error. */
  | 'unreachable'
  /** Not sent: the address is one the server may not connect to (OUTBOUND_ALLOWED_HOSTS); `blocked` says why. */
  | 'blocked';

/** POST /api/coach/webhook/test: what the receiver answered. Its body is text to show, never HTML. */
export type WebhookTestResult = {
  outcome: WebhookTestOutcome;
  /** Where it went, without credentials or query values (src/shared/display-address.ts). */
  destination: string;
  /** The receiver's HTTP status; null when it never answered. */
  status: number | null;
  /** From sending to the end of the answer (or the time limit), in milliseconds. */
  durationMs: number;
  /** The start of the answer's body as text: at most {@link WEBHOOK_TEST_BODY_LIMIT} characters. */
  body: string;
  bodyTruncated: boolean;
  /** A redirect's Location header, shown like the destination; null otherwise. */
  location: string | null;
  /** Why nothing was sent (outcome `blocked`): the host, what kind of address it is, how the operator allows it; null otherwise. */
  blocked: string | null;
  /** The `webhook-id` the receiver saw, and when it was sent. */
  webhookId: string;
  sentAt: string;
};

export const WEBHOOK_TEST_BODY_LIMIT = 2000;

/** GET /api/coach/webhook: forwarding's state, each part with where its value comes from. */
export type WebhookStatus = {
  /** Leads are forwarded: an address and a signing secret are both in force. */
  configured: boolean;
  /** The address in force as the coach may see it (no credentials, query values hidden); null when none. */
  destination: string | null;
  /** Where the address comes from; `environment`: LEAD_WEBHOOK_URL, read-only here. */
  addressSource: SettingSource;
  /** Whether a signing secret is in force, and where it comes from (LEAD_WEBHOOK_SECRET wins). */
  secretSet: boolean;
  secretSource: SettingSource;
};

/** POST /api/coach/webhook/secret: the new secret, shown this once (paste it into the e-mail tool). */
export type NewWebhookSecret = { secret: string; status: WebhookStatus };
