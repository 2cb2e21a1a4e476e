/**
 * The one storage contract. Everything the server keeps goes through it: leads (submissions and
 * their Idempotency-Keys), the outbox of every channel, the coach's password, sessions and audit log, the
 * funnel counts and the profile aggregate, and the dashboard's reads.
 *
 * The contract owns its parameter and row types: the domain (leads/, coach/, analytics/,
 * webhooks/) and the two backends import them from here, and never each other. Each backend keeps
 * all of its SQL in its own folder, one file per concern with the same names in both:
 * server/storage/sqlite/ (one file under DATA_DIR, the default) and server/storage/postgres/
 * (DATABASE_URL, for several instances). The same contract suite runs against both
 * (server/storage/contract.test.ts).
 */
import type { AuditAction } from '../../src/shared/audit-actions';
import type { SummaryPattern } from '../../src/shared/summary-patterns';
import type { DueRow, OutboxQueue, OutboxUpdate, PendingErase, ToolEraseRow } from './outbox-queue';
import type { PaceWindow } from './pace';
import type { DashboardReads } from './dashboard-reads';
import type { Day } from '../../src/shared/days';
import type { AccessTable, SetupCodeTable } from './access';
import type { FunnelStep } from '../../src/shared/funnel';
import type { Lead } from '../../src/shared/lead';
import type { OfferCountsStore } from './offer-counts';

/** How long a retry with the same Idempotency-Key gets the first answer back. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The results e-mail of a stored submission: queued, held (the address had one within the hour, or
 * three today: ./mail-cap.ts), or off (mail is not on).
 */
export type ResultsMail = 'queued' | 'held' | 'off';

/**
 * The channels a lead is delivered on. Each delivery is one outbox row of its channel, sent by that
 * channel's loop (server/outbox/delivery-loop.ts): the coach's webhook, and the results e-mail to
 * the visitor, the coach's e-mail tool. A channel is added here, in `channelEvents`, as a loop, and
 * as an entry of Retry's table (server/coach/retry-channels.ts); storage queues its rows.
 */
export const outboxChannels = ['webhook', 'email', 'tool'] as const;
/** Who an outbox row goes to: the coach's webhook, the visitor's mailbox (the results e-mail), the coach's e-mail tool. */
export type OutboxChannel = (typeof outboxChannels)[number];
/** What it says: a webhook event (Standard Webhooks `type`), the results e-mail, or an erased person told to the e-mail tool (`erase`). */
export type OutboxEvent = 'lead.submitted' | 'lead.confirmed' | 'results' | 'erase';

/**
 * What each channel is sent: the event of a new submission's row, and of a confirmed marketing
 * consent's (null: the channel is not told). The results e-mail is also held to its share per
 * address (./mail-cap.ts).
 */
export const channelEvents: Record<OutboxChannel, { submitted: OutboxEvent; confirmed: OutboxEvent | null }> = {
  webhook: { submitted: 'lead.submitted', confirmed: 'lead.confirmed' },
  email: { submitted: 'results', confirmed: null },
  tool: { submitted: 'lead.submitted', confirmed: 'lead.confirmed' },
};

/**
 * Where a lead goes: each channel on or off, as the settings in force say when it is submitted (or
 * its consent confirmed). The caller decides; storage queues one row on each channel that is on.
 */
export type Routing = Readonly<Record<OutboxChannel, boolean>>;

/** The channels `routing` has on that are told of a confirmed consent, with the event each is sent. */
export const confirmedChannels = (routing: Routing) =>
  outboxChannels.flatMap((channel) => {
    const event = channelEvents[channel].confirmed;
    return routing[channel] && event !== null ? [{ channel, event }] : [];
  });

/** Every channel off: nothing is queued. */
export const noRouting: Routing = { webhook: false, email: false, tool: false };

export type SubmitResult =
  /**
   * Stored now (`replayed: false`) or earlier under the same Idempotency-Key (`replayed: true`).
   * `queued`: the channels this submission queued a delivery on now (none for a replay).
   */
  | { kind: 'stored'; id: string; replayed: boolean; mail: ResultsMail; queued: OutboxChannel[] }
  /** The Idempotency-Key was already used for a different submission. */
  | { kind: 'key_conflict' };

/**
 * What the gate told the visitor and what they chose, stored with a submission (worked out by
 * server/leads/consent.ts). Not the dashboard's `ConsentRecord` (src/shared/coach-api/leads.ts), which
 * is how it is shown.
 */
export type StoredConsent = {
  /** The wording's version the page sent; null when it sent none (an API client, an old page). */
  version: string | null;
  /** The wording this server shows, when the page showed the same; null otherwise. */
  wording: string | null;
  /** Ticked (true) or not (false); null when no box was shown, or its wording is not known. */
  marketing: boolean | null;
};

/**
 * A validated lead as it is handed to storage: its Idempotency-Key, consent record, where the visit
 * came from (its `lead` funnel step is counted under that source in the same transaction), and
 * where it goes (absent: nowhere).
 */
export type NewSubmission = { lead: Lead; idempotencyKey?: string; consent?: StoredConsent; source?: FunnelSource; routing?: Routing };

/** One submission as it waits for its group commit: with its time. */
export type Submission = NewSubmission & { now: number };

/** What the server's storage is told when it opens. */
export type StoreOptions = {
  /** Called after a commit that queued deliveries, with their channels, so their loops start at once. */
  onQueued?: (channels: ReadonlySet<OutboxChannel>) => void;
  /** SQLite: called if the once-a-second checkpoint fails for a reason other than another process being busy. */
  onCheckpointFailure?: (error: unknown) => void;
  /** Postgres: told about errors of idle connections (the database restarted, say); the pool reconnects. */
  onPoolError?: (error: unknown) => void;
  now?: () => number;
  /** The largest group commit (default 512). */
  batchCap?: number;
};

// The outbox's queue and its rows: ./outbox-queue.ts.
export type { DueRow, OutboxQueue, OutboxUpdate, PendingErase, ToolEraseRow };

/** One funnel counter's key besides the day: '' where a part is unknown. */
export type FunnelKey = { step: FunnelStep; source: string; medium: string; campaign: string; referrer: string };

/** Where a visit came from: a funnel key without its step. */
export type FunnelSource = Omit<FunnelKey, 'step'>;

/**
 * New sources a day may add to the funnel; beyond, a day's new sources are counted under
 * `OTHER_FUNNEL_SOURCE`, so made-up UTM values cannot grow the tables (or the dashboard) without end.
 */
export const NEW_FUNNEL_SOURCES_PER_DAY = 200;

/** The source the sources beyond a day's cap are counted under: no referrer can be `*` (a host name). */
export const OTHER_FUNNEL_SOURCE: FunnelSource = { source: '', medium: '', campaign: '', referrer: '*' };

/** One sign-in throttle counter as stored (server/coach/throttle.ts): failures in a row, and when the last one was. */
export type ThrottleEntry = { failures: number; lastFailureAt: number };

/** One funnel counter: a day, a step and a source, and how many events to add. */
export type FunnelCount = { day: Day; key: FunnelKey; count: number };

/** A period's funnel counts as stored: per day and step, and per source and step. */
export type FunnelCounts = {
  days: { day: Day; step: FunnelStep; count: number }[];
  sources: { utm_source: string; utm_medium: string; utm_campaign: string; referrer_host: string; step: FunnelStep; count: number }[];
};

export type ProfileTotals = {
  submissions: number;
  /** ratings[driverIndex][rating - 1] */
  ratings: number[][];
  patterns: Record<SummaryPattern, number>;
};

/** `browser`: the browser in words ("Chrome on macOS"; '' for a session from before they were kept). */
export type Session = { id: number; createdAt: number; lastSeenAt: number; expiresAt: number; browser: string };

/** The coach's password and sessions as stored: only a hash of each (server/coach/sessions.ts decides). */
export interface SessionTable {
  readPasswordHash(): Promise<string | null>;
  /** Stores a new password hash and ends every session, in one transaction. */
  storePasswordHash(hash: string, now: number): Promise<void>;
  /** Stores a session (and sweeps the ones expired by `expiredBefore`/`idleBefore`); returns its id. `browser`: the browser in words. */
  insert(tokenHash: string, now: number, expiresAt: number, idleBefore: number, browser?: string): Promise<number>;
  byTokenHash(tokenHash: string): Promise<Session | null>;
  touch(id: number, now: number): Promise<void>;
  delete(id: number): Promise<void>;
}

/** The browser a dashboard sign-in was made in, in words, and when (ms): kept with each audit entry, since sessions go at sign-out. */
export type SignedIn = { browser: string; at: number };

/** Who did something the audit log records: `signedIn` null when no one was signed in (a failed set-up); `server`: on its own (what the e-mail tool did with an erased person). */
export type Actor = { actor: 'dashboard'; sessionId: number | null; signedIn: SignedIn | null } | { actor: 'command line' } | { actor: 'server' };

/** A period as instants: from (included) and to (excluded), in ms; null for open ends. */
export type TimeRange = { fromMs: number | null; toMs: number | null };

/** A link of the results e-mail, stored by the hash of its token (server/mail/links.ts). */
export type NewLink = { tokenHash: string; kind: 'profile' | 'confirm'; submissionId: number; createdAt: number; expiresAt: number };

/** What the profile page shows for a live profile link: the person's latest submission and the one before. */
export type LinkedProfile = {
  firstName: string;
  ratings: string;
  submittedAt: number;
  previous: { ratings: string; submittedAt: number } | null;
  /** The latest submission's consent record and confirmation (src/shared/marketing.ts reads it). */
  consent: { version: string | null; wording: string | null; marketing: boolean | null; confirmedAt: number | null };
  linkExpiresAt: number;
};

export type ConfirmResult = { confirmedAt: number; queued: OutboxChannel[] };

/** The results e-mail's links (server/mail/link-routes.ts). */
export interface LinkStore {
  /** Stores the links of e-mails about to be sent, in one transaction (and forgets long-expired ones). */
  addLinks(links: NewLink[]): Promise<void>;
  /** The profile behind a live profile link (not expired, its person not erased), or null. */
  profileByLink(tokenHash: string, now: number): Promise<LinkedProfile | null>;
  /**
   * Uses a live confirm link once: records the confirmation on its submission and queues its event
   * (`channelEvents`) on each channel `routing` has on, all in one transaction (on Postgres one
   * instance wins a race). `queued`: the channels it queued on.
   * A link used before answers with the confirmation's time again and changes nothing, as long as
   * it is kept (a confirmed person opening it again hears they are confirmed). Null for a link that
   * is unknown, erased, or expired unused.
   */
  confirmByLink(tokenHash: string, now: number, routing: Routing): Promise<ConfirmResult | null>;
}

/** Leads as they arrive: stored through the group commit (server/storage/group-commit.ts). */
export interface LeadStore {
  /**
   * Stores a validated lead; resolves once it is committed (or was stored before under its key). A
   * new one also counts the funnel's `lead` step under `source`, and queues a delivery on each
   * channel its routing has on, in the same transaction.
   */
  submit(submission: NewSubmission): Promise<SubmitResult>;
  /** Writes (and commits) one small row: resolves once storage accepted a write (GET /api/health). */
  probeWrite(now: number): Promise<void>;
}

/** The audit log: what was done on the coach's side, by whom, when (never a value or an address). */
export interface AuditLog {
  record(action: AuditAction, who: Actor, now: number): Promise<void>;
  /** Newest first, `limit` entries older than the cursor (an entry's id). */
  list(before: number | null, limit: number): Promise<{ entries: StoredAuditEntry[]; nextCursor: string | null }>;
}

/** The funnel's counters and the profile aggregate (server/analytics/). */
export interface FunnelStore {
  /** Adds counts to the funnel tables in one transaction (a new source beyond the day's cap counts as the other one). */
  addCounts(rows: FunnelCount[]): Promise<void>;
  /** The counts of the days `from` to `to` (both included); server/analytics/report.ts makes the funnel of them. */
  readCounts(from: Day, to: Day): Promise<FunnelCounts>;
  /** The profile aggregate summed over the days `from` to `to` (both included). */
  readProfileTotals(from: Day, to: Day): Promise<ProfileTotals>;
  /**
   * Builds the profile aggregate in the analytics time zone if it is in another (or was never built):
   * one pass over the submissions, in one transaction. Lead batches follow the zone the aggregate is
   * in, read inside their own transaction, so a change of zone on one instance never mixes days.
   */
  useProfileTimeZone(timeZone: string): Promise<void>;
}

/** The sign-in throttle's counters (server/coach/throttle.ts decides). */
export interface ThrottleTable {
  /** The counters under these keys (those that exist). */
  read(keys: string[]): Promise<Map<string, ThrottleEntry>>;
  /** One more failure under `key`, atomically; a count whose last failure was before `forgetBefore` starts again at 1. */
  addFailure(key: string, now: number, forgetBefore: number): Promise<ThrottleEntry>;
  clear(key: string): Promise<void>;
  /** Drops the counters with no failure since `before`. */
  prune(before: number): Promise<void>;
}

/**
 * The storage contract: one part per concern, each an interface of its own. A part's methods take
 * and answer plain data, so on SQLite each crosses to the storage thread as it is
 * (server/storage/sqlite/thread-storage.ts forwards by part and method).
 */
export interface Storage {
  readonly backend: 'sqlite' | 'postgres';
  readonly leads: LeadStore;
  /** Each channel's queue: the same table and promises, its own rows. */
  readonly outbox: Readonly<Record<OutboxChannel, OutboxQueue>>;
  /** The results e-mail's links. */
  readonly links: LinkStore;
  /** The coach's password and sessions. */
  readonly sessions: SessionTable;
  /** The first-run set-up codes (server/coach/setup-code.ts). Setting a password ends them all. */
  readonly setupCodes: SetupCodeTable;
  /** Passkeys, the second factor, reset links, signed-in browsers (server/storage/access.ts). */
  readonly access: AccessTable;
  readonly audit: AuditLog;
  readonly funnel: FunnelStore;
  /** The offers' counters (server/storage/offer-counts.ts). */
  readonly offers: OfferCountsStore;
  readonly throttle: ThrottleTable;
  /** The e-mail tool's pace window (./pace.ts): shared by every instance on Postgres. */
  readonly paceWindow: PaceWindow;
  /** The coach's settings and picture (server/settings/). */
  readonly settings: SettingsTable;
  readonly dashboard: DashboardReads;
  /** Stores what is queued and closes the connection(s). */
  close(): Promise<void>;
}

/** The parts of the contract, by name (each backend makes them from one table: ./parts.ts). */
export type StorageParts = Omit<Storage, 'backend' | 'close'>;
export type StoragePart = keyof StorageParts;

/** A storage error that means "another process holds the lock; try again later" (SQLite only). */
export const isLockedError = (error: unknown) => (error as { code?: unknown } | null)?.code === 'SQLITE_BUSY';

/**
 * A lead's batch given up because the database stayed locked (./group-commit.ts): nothing of it was
 * stored, and a retry later may be. The lead route answers it as a lead not stored in time.
 */
export class StorageBusyError extends Error {
  override name = 'StorageBusyError';
}

// --- The coach's settings (server/settings/) ----------------------------------------------------

/** Every stored setting as JSON text (a secret sealed), and the revision they belong to. */
export type SettingsSnapshot = { revision: number; values: Record<string, string> };

/** The coach's picture: named by the SHA-256 of its bytes, served as its checked type. */
export type StoredPicture = { hash: string; contentType: 'image/png' | 'image/jpeg' | 'image/webp'; bytes: Buffer };

export type SettingsWrite = {
  /** Each key's new JSON text, or null to remove it (back to the default). */
  changes: Record<string, string | null>;
  /** A picture the change refers to (null: none); pictures no kept version shows go in the same transaction. */
  picture?: StoredPicture | null;
  /** Written in the same transaction: the action, who, and which settings (never their values). */
  audit: { action: AuditAction; who: Actor; fields: string[] };
  now: number;
};

/** The settings after `revision` (JSON texts, secrets sealed), when, by whom (null: the first, from before the history); `restoredFrom`: what a restore brought back. */
export type StoredSettingsVersion = { revision: number; at: number; values: Record<string, string>; who: Actor | null; action: AuditAction | null; restoredFrom: number | null };

/** An audit entry with, for a settings change, the versions it went between (server/settings/history.ts says what changed). */
export type StoredAuditEntry = {
  /** ISO time. */
  at: string;
  action: AuditAction;
  actor: Actor['actor'];
  sessionId: number | null;
  /** The browser in words and when (ISO) it signed in; null signed out, or for entries from before these were kept. */
  signedIn: { browser: string; at: string } | null;
  /** The settings' keys a change touched; null for other actions. */
  fields: string[] | null;
  restoredFrom: number | null;
  settings: { before: Record<string, string>; after: Record<string, string> } | null;
};

/**
 * A key-value table of JSON texts with a revision that every write raises, and the coach's
 * picture. A write is one transaction with its audit entry: a change acknowledged to the coach is
 * stored, logged and seen by every instance's next revision check, or none of it.
 */
export interface SettingsTable {
  /** The revision alone: what each instance asks every second. */
  readRevision(): Promise<number>;
  readSettings(): Promise<SettingsSnapshot>;
  /** Stores the change, its version and its audit entry in one transaction; resolves with the new revision once committed. */
  writeSettings(write: SettingsWrite): Promise<number>;
  readPicture(hash: string): Promise<StoredPicture | null>;
  /** Versions newest first: up to `limit` older than `before` (a revision), or from the newest. */
  listVersions(before: number | null, limit: number): Promise<StoredSettingsVersion[]>;
  /**
   * Makes the stored settings exactly those of version `revision`, as a new version, with an audit
   * entry (`settings_restored`, the fields it changed), in one transaction; resolves with the new
   * revision, or null when that version is not kept.
   */
  restoreVersion(restore: { revision: number; who: Actor; now: number }): Promise<number | null>;
}
