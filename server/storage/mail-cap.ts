/**
 * How often one address may be sent the results e-mail, however many people submit it (from however
 * many clients and instances): at most once an hour and three times a day. Further submissions are
 * stored as usual, with no e-mail queued; the gate tells the visitor the e-mail is already on its way.
 * Both backends ask here, in the transaction that stores the submission, with the times the address's
 * earlier e-mails were queued (server/storage/{sqlite,postgres}/submissions.ts).
 */

const HOUR_MS = 60 * 60 * 1000;
export const MAIL_CAP = { spacingMs: HOUR_MS, perDay: 3, dayMs: 24 * HOUR_MS } as const;

/** Whether one more results e-mail may be queued at `now` for an address whose earlier ones were queued at `earlier`. */
export function mayQueueResultsEmail(earlier: readonly number[], now: number): boolean {
  const today = earlier.filter((at) => at > now - MAIL_CAP.dayMs);
  return today.length < MAIL_CAP.perDay && !today.some((at) => at > now - MAIL_CAP.spacingMs);
}
