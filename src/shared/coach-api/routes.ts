/**
 * The coach API's contract: every route under /api/coach/, how to fill in its `:id`, the period of
 * a query and the shape of every refusal. What each route takes and answers lives beside it, one
 * file per area in this folder (session, funnel, profiles, leads, deliveries, audit, settings,
 * webhook, mail, offers; the door's routes: ./access.ts). Plain types and constants only (no
 * runtime dependencies), shared by the server (server/coach/) and the dashboard (src/coach/).
 * Documented for people in server/docs/coach.md ("The coach API").
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
  /** 409: a webhook delivery retried, or a test sent, without a webhook in force (an address and a signing secret). */
  | 'webhook_not_configured'
  /** 409: a delivery retried while no channel is on (no webhook or e-mail tool in force, and mail off): nothing can be sent. */
  | 'no_channel_configured'
  /** 409: a change to a setting the server's environment sets (it wins; `field` names the setting). */
  | 'set_by_server'
  /** 409: a secret stored on Postgres while SETTINGS_ENCRYPTION_KEY is not set (the message says how to make one). */
  | 'settings_key_missing'
  /** 409: a delivery to the coach's e-mail tool retried while no tool is set (Settings, or EMAIL_TOOL). */
  | 'email_tool_not_configured'
  /** 409: an erase told to the e-mail tool retried after its address was wiped (done, refused or given up): remove the person there by hand. */
  | 'erase_address_wiped'
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
