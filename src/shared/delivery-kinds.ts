/** What a delivery of the outbox is: where it goes, what it carries, its state, and the filters of the dashboard's list. */

/**
 * pending: waiting (new, or failed and retrying), delivered: a 2xx, gone: the receiver answered 410
 * (or the mail server refused the address) and it is not retried, expired: given up after three days of failures.
 */
export type DeliveryState = 'pending' | 'delivered' | 'gone' | 'expired';

/** Where a delivery goes: the coach's webhook, the visitor's mailbox (the results e-mail), or the coach's e-mail tool. */
export type DeliveryChannel = 'webhook' | 'email' | 'tool';
/** What it carries: a webhook event (`lead.submitted`, `lead.confirmed`), the results e-mail, or an erased person told to the e-mail tool (`erase`). */
export type DeliveryEvent = 'lead.submitted' | 'lead.confirmed' | 'results' | 'erase';

/** What the e-mail tool did with an erased person: deleted them, only unsubscribed them (its API cannot delete: Kit), or had no such contact. */
export const toolEraseResults = ['deleted', 'unsubscribed', 'absent'] as const;
export type ToolEraseResult = (typeof toolEraseResults)[number];

/**
 * `state` of GET /api/coach/deliveries: failing = pending after at least one failed attempt;
 * delivered = the receiver answered 2xx (newest first; not counted: that would read every row).
 */
export const deliveryFilters = ['failing', 'pending', 'delivered', 'gone', 'expired'] as const;
export type DeliveryFilter = (typeof deliveryFilters)[number];
