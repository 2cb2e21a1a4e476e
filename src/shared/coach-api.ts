/**
 * The coach API's contract: every route under /api/coach/, what it takes and what it answers.
 * Plain types and constants only (no runtime dependencies), shared by the server
 * (server/coach/) and the dashboard (src/coach/). Documented for people in server/docs/coach.md
 * ("The coach API").
 *
 * Conventions:
 * - Every route except `POST /api/coach/session` needs a valid session (the `__Host-` cookie set at
 *   sign-in); without one it answers 401 with a {@link CoachApiError}.
 * - Every state-changing request (POST, DELETE) must carry an `Origin` header equal to the site's
 *   own origin; otherwise 403 `forbidden_origin`. Browsers send it on their own with `fetch`.
 * - Dates in queries are calendar days `YYYY-MM-DD` in the analytics time zone (`timeZone` in the
 *   answers; UTC unless ANALYTICS_TIME_ZONE says otherwise); `from` and `to` are both included,
 *   at most 800 days apart. Without them the funnel and profiles cover the last 30 days up to
 *   today, and the lead list and CSV every lead (either may be given alone).
 * - Timestamps in answers are ISO 8601 strings in UTC (`2026-11-22T10:00:00.000Z`).
 * - Every answer is JSON (except the CSV) and sent with `Cache-Control: no-store`.
 */
import type { FunnelStep } from './funnel';
import type { Rating } from './constants';
import type { SettingKey, SettingProblem, SettingSource, SettingValues } from './coach-settings';
import type { Day } from './days';
import type { SummaryRuleId } from './insights';

/** Every route of the coach API. `:id` parts are filled in with the helpers below. */
export const coachApi = {
  /** POST signs in ({@link SignInRequest} → {@link SessionStatus}), GET says who is signed in, DELETE signs out (204). */
  session: '/api/coach/session',
  /** GET ?from&to → {@link FunnelResponse}. */
  funnel: '/api/coach/funnel',
  /** GET ?from&to → {@link OffersReport}. */
  offers: '/api/coach/offers',
  /** GET ?from&to → {@link ProfilesResponse}. */
  profiles: '/api/coach/profiles',
  /** GET ?q&from&to&cursor&limit → {@link LeadListResponse}. */
  leads: '/api/coach/leads',
  /** GET → {@link LeadDetail}; DELETE → {@link EraseResponse} (erases the person: every submission). */
  lead: '/api/coach/leads/:id',
  /** GET ?from&to → text/csv attachment (UTF-8 with BOM, the columns of `npm run coach -- export`). */
  leadsCsv: '/api/coach/leads.csv',
  /** GET ?state&cursor&limit → {@link DeliveriesResponse}. */
  deliveries: '/api/coach/deliveries',
  /** POST (no body) → {@link RetryDeliveryResponse}: tries that delivery again now. */
  retryDelivery: '/api/coach/deliveries/:id/retry',
  /** GET ?cursor&limit → {@link AuditLogResponse}: sign-ins, exports, erasures (who and when). */
  audit: '/api/coach/audit',
  /** GET → {@link WebhookStatus}: whether leads are forwarded, and where (the address is set with PATCH settings `webhookUrl`). */
  webhook: '/api/coach/webhook',
  /** POST (no body) → {@link WebhookTestResult}: a signed `webhook.test` event to the webhook in force, and its answer. */
  webhookTest: '/api/coach/webhook/test',
  /** POST (no body) → {@link NewWebhookSecret}: a new signing secret, stored sealed and shown this once. */
  webhookSecret: '/api/coach/webhook/secret',
  /** GET → {@link SettingsResponse}; PATCH {@link SettingsChangeRequest} → {@link SettingsResponse}. */
  settings: '/api/coach/settings',
  /** PUT the picture's bytes (PNG, JPEG or WebP, at most 1 MB) → {@link SettingsResponse}; DELETE removes it (→ SettingsResponse). */
  settingsPhoto: '/api/coach/settings/photo',
  /** GET ?cursor&limit → {@link SettingsVersionsResponse}: every kept version of the settings, newest first, with what each changed. */
  settingsVersions: '/api/coach/settings/versions',
  /** POST (no body) → {@link SettingsResponse}: the settings become exactly those of that version, as a new one (logged). */
  restoreSettings: '/api/coach/settings/versions/:revision/restore',
  /**
   * First run, before any password is set, and so without a session: GET → {@link SetupStatus};
   * POST {@link SetupRequest} → {@link SessionStatus} (signed in, with the cookie).
   */
  setup: '/api/coach/setup',
  /** GET → {@link MailStatus}: whether the results e-mail is on, through which server, and what is missing. */
  mail: '/api/coach/mail',
  /** POST (no body) → {@link MailTestResult}: a test e-mail to the sender's own address, and what the server answered; 409 `mail_not_configured` while off. */
  mailTest: '/api/coach/mail/test',
} as const;

export type CoachApiPath = (typeof coachApi)[keyof typeof coachApi];

/** The path of one lead (its `id` from the list). */
export const leadPath = (id: string) => `/api/coach/leads/${encodeURIComponent(id)}`;
/** The path that restores one version of the settings. */
export const restoreSettingsPath = (revision: number) => `/api/coach/settings/versions/${revision}/restore`;
/** The path that retries one delivery now. */
export const retryDeliveryPath = (id: string) => `/api/coach/deliveries/${encodeURIComponent(id)}/retry`;

/** Query strings: every value optional; `from`/`to` are `YYYY-MM-DD`. */
export type PeriodQuery = { from?: string; to?: string };

/** The longest period one query may ask for, in days (two years and some). */
export const MAX_PERIOD_DAYS = 800;
/** The period of the funnel and profiles when none is given, in days up to today. */
export const DEFAULT_PERIOD_DAYS = 30;

/** Refusals, always this shape. `field` names the bad query parameter or body field, if one. */
export type CoachApiError = {
  error: CoachErrorCode;
  message: string;
  field?: string | null;
  /** With 429: seconds until the next sign-in attempt is accepted (also in `Retry-After`). */
  retryAfterSeconds?: number;
};

export type CoachErrorCode =
  /** 400: a bad query parameter or body field (see `field`). */
  | 'invalid_request'
  /** 401: no valid session (never signed in, signed out, expired, or ended by a new password). */
  | 'unauthorized'
  /** 401: sign-in with a wrong password. */
  | 'wrong_password'
  /** 401: the password was right, and the second factor is on: send it again with `code`. */
  | 'second_factor_required'
  /** 401: a wrong (or already used) authenticator code or recovery code. */
  | 'wrong_code'
  /** 401: a passkey this site does not know, or whose answer does not check out. */
  | 'passkey_refused'
  /** 401: a password-reset link that is wrong or used already; `reset_link_expired` after its 30 minutes. */
  | 'wrong_reset_link'
  | 'reset_link_expired'
  /** 409: a backup asked for on Postgres, whose backups are the database's own. */
  | 'backup_elsewhere'
  /** 403: a state-changing request without the site's own `Origin`. */
  | 'forbidden_origin'
  /** 403: sign-in over plain http to a host other than localhost/127.0.0.1 (the cookie needs HTTPS). */
  | 'https_required'
  /** 404: no such lead, delivery or route. */
  | 'not_found'
  /** 409: sign-in before any password was set (`npm run coach -- set-password`). */
  | 'password_not_set'
  /** 409: a delivery retried or a test sent without a webhook in force (an address and a signing secret). */
  | 'webhook_not_configured'
  /** 409: a change to a setting the server's environment sets (it wins; `field` names the setting). */
  | 'set_by_server'
  /** 409: a secret stored on Postgres while SETTINGS_ENCRYPTION_KEY is not set (the message says how to make one). */
  | 'settings_key_missing'
  /** 409: a results e-mail retried, or a test e-mail asked for, while mail is off: set it on the settings screen (or SMTP_URL and MAIL_FROM). */
  | 'mail_not_configured'
  /** 409: the set-up screen was used after a password was set (sign in instead). */
  | 'password_already_set'
  /** 401: a set-up code that is not (or no longer) valid: wrong, or used already. */
  | 'wrong_setup_code'
  /** 401: a set-up code older than one hour. */
  | 'setup_code_expired'
  /** 429: too many failed sign-ins: slowed down (`locked: false`) or locked for a while. */
  | 'too_many_attempts'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'internal_error';

// --- Session -----------------------------------------------------------------------------------

/**
 * POST /api/coach/session, `Content-Type: application/json`. `code`: with the second factor on, a 6-digit code from the authenticator app or a recovery code;
 * without it the answer is 401 `second_factor_required` (the password was right: ask for the code).
 */
export type SignInRequest = { password: string; code?: string };

/** Answer of POST (200, with the cookie) and GET /api/coach/session. */
export type SessionStatus = {
  signedIn: true;
  /** The one account there is. */
  account: 'coach';
  /** When the session was started. */
  signedInAt: string;
  /** The session ends after this much inactivity... */
  idleTimeoutSeconds: number;
  /** ...and at this time in any case (maximum lifetime). */
  expiresAt: string;
  /** The analytics time zone (IANA name) in which days are counted. */
  timeZone: string;
  /** Whether lead forwarding is on: a webhook address and a signing secret are in force. */
  webhookConfigured: boolean;
  /** Whether the results e-mail is sent (a mail server and a sender: settings screen, or SMTP_URL and MAIL_FROM). */
  mailConfigured: boolean;
  /** SQLite: the dashboard offers a backup to download; Postgres: backups are the database's own. */
  backup: 'download' | 'database';
};

// --- Funnel ------------------------------------------------------------------------------------

export type StepCount = { step: FunnelStep; count: number };

/** Counts of every step, in funnel order (`funnelSteps` in ./funnel.ts), zeros included. */
export type StepCounts = Record<FunnelStep, number>;

export type FunnelDay = { date: string; counts: StepCounts };

/**
 * One traffic source: the UTM parameters of the page the run started on and the host of the page
 * that linked to it (an embedded quiz: the host page). `null`: none was given.
 */
export type FunnelSource = {
  utmSource: string | null;
  utmMedium: string | null;
  utmCampaign: string | null;
  referrerHost: string | null;
  counts: StepCounts;
};

/** GET /api/coach/funnel?from&to */
export type FunnelResponse = {
  from: string;
  to: string;
  timeZone: string;
  /** Every step in funnel order with its total in the period. Conversion and drop-off derive from these. */
  steps: StepCount[];
  /** One entry per day of the period, oldest first, every day present (zeros included). */
  daily: FunnelDay[];
  /** Sources, the most landings first; at most {@link FUNNEL_SOURCES_LIMIT}, the rest summed in `otherSources`. */
  sources: FunnelSource[];
  /** Counts of the sources beyond the limit, or null when there are none. */
  otherSources: StepCounts | null;
};

export const FUNNEL_SOURCES_LIMIT = 50;

// --- Profiles ----------------------------------------------------------------------------------

/** The summary rules of SPEC section 4 in their order (ids of `summaryRules` in src/shared/insights.ts). */
export const summaryPatterns = ['allWeak', 'allStrong', 'allNeutral', 'mostWeak', 'mostStrong', 'strongAndWeak', 'general'] as const;
export type SummaryPattern = (typeof summaryPatterns)[number];

export type DriverProfile = {
  driverId: number;
  /** The short name shown on the results page (no bracketed qualifier). */
  driver: string;
  /** How many submissions rated this driver 1, 2 and 3. Shares are these ÷ `submissions`. */
  ratings: Record<Rating, number>;
};

/** GET /api/coach/profiles?from&to. Counts submissions made in the period (a repeat visitor counts each time). */
export type ProfilesResponse = {
  from: string;
  to: string;
  timeZone: string;
  submissions: number;
  /** The nine drivers in driver order. */
  drivers: DriverProfile[];
  /** Every summary pattern in rule order with how many submissions showed it. */
  patterns: { pattern: SummaryPattern; count: number }[];
};

// --- Leads -------------------------------------------------------------------------------------

export type LeadListQuery = PeriodQuery & {
  /**
   * Search: the start of an e-mail address, or of a first name (names only among the newest 50,000
   * submissions; text with "@" searches addresses only). Results come in address order.
   */
  q?: string;
  /** `nextCursor` of the previous page (of the same search). */
  cursor?: string;
  /** 1 to 100, default 25. */
  limit?: string;
};

export const LEAD_PAGE_SIZE = 25;
export const LEAD_PAGE_MAX = 100;

export type WeakStrong = { weakDrivers: string[]; strongDrivers: string[] };

/** One person (one e-mail address) with their latest submission. */
export type LeadSummary = WeakStrong & {
  /** Opaque; use it with {@link leadPath}. Changes when the person submits again. */
  id: string;
  email: string;
  firstName: string;
  /** Ratings in driver order (nine values, 1-3). */
  ratings: Rating[];
  pattern: SummaryPattern;
  /** The latest submission's time. */
  submittedAt: string;
};

/**
 * GET /api/coach/leads: newest first (a search: by e-mail address). Without `from`/`to` every lead;
 * with them, the people whose latest submission falls in the period.
 */
export type LeadListResponse = {
  leads: LeadSummary[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
};

/**
 * What the visitor agreed to at the gate, and the double opt-in: the proof a coach keeps. Null when
 * nothing was recorded (a submission from before consent was recorded, or an API client that sent none).
 * No IP address or user agent is kept: the proof is the times, the wording's version and the wording.
 */
export type ConsentRecord = {
  /** The version of the gate's wording the page showed (a hash of it); null when the page sent none. */
  version: string | null;
  /** The exact wording shown, line by line; null when the server did not know that version. */
  wording: string | null;
  /** Whether the marketing box was ticked; null when no box was shown. */
  marketingConsent: boolean | null;
  /** When the visitor submitted the gate: the time of the request (the submission's time). */
  requestedAt: string;
  /** When they pressed the confirm button of the results e-mail; null until then (or when not asked). */
  confirmedAt: string | null;
};

export type DeliveryState = 'pending' | 'delivered' | 'gone' | 'expired';

/** Where a delivery goes: the coach's webhook, or the visitor's mailbox (the results e-mail). */
export type DeliveryChannel = 'webhook' | 'email';
/** What it carries: a webhook event (`lead.submitted`, `lead.confirmed`), or the results e-mail. */
export type DeliveryEvent = 'lead.submitted' | 'lead.confirmed' | 'results';

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
  /** HTTP status (webhook) or SMTP reply code (e-mail) of the last attempt; null for none yet, no connection or a timeout. */
  lastStatus: number | null;
  /** When it is tried next; null unless pending. */
  nextAttemptAt: string | null;
};

export type DriverRating = { driverId: number; driver: string; rating: Rating };

/** One submission as the visitor saw it on the results page. */
export type SubmissionDetail = WeakStrong & {
  submittedAt: string;
  ratings: DriverRating[];
  pattern: SummaryPattern;
  /** The "Your Unique Pattern" text the visitor read. */
  summary: string;
  consent: ConsentRecord | null;
  /** Its deliveries, oldest first: webhook events and the results e-mail (none when neither was on). */
  deliveries: Delivery[];
};

/** GET /api/coach/leads/:id */
export type LeadDetail = {
  id: string;
  email: string;
  firstName: string;
  firstSubmittedAt: string;
  /** Every submission of this person, newest first (the first is the profile the list shows). */
  submissions: SubmissionDetail[];
};

/** DELETE /api/coach/leads/:id: the person is gone (every submission and pending delivery). */
export type EraseResponse = { erased: { submissions: number; pendingDeliveries: number } };

// --- Deliveries --------------------------------------------------------------------------------

/**
 * `state` of GET /api/coach/deliveries: failing = pending after at least one failed attempt;
 * delivered = the receiver answered 2xx (newest first; not counted: that would read every row).
 */
export const deliveryFilters = ['failing', 'pending', 'delivered', 'gone', 'expired'] as const;
export type DeliveryFilter = (typeof deliveryFilters)[number];

export type DeliveriesQuery = { state?: DeliveryFilter; cursor?: string; limit?: string };

/**
 * A delivery in the list, with its lead: the id (erasing a person removes their deliveries), the
 * first name and the address masked (src/shared/masked-email.ts), enough to recognise them; the
 * coach opens the lead for the rest.
 */
export type DeliveryWithLead = Delivery & { leadId: string; leadFirstName: string; leadMaskedEmail: string };

/** GET /api/coach/deliveries?state=failing (the default). Newest first, both channels. */
export type DeliveriesResponse = {
  webhookConfigured: boolean;
  /** Where leads go now, without credentials or query values (src/shared/display-address.ts); null when forwarding is off. */
  destination: string | null;
  mailConfigured: boolean;
  /** The mail server refused the sender: its answer (e-mails wait until the mail settings change); null otherwise. */
  mailSenderRefused: string | null;
  /** pending: the backlog (new and retrying); failing: the pending ones that failed at least once. */
  counts: { pending: number; failing: number; gone: number; expired: number };
  /** Time of the oldest pending delivery, or null. */
  oldestPendingAt: string | null;
  deliveries: DeliveryWithLead[];
  nextCursor: string | null;
};

/** POST /api/coach/deliveries/:id/retry: scheduled now and the outbox woken; its new state. */
export type RetryDeliveryResponse = { delivery: Delivery };

// --- Audit log ---------------------------------------------------------------------------------

export type AuditAction =
  | 'sign_in'
  | 'sign_in_failed'
  | 'sign_out'
  | 'password_set'
  | 'export'
  | 'erase'
  | 'delivery_retry'
  /** A change on the settings screen; `fields` names the settings changed, `changes` says from what to what. */
  | 'settings_changed'
  /** An earlier version of the settings brought back (`restoredFrom`); `changes` as for a change. */
  | 'settings_restored'
  /** A wrong code on the first-run set-up screen. */
  | 'setup_failed'
  /** A test event sent to the webhook from the dashboard. */
  | 'webhook_test'
  /** "Send a test e-mail" on the settings screen (never the address or the server's answer). */
  | 'mail_test'
  /** "Send a test contact" to the coach's e-mail tool (never the address or the tool's answer). */
  | 'email_tool_test'
  /** The coach's door (server/coach/access/): passkeys, the second factor, resets, browsers, backups. */
  | 'passkey_added'
  | 'passkey_renamed'
  | 'passkey_removed'
  | 'second_factor_on'
  | 'second_factor_off'
  | 'recovery_code_used'
  | 'password_reset_sent'
  | 'password_reset'
  | 'signed_out_others'
  | 'backup';

/**
 * Who and when, and for the coach's own settings what: never a visitor's address or name, a search
 * or a client address.
 */
export type AuditEntry = {
  at: string;
  action: AuditAction;
  /** `dashboard` (with the session's number) or `command line`. */
  actor: 'dashboard' | 'command line';
  sessionId: number | null;
  /** The dashboard's browser in words and when it signed in; null signed out, or for entries from before these were kept. */
  signedIn: SignedInBrowser | null;
  /** What a settings change touched: the settings' keys (src/shared/coach-settings.ts); null for other actions. */
  fields: string[] | null;
  /** A settings change's old and new values (secrets only as changed); null for other actions, or once its versions are no longer kept. */
  changes: SettingChange[] | null;
  /** A restore: the version it brought back. */
  restoredFrom: number | null;
};

/** A signed-in browser as the audit log keeps it: "Chrome on macOS" (server/coach/access/browser-words.ts), signed in at `at`. */
export type SignedInBrowser = { browser: string; at: string };

/** One setting's change, as the coach reads it: "Your name: Sam → Dana". A secret's values are never sent. */
export type SettingChange = {
  field: string;
  /** The setting's label (its key, for one this version does not know). */
  label: string;
  /** The value before and after, as words; null: not set (the default applied). Both null for a secret. */
  from: string | null;
  to: string | null;
  secret: boolean;
};

/** One version of the settings: when, by whom, what it changed from the version before. */
export type SettingsVersion = {
  revision: number;
  at: string;
  /** null for the first version kept (the settings as they were when the history began). */
  actor: AuditEntry['actor'] | null;
  sessionId: number | null;
  signedIn: SignedInBrowser | null;
  restoredFrom: number | null;
  changes: SettingChange[];
  /** The settings in force now. */
  current: boolean;
};

/** GET /api/coach/settings/versions: newest first; `nextCursor` asks for older ones. */
export type SettingsVersionsResponse = { versions: SettingsVersion[]; nextCursor: string | null };

export type AuditLogResponse = { entries: AuditEntry[]; nextCursor: string | null };

// --- Settings ----------------------------------------------------------------------------------

/**
 * GET and PATCH /api/coach/settings: every setting of src/shared/coach-settings.ts with the value in
 * force and where it comes from. `environment`: set by the server's variable (`variables` names it),
 * read-only here. A secret's value is never sent: `null`, with `secretsSet` saying whether one is set.
 */
export type SettingsResponse = {
  values: SettingValues;
  sources: Record<SettingKey, SettingSource>;
  /** The environment variable of each setting that has one. */
  variables: Partial<Record<SettingKey, string>>;
  secretsSet: Partial<Record<SettingKey, boolean>>;
  /**
   * A secret the coach may see in a safe form, so it stays visible in its field once saved: the
   * webhook's address without its user name and password, each query value as "…"
   * (src/shared/display-address.ts). Absent while none is in force.
   */
  shown: Partial<Record<SettingKey, string>>;
  /** Where visitors' pages load the coach's picture from (our origin), or null. */
  photoUrl: string | null;
};

/** PATCH /api/coach/settings: only the settings to change; `null` puts one back to its default. */
export type SettingsChangeRequest = Partial<Record<SettingKey, unknown>>;

/** 400 of PATCH: the first problem as `field` and `message`, and every problem of the change. */
export type SettingsRefusal = CoachApiError & { problems: SettingProblem[] };

/** `resetByMail`: mail is on, so the sign-in screen offers "Forgot your password?". */
export type SetupStatus = { passwordSet: boolean; resetByMail: boolean };

/** POST /api/coach/setup: the code from the address's fragment, and the new password (at least 12 characters). */
export type SetupRequest = { code: string; password: string };

// --- Webhook test ------------------------------------------------------------------------------

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
// --- Mail --------------------------------------------------------------------------------------

/** GET /api/coach/mail: the results e-mail as it stands on this server, for the settings screen. */
export type MailStatus = {
  on: boolean;
  /** While off: what is missing, in the coach's words ("the sender address is not set"). */
  missing: string | null;
  /** The mail server without its password (`smtp://coach@smtp.example.com:587`), or null. */
  server: string | null;
  /** The sender in force, or null. */
  from: string | null;
  /** The mail server refused the sender (a 5xx to MAIL FROM): its answer; e-mails wait until the mail settings change. Null otherwise. */
  senderRefused: string | null;
};

/**
 * POST /api/coach/mail/test: one e-mail to the sender's own address, through a fresh connection to
 * the mail server in force, as the results e-mail is sent. `answer` is what the server said (its
 * reply, or why there was none), never the password.
 */
export type MailTestResult = {
  /** accepted: the server took it; refused: it refused the address for good; failed: anything else. */
  outcome: 'accepted' | 'refused' | 'failed';
  /** Where it stopped, as Nodemailer names it (ECONNECTION, ETIMEDOUT, ETLS, EAUTH, EENVELOPE, EMESSAGE, ...); null when accepted. */
  stage: string | null;
  server: string;
  to: string;
  /** The SMTP reply code, or null without one. */
  smtpCode: number | null;
  answer: string;
  durationMs: number;
  sentAt: string;
  /** The test e-mail's Message-ID, to find it in the mailbox or the server's log. */
  messageId: string;
};

/** GET /api/coach/offers?from&to: per offer (its id, or 'default') and pattern, who saw it, the leads under it, the clicks. */
export type OffersReport = {
  from: Day;
  to: Day;
  /** The coach's offers in force, in their order, by id and title (the default offer is not among them). */
  offers: { id: string; title: string }[];
  rows: { offer: string; pattern: SummaryRuleId; seen: number; leads: number; clicks: number }[];
};
