import type { Delivery } from '../shared/coach-api/deliveries';
import type { CoachErrorCode } from '../shared/coach-api/routes';
import { emailToolNames } from '../shared/email-tool-settings';
import { deliveriesCopy } from './content/deliveries';
import { formatDateTime } from './format';

/** A delivery's state in words: a pending one that already failed is "Retrying". */
export function deliveryStateLabel(delivery: Pick<Delivery, 'state' | 'attempts'>): string {
  const states = deliveriesCopy.states;
  if (delivery.state === 'pending') return delivery.attempts > 0 ? states.retrying : states.pending;
  return states[delivery.state];
}

/**
 * When a delivery is tried next, in words: its time, or none. While the e-mail tool is paused on a
 * refused key (`toolPaused`), nothing is sent to it whatever the time says: its deliveries wait for
 * a working key, or the coach's Retry now.
 */
export function nextAttemptWords(delivery: Pick<Delivery, 'channel' | 'state' | 'nextAttemptAt'>, toolPaused: boolean): string {
  if (delivery.nextAttemptAt === null) return deliveriesCopy.never;
  return toolPaused && delivery.channel === 'tool' && delivery.state === 'pending' ? deliveriesCopy.nextWaitsForKey : formatDateTime(delivery.nextAttemptAt);
}

/**
 * Where leads go, as the Deliveries screen says it: the webhook's address (`address`, shown as code
 * between `before` and `after`), the e-mail tool, both, or neither; `setUp` when nothing forwards them.
 */
export function whereLeadsGo(destination: string | null, emailTool: boolean): { before: string; address: string | null; after: string; setUp: boolean } {
  const copy = deliveriesCopy;
  if (destination !== null) return { before: `${copy.goTo} `, address: destination, after: emailTool ? ` ${copy.alsoToTool}.` : '.', setUp: false };
  if (emailTool) return { before: copy.toolGoTo, address: null, after: '', setUp: false };
  return { before: copy.forwardingOff, address: null, after: '', setUp: true };
}

/**
 * What a delivery is, in words: a webhook event, the results e-mail, a push to the e-mail tool, or an
 * erase told to it, named by the tool and, once done, what it did ("Erase in Kit: unsubscribed (...)").
 */
export function deliveryKind(delivery: Pick<Delivery, 'channel' | 'event'> & { erase?: Delivery['erase'] }): string {
  const erase = delivery.erase;
  if (erase?.tool) {
    const tool = emailToolNames[erase.tool];
    return erase.result === null ? deliveriesCopy.eraseIn(tool) : deliveriesCopy.eraseDone[erase.result](tool);
  }
  return (delivery.channel === 'tool' ? deliveriesCopy.toolKinds : deliveriesCopy.kinds)[delivery.event];
}

/**
 * Why a delivery's last try did not go through, in words; null when it went through or was never
 * tried. From what is kept of the answer: the status (HTTP or SMTP reply code), or none at all.
 */
export function failureReason(delivery: Pick<Delivery, 'state' | 'attempts' | 'lastStatus' | 'channel'> & { event?: Delivery['event'] }): string | null {
  const reasons = deliveriesCopy.reasons;
  if (delivery.state === 'delivered' || delivery.attempts === 0) return null;
  const status = delivery.lastStatus;
  if (delivery.channel === 'tool') {
    // An erase is over for good only when refused: a 4xx, or an address that no longer opens.
    if (delivery.event === 'erase' && delivery.state === 'gone') return status === null ? reasons.eraseUnopened : reasons.eraseRefused(status);
    if (status === null) return reasons.toolNoAnswer;
    if (status === 401 || status === 403) return reasons.toolKey(status);
    if (status === 429) return reasons.toolSlowDown;
    return status >= 400 && status < 500 ? reasons.toolRefused(status) : reasons.toolError(status);
  }
  if (delivery.channel === 'email') {
    if (status === null) return reasons.mailNoAnswer;
    // A refused recipient is gone; a refusal that is still pending was the sender's (server/mail/mailer.ts).
    if (status >= 500) return delivery.state === 'pending' ? reasons.mailSenderRefused(status) : reasons.mailRefused(status);
    return reasons.mailLater(status);
  }
  if (status === null) return reasons.noAnswer;
  if (status === 410) return reasons.gone;
  if (status >= 300 && status < 400) return reasons.redirect(status);
  if (status === 401 || status === 403) return reasons.signature(status);
  return status >= 500 ? reasons.serverError(status) : reasons.refused(status);
}

/** What a refused "Retry now" means for the coach: sent meanwhile, gone, not sendable again, or worth another try. */
export type RetryRefusal = 'delivered' | 'gone' | 'wiped' | 'failed';

/**
 * Why the server refused a retry (its status and error code; 0 and null: no answer): one that was
 * delivered meanwhile (400) or whose person was erased meanwhile (404) is not worth trying again,
 * which "Please try again" would have the coach do for ever.
 */
export function retryRefusal(status: number, code: CoachErrorCode | null): RetryRefusal {
  if (status === 400 && code === 'invalid_request') return 'delivered';
  if (status === 404) return 'gone';
  if (status === 409 && code === 'erase_address_wiped') return 'wiped';
  return 'failed';
}
