/**
 * The coach's e-mail tool (Kit, MailerLite, Mailchimp, ActiveCampaign, Brevo): the one interface
 * every connector implements, and the words both sides of it share. A connector knows one vendor's
 * documented API (endpoints, authentication, upsert, tags or groups, error bodies) and nothing else:
 * when to push (the outbox's delivery loop, server/outbox/), how fast (the pacer, ./pacer.ts), which
 * labels a lead gets (./labels.ts) and where the settings come from are decided outside it.
 *
 * Every request goes through a `ToolHttp` given to the connector, which paces it to the vendor's
 * limit, bounds it in time, and connects only where the operator allows (server/outbound/). A
 * connector never logs: its answers carry what the dashboard shows, and never the contact's address
 * or name.
 */

/** The five tools, as `EMAIL_TOOL` names them. */
export const toolNames = ['kit', 'mailerlite', 'mailchimp', 'activecampaign', 'brevo'] as const;
export type ToolName = (typeof toolNames)[number];

/** Where and as whom to connect: from the environment (`EMAIL_TOOL*`) or the dashboard. */
export type ToolSettings = {
  tool: ToolName;
  apiKey: string;
  /** The API's base address, e.g. `https://api.kit.com`, `https://us21.api.mailchimp.com`, a test server. */
  apiUrl: string;
  /** The list, audience, group or form the contact joins, where the tool needs one (the tool's own id). */
  list: string | null;
};

/** What a confirmed (or, with the consent box off, submitted) lead becomes in the tool. */
export type ToolContact = {
  email: string;
  firstName: string | null;
  /** The labels (tags, groups, lists: the tool's nearest idea) the contact must have now. */
  labels: readonly string[];
  /**
   * Every label this app may ever set with the coach's current mapping. On a retake, the contact's
   * labels in this set that are not in `labels` are removed; labels the coach set by hand are left.
   */
  ownLabels: readonly string[];
  /** Custom fields to set, by the tool's field key (the coach picks it); the value is a rating in words. */
  fields: Readonly<Record<string, string>>;
  /** When the visitor confirmed the double opt-in (ms since epoch); null when the consent box is off. */
  confirmedAt: number | null;
};

/**
 * How a request or a push ended, as the delivery loop acts on it:
 * - `done`: the tool has it;
 * - `bad-key`: 401/403; the channel pauses and the dashboard says so until the settings change;
 * - `refused`: final for this contact (e.g. 422 invalid address), shown on the Deliveries screen;
 * - `slow-down`: 429, or the pacer found no slot before the attempt's deadline (status null: nothing
 *   was sent; `ToolHttp` threw `Paced`, ./pacer.ts, whose `waitMs` is `retryAfterMs`); try again after
 *   `retryAfterMs` (from `Retry-After` or a rate header), or back off when null;
 * - `retry`: anything else (5xx, a timeout, a refused connection): retried with backoff for 3 days.
 * `detail` is the tool's answer in a line the coach can read (bounded, no address, no name).
 */
export type ToolOutcome =
  | { kind: 'done'; detail: string }
  | { kind: 'bad-key'; status: number; detail: string }
  | { kind: 'refused'; status: number; detail: string }
  | { kind: 'slow-down'; status: number | null; retryAfterMs: number | null; detail: string }
  | { kind: 'retry'; status: number | null; detail: string };

/** An erase also says what the tool could do: delete the contact, or only unsubscribe it. */
export type EraseOutcome = ToolOutcome & { how: 'deleted' | 'unsubscribed' | 'absent' };

/** A list, audience, group or form the coach may pick, from the tool's own answer. */
export type ToolList = { id: string; name: string };

/** The vendor's documented limit, which the pacer keeps under. */
export type ToolLimit = {
  /** At most this many requests per `perMs`... */
  requests: number;
  perMs: number;
  /** ...and this many at once from one instance... */
  concurrent: number;
  /**
   * ...and, where the vendor limits its connections at once (Mailchimp: 10 per key), this many at
   * once from every instance together (held in storage: server/storage/pace.ts).
   */
  connections?: number;
  /** Counted per API key, or per account (ActiveCampaign: shared by every key of the account). */
  scope: 'key' | 'account';
};

/** One HTTP request to the tool, already paced, bounded and guarded; JSON in and out. */
export type ToolRequest = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Path and query after the base address, e.g. `/v4/subscribers?email_address=...`. */
  path: string;
  headers?: Readonly<Record<string, string>>;
  body?: unknown;
};
/** Header names in lower case; `body` parsed JSON, or the text when it is not JSON (Kit's bare `Retry later`), or null when empty. */
export type ToolResponse = { status: number; headers: Readonly<Record<string, string>>; body: unknown };
/**
 * The server's is ./http.ts. It returns every answer, a 429 included, and throws when there was
 * none: `Paced` (./pacer.ts: no slot under the vendor's limit before the attempt's deadline, nothing
 * sent: make it `slow-down` after its `waitMs`), `OutboundRefused` (server/outbound/connect.ts: the
 * dashboard's address is not allowed; its message says why), or a network error or timeout (`retry`).
 */
export type ToolHttp = (request: ToolRequest) => Promise<ToolResponse>;

export interface EmailToolConnector {
  readonly tool: ToolName;
  readonly limit: ToolLimit;
  /** Whether a list is needed, and what the tool calls it ("form", "group", "audience", "list"). */
  readonly listWord: string | null;
  /** The account the key belongs to, for the settings screen ("Sam's Coaching (sam@…)"). */
  account(): Promise<{ ok: true; name: string } | { ok: false; outcome: Exclude<ToolOutcome, { kind: 'done' }> }>;
  /** What the coach may pick as `list`, fetched live. */
  lists(): Promise<{ ok: true; lists: ToolList[] } | { ok: false; outcome: Exclude<ToolOutcome, { kind: 'done' }> }>;
  /** Create or update the contact, subscribed, with its labels and fields; removes its stale own labels. */
  upsert(contact: ToolContact): Promise<ToolOutcome>;
  /** Delete the contact where the API can, unsubscribe it where it cannot. */
  erase(email: string): Promise<EraseOutcome>;
}

/** How each tool is built: its settings and the paced, guarded HTTP its requests go through. */
export type ConnectorFactory = (settings: ToolSettings, http: ToolHttp) => EmailToolConnector;
