/**
 * A batch of the group commit as it crosses to the lead thread (./thread-storage.ts → ./thread.ts),
 * and its results as they come back. Structured clone copies an object key by key, and a batch is
 * hundreds of small objects (each submission's lead, consent record, source and routing): copying a
 * batch out and its results back cost about 2.6 µs of the main thread's CPU per lead (perf, sampling
 * CPU time only), about 1.5 µs since. So a submission crosses as
 * one row of plain values in a fixed order, its consent wording (the same long text for every lead
 * under one settings revision) and its routing once per batch, and a result as one row too. Each `unpack` is the
 * inverse of its `pack` (./batch-message.test.ts).
 */
import type { Lead } from '../../../src/shared/lead';
import type { FunnelSource, OutboxChannel, ResultsMail, Routing, StoredConsent, Submission, SubmitResult } from '../storage';

/** A submission as it crosses: an absent part is null. */
type SubmissionRow = [
  email: string,
  firstName: string,
  ratings: Lead['ratings'],
  idempotencyKey: string | null,
  now: number,
  /** The consent record, its wording as an index into the batch's `wordings`. */
  consent: [version: string | null, wording: number | null, marketing: boolean | null] | null,
  source: [source: string, medium: string, campaign: string, referrer: string] | null,
  /** The routing, as an index into the batch's `routings`. */
  routing: number | null,
];

type RoutingRow = [webhook: boolean, email: boolean, tool: boolean];

/**
 * A batch as it crosses: one row per submission, in order, and the consent wordings and routings
 * they refer to, each once (every lead under one settings revision has the same).
 */
export type BatchMessage = { rows: SubmissionRow[]; wordings: string[]; routings: RoutingRow[] };

/** A result as it crosses: a stored submission's row, or null for a reused Idempotency-Key. */
type ResultRow = [id: string, replayed: boolean, mail: ResultsMail, queued: OutboxChannel[]] | null;

export type ResultsMessage = ResultRow[];

export function packBatch(batch: readonly Submission[]): BatchMessage {
  const wordings: string[] = [];
  const wordingIndex = (wording: string | null) => {
    if (wording === null) return null;
    const known = wordings.indexOf(wording);
    return known >= 0 ? known : wordings.push(wording) - 1;
  };
  // The same routing object for a settings revision's leads (server/compose.ts): found by identity.
  const routed: Routing[] = [];
  const routings: RoutingRow[] = [];
  const routingIndex = (routing: Routing) => {
    const known = routed.indexOf(routing);
    if (known >= 0) return known;
    routings.push([routing.webhook, routing.email, routing.tool]);
    return routed.push(routing) - 1;
  };
  const rows = batch.map(({ lead, idempotencyKey, now, consent, source, routing }): SubmissionRow => [
    lead.email,
    lead.firstName,
    lead.ratings,
    idempotencyKey ?? null,
    now,
    consent ? [consent.version, wordingIndex(consent.wording), consent.marketing] : null,
    source ? [source.source, source.medium, source.campaign, source.referrer] : null,
    routing ? routingIndex(routing) : null,
  ]);
  return { rows, wordings, routings };
}

export function unpackBatch({ rows, wordings, routings }: BatchMessage): Submission[] {
  const wordingAt = (index: number | null) => {
    if (index === null) return null;
    const wording = wordings[index];
    if (wording === undefined) throw new Error('A submission names a consent wording its batch does not carry.');
    return wording;
  };
  // One object per routing of the batch, shared by its submissions (storage only reads them).
  const routingOf = routings.map(([webhook, email, tool]): Routing => ({ webhook, email, tool }));
  const routingAt = (index: number) => {
    const routing = routingOf[index];
    if (routing === undefined) throw new Error('A submission names a routing its batch does not carry.');
    return routing;
  };
  return rows.map(([email, firstName, ratings, idempotencyKey, now, consent, source, routing]) => {
    const submission: Submission = { lead: { email, firstName, ratings }, now };
    if (idempotencyKey !== null) submission.idempotencyKey = idempotencyKey;
    if (consent) submission.consent = { version: consent[0], wording: wordingAt(consent[1]), marketing: consent[2] } satisfies StoredConsent;
    if (source) submission.source = { source: source[0], medium: source[1], campaign: source[2], referrer: source[3] } satisfies FunnelSource;
    if (routing !== null) submission.routing = routingAt(routing);
    return submission;
  });
}

export const packResults = (results: readonly SubmitResult[]): ResultsMessage =>
  results.map((result) => (result.kind === 'stored' ? [result.id, result.replayed, result.mail, result.queued] : null));

export const unpackResults = (rows: ResultsMessage): SubmitResult[] =>
  rows.map((row) => (row === null ? { kind: 'key_conflict' } : { kind: 'stored', id: row[0], replayed: row[1], mail: row[2], queued: row[3] }));
