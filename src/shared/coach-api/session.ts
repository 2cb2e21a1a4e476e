/** Signing in and the first-run set-up: what the coach sends, and what the session says about the server. */

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

/** `resetByMail`: mail is on, so the sign-in screen offers "Forgot your password?". */
export type SetupStatus = { passwordSet: boolean; resetByMail: boolean };

/** POST /api/coach/setup: the code from the address's fragment, and the new password (at least 12 characters). */
export type SetupRequest = { code: string; password: string };
