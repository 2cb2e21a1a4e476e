/** The texts of the audit log: what each entry records, and who did it. */
import type { AuditAction, AuditEntry } from '../../shared/coach-api/audit';
import { coachSettings, isSettingKey } from '../../shared/coach-settings';
import { formatShortDay } from '../format';

/** What an audit entry records, as the coach reads it. */
export const auditActionLabels: Record<AuditAction, string> = {
  sign_in: 'Signed in',
  sign_in_failed: 'Sign-in refused: wrong password, code or passkey',
  sign_out: 'Signed out',
  password_set: 'Password set',
  export: 'Leads downloaded (CSV)',
  erase: 'A person erased',
  delivery_retry: 'Delivery retried by hand',
  settings_changed: 'Settings changed',
  settings_restored: 'Settings restored',
  setup_failed: 'Set-up refused: wrong or old code',
  webhook_test: 'Test sent to the webhook',
  mail_test: 'Test e-mail sent',
  email_tool_test: 'Test contact sent to your e-mail tool',
  email_tool_deleted: 'The erased person deleted from your e-mail tool',
  email_tool_unsubscribed: 'The erased person unsubscribed in your e-mail tool (its API cannot delete): delete them there',
  email_tool_erase_failed: 'Your e-mail tool could not be told of an erase: remove the person there by hand',
  passkey_added: 'Passkey added',
  passkey_renamed: 'Passkey renamed',
  passkey_removed: 'Passkey removed',
  second_factor_on: 'Second factor turned on',
  second_factor_off: 'Second factor turned off',
  recovery_code_used: 'Signed in with a recovery code',
  password_reset_sent: 'Password-reset link sent',
  password_reset: 'Password reset from an e-mailed link',
  signed_out_others: 'Other browsers signed out',
  backup: 'Backup downloaded',
};

/** What an entry records, with the settings a change touched by their labels ("Settings changed: Your name, Course link"). */
export function auditWhat(entry: Pick<AuditEntry, 'action' | 'fields'>): string {
  const label = auditActionLabels[entry.action] ?? entry.action;
  const fields = (entry.fields ?? []).map((key) => (isSettingKey(key) ? coachSettings[key].label : key));
  return fields.length === 0 ? label : `${label}: ${fields.join(', ')}`;
}

/**
 * Who did it: the browser in words and the day it signed in ("Chrome on macOS, signed in 3 Nov", in
 * the coach's time zone, else the browser's), or the server's command line. Entries from before browsers were kept say so.
 */
export function auditActor(entry: Pick<AuditEntry, 'actor' | 'sessionId' | 'signedIn'>, timeZone?: string): string {
  if (entry.actor === 'command line') return 'Command line on the server';
  if (entry.actor === 'server') return 'The server, on its own';
  if (entry.signedIn) return `${entry.signedIn.browser}, signed in ${formatShortDay(entry.signedIn.at, timeZone)}`;
  return entry.sessionId === null ? 'Dashboard, not signed in' : 'Dashboard (which browser was not recorded then)';
}

export const auditCopy = {
  intro: (timeZone: string) =>
    `Every sign-in, download, erasure and change, newest first: what was done, from where, and when (times in ${timeZone}). A change of your settings shows what it was before and after (a secret only as changed). It never records a visitor’s address or name, or a search.`,
  tableCaption: 'Audit log entries, newest first',
  columns: { when: 'When', what: 'What', who: 'Who' },
  empty: 'Nothing recorded yet.',
} as const;
