/** What the audit log records: the coach's actions (never a visitor's). Stored as these words; the dashboard shows them. */
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
