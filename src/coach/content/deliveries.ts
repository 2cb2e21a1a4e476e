/** The texts of the deliveries view: each lead forwarded to the e-mail tool, each results e-mail, each erase told to the tool, and why one failed. */
import type { DeliveryChannel, DeliveryEvent, DeliveryFilter, ToolEraseResult } from '../../shared/coach-api/deliveries';

export const deliveriesCopy = {
  intro:
    'Each lead is forwarded to your e-mail tool, each visitor is sent their results by e-mail, and each person you erase is removed from your e-mail tool. All are retried for up to three days if they fail.',
  notConfigured: 'Nothing is sent: no e-mail tool, webhook or mail server is set. Leads are stored, but not sent to an e-mail tool or e-mailed to visitors.',
  setUp: 'Set them up in Settings',
  goTo: 'Leads go to',
  alsoToTool: 'and to your e-mail tool',
  toolGoTo: 'Leads go to your e-mail tool.',
  change: 'Change or test it in Settings',
  forwardingOff: 'Leads are not forwarded to an e-mail tool.',
  setUpForwarding: 'Set up forwarding in Settings',
  toolPaused: 'Your e-mail tool refused the API key, so nothing is sent to it: its contacts wait here. Paste a working key under Settings, “Your e-mail tool”, and they go at once. Fixed it in your tool itself, with the same key? Press Retry now on one of them: the tool is asked again.',
  toolPausedSince: (when: string) => `Since ${when}. Its answer:`,
  mailOff:
    'Results by e-mail are off. To send each visitor their profile, with a private link back to it, set your mail server and sender under Settings, “Sending e-mail” (or SMTP_URL and MAIL_FROM on the server; see server/docs/mail.md).',
  kinds: { 'lead.submitted': 'Webhook: new lead', 'lead.confirmed': 'Webhook: opt-in confirmed', results: 'Results e-mail', erase: 'Erase' } satisfies Record<DeliveryEvent, string>,
  /** The e-mail tool's deliveries: the contact pushed at submission (consent box off) or once confirmed (box on), or an erased person. */
  toolKinds: {
    'lead.submitted': 'E-mail tool: new contact',
    'lead.confirmed': 'E-mail tool: confirmed contact',
    results: 'E-mail tool',
    erase: 'Erase in your e-mail tool',
  } satisfies Record<DeliveryEvent, string>,
  /** An erase told to the e-mail tool, named by the tool it reached (`tool`: its name) and, once done, what it did. */
  eraseIn: (tool: string) => `Erase in ${tool}`,
  eraseDone: {
    deleted: (tool: string) => `Erase in ${tool}: deleted`,
    unsubscribed: (tool: string) => `Erase in ${tool}: unsubscribed (${tool}’s API cannot delete)`,
    absent: (tool: string) => `Erase in ${tool}: deleted (it was not there)`,
  } satisfies Record<ToolEraseResult, (tool: string) => string>,
  /** Where the lead's link would be: an erased person is gone, so only their address, masked. */
  erasedPerson: (masked: string) => `an erased person (${masked})`,
  /** An unsubscribed person stays in the tool: the coach deletes them there. */
  eraseUnsubscribedHint: 'Delete them in your e-mail tool by hand if you want them gone there too.',
  /** An erase given up or refused: its address is no longer kept, so it cannot be sent again. */
  eraseByHand: 'Their address is no longer kept here, so this cannot be sent again: remove the person in your e-mail tool by hand.',
  queued: (when: string) => `Queued ${when}`,
  counts: { pending: 'Backlog', failing: 'Failing', gone: 'Refused', expired: 'Given up' },
  countHints: {
    pending: 'Waiting to be sent, new or retrying',
    failing: 'Failed at least once, still retrying',
    gone: 'Turned down for good by the webhook’s receiver, your e-mail tool or the mail server: not retried',
    expired: 'Failed for three days: no more retries',
  },
  oldest: (when: string) => `Oldest waiting since ${when}.`,
  filterLabel: 'Show',
  filters: { failing: 'Failing', pending: 'Backlog', delivered: 'Delivered', gone: 'Refused', expired: 'Given up' } satisfies Record<DeliveryFilter, string>,
  tableCaption: (filter: string) => `Deliveries: ${filter}, newest first`,
  columns: { lead: 'Lead', state: 'State', attempts: 'Attempts', last: 'Last attempt', next: 'Next attempt', actions: 'Action' },
  states: {
    pending: 'Waiting',
    retrying: 'Retrying',
    delivered: 'Delivered',
    gone: 'Refused',
    expired: 'Given up',
  },
  lastResult: (status: number | null, channel: DeliveryChannel = 'webhook') =>
    status === null ? 'no answer' : channel === 'email' ? `SMTP ${status}` : `HTTP ${status}`,
  never: '–',
  /** The next attempt of a delivery to the e-mail tool while it refuses the key: no time passes it, the coach does. */
  nextWaitsForKey: 'When a working key is saved, or on Retry now',
  forLead: 'For',
  leadName: (firstName: string, masked: string) => `${firstName} (${masked})`,
  technical: 'Technical answer',
  /** Above the receiver's or mail server's own words: they are theirs, shown as they came (checked). */
  theirWords: 'Their words:',
  reasons: {
    noAnswer: 'The receiver did not answer within 10 s, or could not be reached.',
    gone: 'The receiver answered 410 Gone: it asked not to get this again, so it is not retried.',
    redirect: (status: number) => `The receiver pointed elsewhere (${status}); redirects are not followed: paste the final address.`,
    signature: (status: number) => `The receiver refused it (${status}): check the signing secret in your e-mail tool.`,
    refused: (status: number) => `The receiver refused it (${status}): check the address in your e-mail tool.`,
    serverError: (status: number) => `The receiver had a problem of its own (${status}); it is tried again.`,
    mailNoAnswer: 'The mail server did not answer in time, or could not be reached.',
    mailRefused: (code: number) => `The mail server refused it for good (${code}): your provider may not accept the sender or the address.`,
    mailSenderRefused: (code: number) =>
      `The mail server refused the sender (${code}): check the sender address under Settings, Mail. The e-mail waits and goes out once it is fixed.`,
    mailLater: (code: number) => `The mail server asked to try again later (${code}).`,
    toolNoAnswer: 'Your e-mail tool did not answer in time, could not be reached, or its limit was reached for now; it is tried again.',
    toolKey: (status: number) => `Your e-mail tool refused the API key (${status}): deliveries wait until a working key is set in Settings, “Your e-mail tool”.`,
    toolSlowDown: 'Your e-mail tool asked to slow down (429): it is sent again as soon as its limit allows.',
    toolRefused: (status: number) => `Your e-mail tool refused this contact (${status}), usually an address it does not accept: it is not retried.`,
    toolError: (status: number) => `Your e-mail tool had a problem of its own (${status}); it is tried again.`,
    eraseRefused: (status: number) => `Your e-mail tool refused the erase (${status}): it is not retried.`,
    eraseUnopened: 'The erased person’s address could not be read back (the settings key changed): it is not retried.',
  },
  retry: 'Retry now',
  /** The button's name starts with its visible text (WCAG 2.5.3 Label in Name). */
  retryLabel: (kind: string, queued: string) => `Retry now: ${kind}, queued ${queued}`,
  retrying: 'Retrying…',
  retried: 'Scheduled: it will be sent in a moment.',
  retryFailed: 'The retry could not be scheduled. Please try again.',
  /** A retry refused for good: what happened meanwhile, so the coach does not try again for ever. */
  retryDelivered: 'Nothing to retry: it was delivered meanwhile. Choose “Delivered” to see it.',
  retryGone: 'Nothing to retry: this person was erased meanwhile, and their deliveries with them.',
  empty: 'Nothing here. All good.',
  emptyDelivered: 'Nothing delivered yet.',
} as const;
