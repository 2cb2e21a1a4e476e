import { withoutHiddenCharacters } from '../../src/shared/lead';

/**
 * The one form an e-mail address is stored and looked up in, so "Ana@Example.com " and
 * "ana@example.com" are one lead: trimmed, NFC, lower case, and without the hidden characters of the
 * Unicode policy (src/shared/lead.ts). The API refuses those before they get here; dropping them
 * too means an address stored before the policy (`bi-20<U+200B>@example.com`) and a pasted one
 * with such a character are the same person as the plain address.
 */
export function normalizeEmail(email: string): string {
  return withoutHiddenCharacters(email).trim().normalize('NFC').toLowerCase();
}
