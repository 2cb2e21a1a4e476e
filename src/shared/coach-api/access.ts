/**
 * The coach API's routes for the door (server/coach/access/, for people: server/docs/coach.md,
 * "Signing in"): passkeys, the second factor, password reset by e-mail, a fresh set-up link,
 * signed-in browsers and the backup. The conventions of ./routes.ts hold (a session unless said
 * otherwise, the site's own Origin on every POST, PATCH and DELETE, errors as `CoachApiError`).
 */

export const coachAccessApi = {
  /** GET → {@link PasskeyList}; POST {@link AddPasskeyRequest} → {@link PasskeyList} (the ceremony's answer, checked against the challenge of `passkeyOptions`). */
  passkeys: '/api/coach/passkeys',
  /** POST (no body) → WebAuthn's creation options (JSON), for `startRegistration`. */
  passkeyOptions: '/api/coach/passkeys/options',
  /** PATCH {name} renames, DELETE removes (→ {@link PasskeyList}). */
  passkey: '/api/coach/passkeys/:id',
  /** No session: POST (no body) → WebAuthn's request options (JSON), for `startAuthentication`. */
  passkeySignInOptions: '/api/coach/passkeys/sign-in/options',
  /** No session: POST {response} → SessionStatus (signed in: a passkey counts as both factors). */
  passkeySignIn: '/api/coach/passkeys/sign-in',
  /** GET → {@link SecondFactorStatus}; POST {code} confirms the enrolment (→ {@link RecoveryCodes}); DELETE {password} turns it off. */
  secondFactor: '/api/coach/second-factor',
  /** POST (no body) → {@link TotpEnrolment}: a new secret to scan, kept until confirmed by a first code. */
  secondFactorEnrolment: '/api/coach/second-factor/enrolment',
  /** No session: POST {email} → {@link ResetRequested}, the same answer whether or not the address matched. */
  passwordReset: '/api/coach/password-reset',
  /** No session: POST {token, password} → 204: the password is set, every browser signed out. */
  passwordResetConfirm: '/api/coach/password-reset/confirm',
  /** POST {currentPassword, password} → SessionStatus: a new password; every other browser is signed out. */
  password: '/api/coach/password',
  /** No session, before any password is set: POST (no body) → 202, a fresh set-up address in the server's log. */
  setupLink: '/api/coach/setup/link',
  /** GET → {@link BrowserList}. */
  browsers: '/api/coach/browsers',
  /** POST (no body) → {@link SignedOutOthers}. */
  signOutOthers: '/api/coach/browsers/sign-out-others',
  /** GET → the database as one SQLite file (attachment); 409 `backup_elsewhere` on Postgres. */
  backup: '/api/coach/backup',
} as const;

export const passkeyPath = (id: string) => `/api/coach/passkeys/${encodeURIComponent(id)}`;

export type PasskeyEntry = { id: string; name: string; createdAt: string; lastUsedAt: string | null };
export type PasskeyList = { passkeys: PasskeyEntry[] };
/** `response`: what `startRegistration` of @simplewebauthn/browser resolved with. */
export type AddPasskeyRequest = { response: unknown; name: string };
export const PASSKEY_NAME_MAX_LENGTH = 60;

export type SecondFactorStatus = { on: boolean; enabledAt: string | null; recoveryCodesLeft: number };
/** The secret as text (to type in) and as the otpauth:// address a QR code carries. */
export type TotpEnrolment = { secret: string; uri: string };
/** Shown once: each works once, instead of a code. */
export type RecoveryCodes = { recoveryCodes: string[] };

export type ResetRequested = { message: string };

export type BrowserEntry = {
  id: number;
  /** In words: "Chrome on Linux". */
  browser: string;
  signedInAt: string;
  lastActiveAt: string;
  current: boolean;
};
export type BrowserList = { browsers: BrowserEntry[] };
export type SignedOutOthers = { signedOut: number };

/** What the backup section says: a download on SQLite, the database's own tools on Postgres. */
export type BackupKind = 'download' | 'database';
