import { expect, test } from 'vitest';
import type { Submission, SubmitResult } from '../storage';
import { packBatch, packResults, unpackBatch, unpackResults } from './batch-message';

const lead = { email: 'ada@example.com', firstName: 'Ada', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] } satisfies Submission['lead'];
const wording = 'We send your profile to this address.\nPrivacy: https://coach.example/privacy';
const source = { source: 'newsletter', medium: 'email', campaign: 'spring', referrer: 'news.example' };

/** A structured clone, as the message to the lead thread is. */
const crossed = <T>(value: T): T => structuredClone(value);

test.each<[string, Submission]>([
  ['a bare submission', { lead, now: 1 }],
  ['with its Idempotency-Key', { lead, idempotencyKey: 'key-1', now: 2 }],
  ['with a consent record the page showed', { lead, now: 3, consent: { version: '0123456789abcdef', wording, marketing: true } }],
  ['with a consent record of another version', { lead, now: 4, consent: { version: '0123456789abcdef', wording: null, marketing: null } }],
  ['with no consent sent', { lead, now: 5, consent: { version: null, wording: null, marketing: null } }],
  ['with its source', { lead, now: 6, source }],
  ['with its routing', { lead, now: 7, routing: { webhook: true, email: false, tool: true } }],
])('a submission crosses to the lead thread as it was: %s', (_, submission) => {
  expect(unpackBatch(crossed(packBatch([submission])))).toEqual([submission]);
});

test('a batch keeps its order, and each consent wording crosses once', () => {
  const other = 'Another wording';
  const batch: Submission[] = [wording, other, wording, wording].map((text, index) => ({
    lead: { ...lead, email: `person${index}@example.com` },
    now: index,
    consent: { version: '0123456789abcdef', wording: text, marketing: index % 2 === 0 },
  }));
  const message = packBatch(batch);
  expect(message.wordings).toEqual([wording, other]);
  expect(unpackBatch(crossed(message))).toEqual(batch);
});

test('a batch keeps the routing of each submission, and each routing crosses once', () => {
  const mailed = { webhook: false, email: true, tool: false };
  const forwarded = { webhook: true, email: false, tool: false };
  const batch: Submission[] = [mailed, forwarded, mailed, mailed].map((routing, index) => ({
    lead: { ...lead, email: `person${index}@example.com` },
    now: index,
    routing,
  }));
  const message = packBatch(batch);
  expect(message.routings).toEqual([[false, true, false], [true, false, false]]);
  expect(unpackBatch(crossed(message))).toEqual(batch);
});

test('a row naming a routing its batch does not carry is refused', () => {
  const message = packBatch([{ lead, now: 1, routing: { webhook: true, email: false, tool: false } }]);
  expect(() => unpackBatch({ ...message, routings: [] })).toThrow(/routing/);
});

test('a row naming a wording its batch does not carry is refused', () => {
  const message = packBatch([{ lead, now: 1, consent: { version: '0123456789abcdef', wording, marketing: null } }]);
  expect(() => unpackBatch({ ...message, wordings: [] })).toThrow(/consent wording/);
});

test('the results come back as they were, in order', () => {
  const results: SubmitResult[] = [
    { kind: 'stored', id: 'pub-1', replayed: false, mail: 'queued', queued: ['webhook', 'email'] },
    { kind: 'key_conflict' },
    { kind: 'stored', id: 'pub-2', replayed: true, mail: 'held', queued: [] },
    { kind: 'stored', id: 'pub-3', replayed: false, mail: 'off', queued: [] },
  ];
  expect(unpackResults(crossed(packResults(results)))).toEqual(results);
});
