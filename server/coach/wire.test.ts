import { expect, test } from 'vitest';
import type { StoredDelivery, StoredSubmission } from '../storage/dashboard-reads';
import { toConsent, toDelivery, toDeliveryPage, toLeadDetail, toLeadList, toSummary } from './wire';

const at = Date.UTC(2026, 10, 26, 9, 0, 0);
const isoAt = (offset: number) => new Date(at + offset).toISOString();

const delivery = (fields: Partial<StoredDelivery> = {}): StoredDelivery => ({
  id: 7,
  channel: 'webhook',
  event: 'lead.submitted',
  messageId: 'msg_1',
  state: 'pending',
  attempts: 0,
  createdAt: at,
  nextAttemptAt: at + 60_000,
  lastAttemptAt: null,
  lastStatus: null,
  lastReply: null,
  erase: null,
  ...fields,
});

const submission = (fields: Partial<StoredSubmission> = {}): StoredSubmission => ({
  id: 3,
  email: 'ana@example.com',
  firstName: 'Ana',
  ratings: '111111111',
  submittedAt: at,
  consentVersion: null,
  consentWording: null,
  marketingConsent: null,
  marketingConfirmedAt: null,
  deliveries: [],
  ...fields,
});

test.each([
  ['nothing recorded (stored before consent was)', {}, null],
  [
    'a version and wording, the box ticked and confirmed',
    { consentVersion: 'v1', consentWording: 'The notice.', marketingConsent: true, marketingConfirmedAt: at + 5000 },
    { version: 'v1', wording: 'The notice.', marketingConsent: true, requestedAt: isoAt(0), confirmedAt: isoAt(5000) },
  ],
  [
    'a version the server did not know, no box shown',
    { consentVersion: 'v2' },
    { version: 'v2', wording: null, marketingConsent: null, requestedAt: isoAt(0), confirmedAt: null },
  ],
  [
    'the box left unticked',
    { consentVersion: 'v1', consentWording: 'The notice.', marketingConsent: false },
    { version: 'v1', wording: 'The notice.', marketingConsent: false, requestedAt: isoAt(0), confirmedAt: null },
  ],
])('consent: %s', (_name, fields, expected) => {
  expect(toConsent(submission(fields))).toEqual(expected);
});

test.each([
  ['pending: when it is tried next', {}, { state: 'pending', nextAttemptAt: isoAt(60_000), lastAttemptAt: null }],
  [
    'delivered: no next attempt',
    { state: 'delivered' as const, attempts: 1, lastAttemptAt: at + 1000, lastStatus: 200 },
    { state: 'delivered', nextAttemptAt: null, lastAttemptAt: isoAt(1000), lastStatus: 200 },
  ],
  ['gone: no next attempt, the answer kept', { state: 'gone' as const, lastStatus: 410, lastReply: 'Gone' }, { nextAttemptAt: null, lastReply: 'Gone' }],
])('a delivery %s', (_name, fields, expected) => {
  const wire = toDelivery(delivery(fields));
  expect(wire).toMatchObject({ id: '7', webhookId: 'msg_1', createdAt: isoAt(0), ...expected });
});

test('a lead in the list: an opaque id, its ratings, the summary rule and the weak drivers', () => {
  const summary = toSummary(submission());
  expect(summary).toMatchObject({ id: '3', email: 'ana@example.com', firstName: 'Ana', pattern: 'allWeak', submittedAt: isoAt(0) });
  expect(summary.ratings).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1]);
  expect(summary.weakDrivers).toHaveLength(9);
  expect(summary.strongDrivers).toEqual([]);
  expect(toLeadList({ leads: [submission()], nextCursor: '3' })).toEqual({ leads: [summary], nextCursor: '3' });
});

test("a person's detail: named by the latest submission, first seen at the oldest, each as the visitor saw it", () => {
  const latest = submission({ id: 9, firstName: 'Anna', ratings: '333333333', submittedAt: at + 2000, deliveries: [delivery({ id: 11 })] });
  const detail = toLeadDetail({ email: 'ana@example.com', submissions: [latest, submission()] });
  expect(detail).toMatchObject({ id: '9', email: 'ana@example.com', firstName: 'Anna', firstSubmittedAt: isoAt(0) });
  expect(detail.submissions.map((one) => [one.submittedAt, one.pattern, one.deliveries.map((sent) => sent.id)])).toEqual([
    [isoAt(2000), 'allStrong', ['11']],
    [isoAt(0), 'allWeak', []],
  ]);
  expect(detail.submissions[0]?.ratings[0]).toMatchObject({ driverId: 1, rating: 3 });
  expect(detail.submissions[0]?.summary).not.toBe('');
});

test.each([
  ['an address', 'ana.lopez@example.com', 'a…@example.com'],
  ['an erased lead (no address left)', '', '…'],
])('a delivery of the list names its lead with %s masked', (_name, leadEmail, masked) => {
  const page = toDeliveryPage({
    counts: { pending: 1, failing: 0, gone: 0, expired: 0 },
    oldestPendingAt: at,
    deliveries: [{ ...delivery(), submissionId: 3, leadFirstName: 'Ana', leadEmail }],
    nextCursor: null,
  });
  expect(page.oldestPendingAt).toBe(isoAt(0));
  expect(page.deliveries).toEqual([{ ...toDelivery(delivery()), leadId: '3', leadFirstName: 'Ana', leadMaskedEmail: masked }]);
});

test('no pending delivery: no oldest time', () => {
  expect(toDeliveryPage({ counts: { pending: 0, failing: 0, gone: 0, expired: 0 }, oldestPendingAt: null, deliveries: [], nextCursor: null }).oldestPendingAt).toBeNull();
});
