/**
 * How the storage classes are put together from the parts of the contract (./storage.ts), in one
 * place. Each backend makes its parts over its connection from one table, one line per part
 * (`PartMakers`: ./sqlite/storage.ts, ./postgres/storage.ts); the server's storages
 * (./postgres/storage.ts, ./sqlite/thread-storage.ts) add the group commit of leads and the wake-up
 * of the delivery loops (`serverParts`); and `Assembled` makes the parts a class's own fields.
 */
import { type GroupCommit, submissionCommit } from './group-commit';
import { type LeadStore, outboxChannels, type OutboxChannel, type StorageParts, type StoreOptions, type Submission, type SubmitResult } from './storage';

/** Every part but the leads', which each storage stores its own way. */
export type BackendParts = Omit<StorageParts, 'leads'>;

/** How a backend makes each part but the leads' over its connection. */
export type PartMakers<Connection> = { readonly [Part in keyof BackendParts]: (connection: Connection) => BackendParts[Part] };

/** The parts `makers` make over `connection`. */
export const makeParts = <Connection>(makers: PartMakers<Connection>, connection: Connection): BackendParts =>
  Object.fromEntries(Object.entries(makers).map(([part, make]) => [part, make(connection)])) as BackendParts;

/** One of something per outbox channel (its queue, say). */
export const byChannel = <T>(make: (channel: OutboxChannel) => T): Record<OutboxChannel, T> =>
  Object.fromEntries(outboxChannels.map((channel) => [channel, make(channel)])) as Record<OutboxChannel, T>;

/** A backend's side of storing leads: a batch in one transaction (one result per submission, in order), and the health write. */
export type BatchWriter = { writeBatch(batch: Submission[]): Promise<SubmitResult[]>; probeWrite: LeadStore['probeWrite'] };

/**
 * The server's parts over a backend's: leads stored through the group commit (./group-commit.ts),
 * `maxInFlight` batches at once; and what a commit or a confirmation queued tells `onQueued`, so
 * the channels' loops start at once.
 */
export function serverParts(
  parts: BackendParts,
  leads: BatchWriter,
  options: StoreOptions,
  maxInFlight: number,
): { parts: StorageParts; commit: GroupCommit<Submission, SubmitResult> } {
  const now = options.now ?? Date.now;
  const commit = submissionCommit((batch) => leads.writeBatch(batch), options, { maxInFlight });
  const links: StorageParts['links'] = {
    ...parts.links,
    confirmByLink: async (...args) => {
      const confirmed = await parts.links.confirmByLink(...args);
      if (confirmed && confirmed.queued.length > 0) options.onQueued?.(new Set(confirmed.queued));
      return confirmed;
    },
  };
  const submit: LeadStore['submit'] = (submission) => commit.submit({ ...submission, now: now() });
  return { parts: { ...parts, links, leads: { submit, probeWrite: leads.probeWrite } }, commit };
}

/**
 * The base of the storage classes: the parts it is given become the instance's own fields
 * (`storage.links`, `storage.outbox.email`...), typed as the contract says, so a class lists no part.
 */
// eslint-disable-next-line @typescript-eslint/no-extraneous-class -- a base class on purpose: the storages are classes (instanceof, private fields) whose fields are these parts
export const Assembled = class {
  constructor(parts: StorageParts) {
    Object.assign(this, parts);
  }
} as new (parts: StorageParts) => Readonly<StorageParts>;
