/**
 * An erased person told to the coach's e-mail tool, as a delivery of the tool channel
 * (./tool-outbox.ts): deleted where the tool's API can delete, unsubscribed where it cannot (Kit).
 *
 * The erase queues an outbox row of event `erase` in its own transaction (server/storage/, `ToolEraseRow`):
 * the only thing it keeps of the person is their address, sealed with the settings' key
 * (server/settings/secret-box.ts), and its masked form for the Deliveries screen. The row is sent,
 * leased and retried like any other push for three days, once the person's pushes being sent have
 * ended (so no upsert lands after it); a push the person makes later waits for it (./erase-order.ts).
 * The tool's 404 counts as done. Once done, refused or given up, the sealed address is wiped, and the
 * audit log says what the tool did.
 */
import type { AuditAction } from '../../src/shared/audit-actions';
import type { ToolEraseResult } from '../../src/shared/delivery-kinds';
import { maskedEmail } from '../../src/shared/masked-email';
import type { Attempt } from '../outbox/delivery-loop';
import type { SecretBox } from '../settings/secret-box';
import type { DueRow, OutboxUpdate, ToolEraseRow } from '../storage/storage';
import type { EraseOutcome, ToolName } from './connector';
import { type SettingsInForce, toolInForce } from './in-force';

/** What a sealed erase address is bound to (the AEAD's associated data): it opens as nothing else. */
const SEALED_FOR = 'email-tool-erase';

/** The row an erase queues: the address sealed, and masked; null when there is no key to seal with (Postgres without SETTINGS_ENCRYPTION_KEY). */
export function toolEraseRow(secrets: SecretBox, email: string, now: number): ToolEraseRow | null {
  if (!secrets.hasKey) return null;
  return { sealedAddress: secrets.seal(email, SEALED_FOR), maskedAddress: maskedEmail(email), now };
}

/** The command line's erase (server/cli/): its row when a tool is set and there is a key; the server's loop sends it (at its next look, within a minute). */
export function commandLineEraseRow(settings: SettingsInForce, secrets: SecretBox, email: string, now: number): ToolEraseRow | undefined {
  return toolInForce(settings).ok ? (toolEraseRow(secrets, email, now) ?? undefined) : undefined;
}

/** The address of an erase row; null when it cannot be opened (wiped, or sealed with another key). */
export function eraseAddressOf(secrets: SecretBox, row: Pick<DueRow, 'erase_address'>): string | null {
  if (row.erase_address === null) return null;
  try {
    return secrets.open(row.erase_address, SEALED_FOR);
  } catch {
    return null;
  }
}

/** An erase whose address cannot be opened can never be sent: refused for good (the coach removes the person by hand). */
export const unopenedErase: Attempt = {
  result: 'refused',
  status: null,
  reply: 'The address could not be opened (the settings key changed): remove the person in your e-mail tool by hand.',
};

/** What the tool's answer to an erase makes of the row; `attemptOf` (./tool-outbox.ts) decides the rest. */
export function eraseAttemptOf(attempt: Attempt, outcome: EraseOutcome, tool: ToolName): Attempt {
  return { ...attempt, erased: { tool, result: outcome.kind === 'done' ? outcome.how : null } };
}

/** What the audit log says once an erase is over: what the tool did, or that it could not be told. */
export function eraseAuditOf(update: Pick<OutboxUpdate, 'row' | 'state' | 'erased'>): AuditAction | null {
  if (update.row.event !== 'erase' || update.state === 'pending') return null;
  if (update.state !== 'delivered') return 'email_tool_erase_failed';
  return auditOfResult[update.erased?.result ?? 'deleted'];
}

/** A contact the tool did not have is as good as deleted. */
const auditOfResult: Record<ToolEraseResult, AuditAction> = {
  deleted: 'email_tool_deleted',
  absent: 'email_tool_deleted',
  unsubscribed: 'email_tool_unsubscribed',
};
