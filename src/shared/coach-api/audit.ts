/** The audit log, and the versions of the settings it keeps (what each change changed, to restore one). */

import type { AuditAction } from '../audit-actions';

export type { AuditAction } from '../audit-actions';

/**
 * Who and when, and for the coach's own settings what: never a visitor's address or name, a search
 * or a client address.
 */
export type AuditEntry = {
  at: string;
  action: AuditAction;
  /** `dashboard` (with the session's number), `command line`, or `server`: on its own (what the e-mail tool did with an erased person). */
  actor: 'dashboard' | 'command line' | 'server';
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
