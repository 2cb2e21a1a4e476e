/** The audit log, and the versions of the settings it keeps (what each change changed, to restore one). */

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
  /** An erase told to the e-mail tool: the contact deleted there (or not there), only unsubscribed (the tool cannot delete by API), or not reached. */
  | 'email_tool_deleted'
  | 'email_tool_unsubscribed'
  | 'email_tool_erase_failed'
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
