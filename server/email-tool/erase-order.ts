/**
 * The order of an erased person and their next lead in the coach's e-mail tool. An erase waits for
 * the person's pushes already being sent (server/storage/, eraseLead); this is the other way round:
 * the same person takes the quiz again while their erase is still pending (the tool down, the erase
 * on a long backoff). Their new push must not reach the tool first, or the erase, sent later, would
 * remove the contact the new lead just made.
 *
 * So a push waits while an erase queued before it (a smaller row id) for the same address is still
 * pending; it is not an attempt (no backoff, nothing failing on the Deliveries screen) and goes once
 * the erase is over (delivered, refused or given up). Compared here, not in SQL: an erase keeps its
 * address only sealed. An erase whose address cannot be opened (the settings key changed) holds
 * nothing: it can never be sent (refused at its next attempt), so it can never remove a contact.
 */
import { normalizeEmail } from '../storage/email';

/** A pending erase as the round sees it: its row id, and its address opened (null: it cannot be). */
export type OpenedErase = { id: number; address: string | null };

/** The ids of the pushes (`rows`, erases among them are ignored) that wait for an earlier pending erase of their address. */
export function pushesHeldByErases(rows: readonly { id: number; event: string; email: string }[], erases: readonly OpenedErase[]): Set<number> {
  const erasedSince = new Map<string, number>();
  for (const { id, address } of erases) {
    if (address === null) continue;
    const key = normalizeEmail(address);
    erasedSince.set(key, Math.min(id, erasedSince.get(key) ?? id));
  }
  const held = rows.filter((row) => row.event !== 'erase' && (erasedSince.get(normalizeEmail(row.email)) ?? Infinity) < row.id);
  return new Set(held.map((row) => row.id));
}
