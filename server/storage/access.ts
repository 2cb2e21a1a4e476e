/**
 * The storage contract's part for the coach's door (server/coach/): the first-run set-up codes,
 * passkeys, the WebAuthn challenges of sign-ins and enrolments in progress, the second factor (a
 * TOTP secret, sealed, and recovery codes, hashed), password-reset links (hashed) and the
 * signed-in browsers. Both backends
 * implement it (server/storage/{sqlite,postgres}/access.ts); so every instance sees the same.
 *
 * Nothing here is a secret in the clear: a passkey's public key is public, a challenge is stored by
 * its SHA-256, a TOTP secret only sealed (server/settings/secret-box.ts), a recovery code and a
 * reset token only by their SHA-256.
 */

/** A first-run set-up code as stored: only its SHA-256, and when it stops working. */
export type StoredSetupCode = { hash: string; expiresAt: number };

export interface SetupCodeTable {
  insert(hash: string, expiresAt: number): Promise<void>;
  find(hash: string): Promise<StoredSetupCode | null>;
  /**
   * In one transaction: when no password is set and the code is stored and in its hour, stores the
   * password hash and removes every code (and session). `password_set`: one was set meanwhile.
   */
  use(hash: string, passwordHash: string, now: number): Promise<'set' | 'wrong' | 'expired' | 'password_set'>;
}

/** A passkey as stored: WebAuthn's credential id and public key (base64url), its signature counter. */
export type StoredPasskey = {
  id: string;
  publicKey: string;
  counter: number;
  /** The authenticator's transports as it reported them (usb, internal, hybrid...). */
  transports: string[];
  name: string;
  createdAt: number;
  lastUsedAt: number | null;
};

export type ChallengePurpose = 'register' | 'sign_in';

/** The second factor's row: the secret in force and one being enrolled, both sealed. */
export type StoredSecondFactor = {
  /** The TOTP secret in force (sealed); null while the second factor is off. */
  secret: string | null;
  /** A secret shown for enrolment and not yet confirmed by a first code (sealed), or null. */
  pending: string | null;
  enabledAt: number | null;
  /** The last TOTP time step used to sign in: a code of this step or an earlier one is refused (no replay). */
  lastStep: number;
  /** Recovery codes not used yet. */
  recoveryCodesLeft: number;
};

/** A signed-in browser: its session and the browser's description in words ("Chrome on Linux"). */
export type SignedInBrowser = { id: number; browser: string; createdAt: number; lastSeenAt: number; expiresAt: number };

export interface AccessTable {
  // Passkeys
  addPasskey(passkey: StoredPasskey): Promise<void>;
  listPasskeys(): Promise<StoredPasskey[]>;
  passkey(id: string): Promise<StoredPasskey | null>;
  /** After a sign-in with it: its new counter and when. False when it was removed meanwhile. */
  usePasskey(id: string, counter: number, now: number): Promise<boolean>;
  renamePasskey(id: string, name: string): Promise<boolean>;
  removePasskey(id: string): Promise<boolean>;

  // WebAuthn challenges, single use
  /** Stores a challenge (by its hash) until `expiresAt`, and forgets the expired ones. */
  addChallenge(hash: string, purpose: ChallengePurpose, expiresAt: number, now: number): Promise<void>;
  /** Uses a challenge once: true when it was stored for this purpose and is not expired; it is gone either way. */
  takeChallenge(hash: string, purpose: ChallengePurpose, now: number): Promise<boolean>;

  // The second factor
  readSecondFactor(): Promise<StoredSecondFactor>;
  /** Keeps a new secret (sealed) to enrol, replacing one still pending; the one in force is untouched. */
  startEnrolment(sealedSecret: string): Promise<void>;
  /**
   * In one transaction: the pending secret becomes the one in force (with `step` as the last used),
   * the recovery codes are replaced by these hashes, and every session but `keepSession` ends.
   * False when nothing was pending (enrolled on another instance, or never started).
   */
  confirmEnrolment(pending: string, recoveryCodeHashes: string[], step: number, keepSession: number, now: number): Promise<boolean>;
  /** Uses a TOTP time step: true when it is later than the last one used (a code works once). */
  useStep(step: number): Promise<boolean>;
  /** Uses a recovery code once: true when it was stored and unused. */
  useRecoveryCode(hash: string, now: number): Promise<boolean>;
  /** Turns the second factor off: secret, pending secret and recovery codes gone. */
  clearSecondFactor(): Promise<void>;

  // Password-reset links
  /** Stores a reset link's token hash until `expiresAt` (and forgets the expired ones). */
  addResetToken(hash: string, expiresAt: number, now: number): Promise<void>;
  /**
   * In one transaction: a live, unused reset token sets the password hash, ends every session and
   * every reset token. `wrong`: unknown or used; `expired`: past its time.
   */
  useResetToken(hash: string, passwordHash: string, now: number): Promise<'set' | 'wrong' | 'expired'>;

  // Signed-in browsers
  listBrowsers(now: number, idleBefore: number): Promise<SignedInBrowser[]>;
  /** Ends every session but this one; how many ended. */
  endOtherSessions(keep: number): Promise<number>;
}
