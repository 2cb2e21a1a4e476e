/**
 * What both backends share about their rows: the shapes their queries read, how those become the
 * contract's answers (its own types: the dashboard's wire types are made in server/coach/), and the
 * few SQL fragments and period rules that are the same in both dialects. Each backend's SQL is in its own folder.
 */
import type { AuditAction } from '../../src/shared/audit-actions';
import { addDays, type Day } from '../../src/shared/days';
import type { DeliveryChannel, DeliveryEvent, DeliveryState, ToolEraseResult } from '../../src/shared/delivery-kinds';
import type { StoredPasskey, StoredSecondFactor } from './access';
import { parseSnapshot } from './settings-versions';
import type { Actor, Session, StoredAuditEntry } from './storage';
import type { DeliveryCounts, LeadStats, StoredDeliveries, StoredDelivery, StoredLead, StoredLeadDetail, StoredLeadPage } from './dashboard-reads';

export const DAY_MS = 24 * 60 * 60 * 1000;

const iso = (ms: number) => new Date(ms).toISOString();

export type SubmissionRow = { id: number; email: string; first_name: string; ratings: string; submitted_at: number };

export type OutboxRow = {
  o_id: number;
  channel: DeliveryChannel;
  event: DeliveryEvent;
  message_id: string;
  state: DeliveryState;
  attempts: number;
  created_at: number;
  next_attempt_at: number;
  last_attempt_at: number | null;
  last_status: number | null;
  last_reply: string | null;
  erase_masked: string | null;
  erase_tool: string | null;
  erase_how: ToolEraseResult | null;
  /** 1 while an erase's sealed address is kept, else 0. */
  erase_kept: number;
};

/** The consent record stored with a submission (migration `consent-record`). */
export type ConsentColumns = { consent_version: string | null; consent_wording: string | null; marketing_consent: number | null };

/** A submission as its person's detail shows it: with its consent record and the opt-in's confirmation. */
export type DetailRow = SubmissionRow & ConsentColumns & { marketing_confirmed_at: number | null };

/** The consent columns of the submissions `s`. */
export const consentColumns = 's.consent_version, s.consent_wording, s.marketing_consent';

/** The submission columns of a {@link DetailRow}, of the submissions `s`. */
export const detailColumns = `s.id, s.email, s.first_name, s.ratings, s.submitted_at, ${consentColumns}, s.marketing_confirmed_at`;

/** The outbox columns a delivery is shown from, as `o_id`, `message_id`... of the outbox `o`. */
export const deliveryColumns = `o.id AS o_id, o.channel, o.event, o.message_id, o.state, o.attempts, o.created_at, o.next_attempt_at, o.last_attempt_at,
  o.last_status, o.last_reply, o.erase_masked, o.erase_tool, o.erase_how, CASE WHEN o.erase_address IS NULL THEN 0 ELSE 1 END AS erase_kept`;


export const toStoredLead = (row: SubmissionRow): StoredLead => ({
  id: row.id,
  email: row.email,
  firstName: row.first_name,
  ratings: row.ratings,
  submittedAt: row.submitted_at,
});

export const toStoredDelivery = (row: OutboxRow): StoredDelivery => ({
  id: row.o_id,
  channel: row.channel,
  event: row.event,
  messageId: row.message_id,
  state: row.state,
  attempts: row.attempts,
  createdAt: row.created_at,
  nextAttemptAt: row.next_attempt_at,
  lastAttemptAt: row.last_attempt_at,
  lastStatus: row.last_status,
  lastReply: row.last_reply,
  erase:
    row.event === 'erase'
      ? { maskedAddress: row.erase_masked ?? '…', tool: row.erase_tool, result: row.erase_how, addressKept: Number(row.erase_kept) === 1 }
      : null,
});

/** A person from their submissions (newest first) with their deliveries (each with its submission's id); null for none. */
export function detailOf(email: string, rows: DetailRow[], deliveries: (OutboxRow & { submission_id: number })[]): StoredLeadDetail | null {
  const submissions = rows.map((row) => ({
    ...toStoredLead(row),
    consentVersion: row.consent_version,
    consentWording: row.consent_wording,
    marketingConsent: row.marketing_consent === null ? null : row.marketing_consent === 1,
    marketingConfirmedAt: row.marketing_confirmed_at,
    deliveries: deliveries.filter((delivery) => delivery.submission_id === row.id).map(toStoredDelivery),
  }));
  const [latest, ...older] = submissions;
  return latest ? { email, submissions: [latest, ...older] } : null;
}

/** A prefix for LIKE: its wildcards and the escape character taken literally (`ESCAPE '\'`). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/**
 * The columns a due row is sent from (`DueRow`), of the outbox `o` (or a claim's `c`), its submission
 * `s` and the same person's submission before it `p`. An erase has no submission (LEFT JOIN): its
 * submission columns are empty, and only its sealed address is read.
 */
export const dueColumns = (o: string) => `${o}.id, ${o}.message_id, ${o}.event, coalesce(${o}.submission_id, 0) AS submission_id, ${o}.attempts, ${o}.created_at, ${o}.lease,
  ${o}.erase_address, coalesce(s.email, '') AS email, coalesce(s.first_name, '') AS first_name, coalesce(s.ratings, '') AS ratings,
  coalesce(s.submitted_at, 0) AS submitted_at, coalesce(s.public_id, '') AS public_id,
  s.consent_version, s.consent_wording, s.marketing_consent, s.marketing_confirmed_at,
  p.ratings AS previous_ratings, p.submitted_at AS previous_submitted_at`;

/** The submission before `s` of the same person (a probe of the e-mail index), joined as `p`. */
export const previousSubmission = 'LEFT JOIN submissions AS p ON p.id = (SELECT max(id) FROM submissions WHERE email = s.email AND id < s.id)';

/**
 * SQL: what recording an attempt does to an erase's columns (parameters: tool, result, state): the
 * tool and its result kept, the sealed address wiped once the row is no longer pending.
 */
export const eraseOutcomeSet = (tool: string, result: string, state: string) =>
  `erase_tool = coalesce(${tool}, erase_tool), erase_how = coalesce(${result}, erase_how),
   erase_address = CASE WHEN ${state} = 'pending' THEN erase_address ELSE NULL END`;

/** The latest lease end among pushes being sent (claimed, pending) of the submissions given: an erase waits for it. */
export const leaseEndOf = (rows: { next_attempt_at: number | string; lease: string | null }[], now: number) =>
  rows.reduce((latest, row) => (row.lease === null ? latest : Math.max(latest, Number(row.next_attempt_at))), now);

/** SQL: the outbox row is not claimed by a round in progress (no lease, or its lease has ended at `now`). */
export const notBeingSent = (now: string) => `(lease IS NULL OR state <> 'pending' OR next_attempt_at <= ${now})`;

/** The counts `leadStats` is made of, as either backend reads them. */
export type StatsCounts = {
  leads: number;
  submissions: number;
  last24h: number;
  last7d: number;
  states: { state: string; n: number }[];
  oldestPending: number | null;
};

export function statsOf(counts: StatsCounts, now: number): LeadStats {
  const inState = (state: string) => counts.states.find((row) => row.state === state)?.n ?? 0;
  return {
    leads: counts.leads,
    submissions: counts.submissions,
    submissionsLast24h: counts.last24h,
    submissionsLast7d: counts.last7d,
    outbox: {
      pending: inState('pending'),
      delivered: inState('delivered'),
      gone: inState('gone'),
      expired: inState('expired'),
      oldestPendingAgeMs: counts.oldestPending === null ? null : now - counts.oldestPending,
    },
  };
}

/**
 * The whole months inside a period (`YYYY-MM`, first and last), or null when there is none; the
 * days before the first and after the last are read day by day.
 */
export function wholeMonths(from: Day, to: Day): { first: string; last: string; headEnd: Day; tailStart: Day } | null {
  const firstStart = from.endsWith('-01') ? from : `${addDays(`${from.slice(0, 7)}-28`, 7).slice(0, 7)}-01`;
  const afterTo = addDays(to, 1);
  const lastEnd = afterTo.endsWith('-01') ? to : addDays(`${to.slice(0, 7)}-01`, -1);
  if (firstStart > lastEnd) return null;
  return { first: firstStart.slice(0, 7), last: lastEnd.slice(0, 7), headEnd: addDays(firstStart, -1), tailStart: addDays(lastEnd, 1) };
}

/**
 * The parts of a period the funnel's source breakdown reads: the days before the whole months (in
 * `funnel_daily`), the months (`funnel_monthly`), the days after. Even two years read only a few
 * thousand rows.
 */
export function funnelParts(from: Day, to: Day): Record<'headFrom' | 'headTo' | 'firstMonth' | 'lastMonth' | 'tailFrom' | 'tailTo', string> {
  const months = wholeMonths(from, to);
  return months
    ? { headFrom: from, headTo: months.headEnd, firstMonth: months.first, lastMonth: months.last, tailFrom: months.tailStart, tailTo: to }
    : { headFrom: from, headTo: to, firstMonth: '', lastMonth: '', tailFrom: '', tailTo: '' };
}

export type SessionRow = { id: number; created_at: number; last_seen_at: number; expires_at: number; browser: string };

export const toSession = (row: SessionRow): Session => ({
  id: row.id,
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  expiresAt: row.expires_at,
  browser: row.browser,
});

/** A passkey's row, the same on both backends (transports: a JSON array). */
export type PasskeyRow = {
  id: string;
  public_key: string;
  counter: number;
  transports: string;
  name: string;
  created_at: number;
  last_used_at: number | null;
};

export const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  publicKey: row.public_key,
  counter: row.counter,
  transports: JSON.parse(row.transports) as string[],
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

type SecondFactorRow = { secret: string | null; pending: string | null; enabled_at: number | null; last_step: number };

/** The second factor's row (none: never enrolled) and how many recovery codes are left. */
export const toSecondFactor = (row: SecondFactorRow | undefined, recoveryCodesLeft: number): StoredSecondFactor => ({
  secret: row?.secret ?? null,
  pending: row?.pending ?? null,
  enabledAt: row?.enabled_at ?? null,
  lastStep: row?.last_step ?? 0,
  recoveryCodesLeft,
});

export type AuditRow = {
  id: number;
  at: number;
  action: AuditAction;
  actor: Actor['actor'];
  session_id: number | null;
  browser: string | null;
  signed_in_at: number | null;
  fields: string | null;
  restored_from: number | null;
  /** With a settings change: the version it made, and the one before (null when no longer kept). */
  settings_after: string | null;
  settings_before: string | null;
};

/** The audit log's columns, with the versions a settings change went between (`a`: audit_log). */
export const auditSelect = `SELECT a.id, a.at, a.action, a.actor, a.session_id, a.browser, a.signed_in_at, a.fields, a.restored_from,
  v.settings AS settings_after, p.settings AS settings_before
  FROM audit_log a
  LEFT JOIN settings_versions v ON v.revision = a.revision
  LEFT JOIN settings_versions p ON p.revision = a.revision - 1`;

/** The settings a change touched, as stored (a JSON array of their keys); null for every other action. */
function fieldsOf(stored: string | null): string[] | null {
  if (stored === null) return null;
  try {
    const fields: unknown = JSON.parse(stored);
    return Array.isArray(fields) ? fields.filter((field): field is string => typeof field === 'string') : null;
  } catch {
    return null;
  }
}

/** The browser an entry was made in and when it signed in; null for entries from before they were kept, or made signed out. */
export function signedInOf(row: { browser: string | null; signed_in_at: number | null }): StoredAuditEntry['signedIn'] {
  return row.browser === null || row.signed_in_at === null ? null : { browser: row.browser, at: iso(Number(row.signed_in_at)) };
}

/** The columns an audit entry keeps of who made it (`signedIn` as stored: an entry outlives its session). */
export function actorColumns(who: Actor): { actor: Actor['actor']; sessionId: number | null; browser: string | null; signedInAt: number | null } {
  if (who.actor !== 'dashboard') return { actor: who.actor, sessionId: null, browser: null, signedInAt: null };
  return { actor: who.actor, sessionId: who.sessionId, browser: who.signedIn?.browser ?? null, signedInAt: who.signedIn?.at ?? null };
}

/** A page of the audit log from up to `limit + 1` rows, newest first (one more says there is a next page). */
export function auditPage(rows: AuditRow[], limit: number): { entries: StoredAuditEntry[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  return {
    entries: page.map((row) => ({
      at: iso(Number(row.at)),
      action: row.action,
      actor: row.actor,
      sessionId: row.session_id === null ? null : Number(row.session_id),
      signedIn: signedInOf(row),
      fields: fieldsOf(row.fields),
      restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
      settings:
        row.settings_after === null || row.settings_before === null
          ? null
          : { before: parseSnapshot(row.settings_before), after: parseSnapshot(row.settings_after) },
    })),
    nextCursor: rows.length > limit && page.length > 0 ? String(page[page.length - 1]?.id) : null,
  };
}

/** A delivery in the dashboard's list: the outbox row with its submission's id (never the address). */
export type DeliveryListRow = OutboxRow & { submission_id: number | null; lead_first_name: string | null; lead_email: string | null };

/** The delivery list's columns after the outbox's own: its submission, and that submission's first name and address. */
export const deliveryLeadColumns = `o.submission_id,
  (SELECT s.first_name FROM submissions AS s WHERE s.id = o.submission_id) AS lead_first_name,
  (SELECT s.email FROM submissions AS s WHERE s.id = o.submission_id) AS lead_email`;

/** A page of the delivery list from up to `limit + 1` rows, newest first, with the counts of each state. */
export function deliveriesPage(rows: DeliveryListRow[], limit: number, counts: DeliveryCounts, oldestPending: number | null | undefined): StoredDeliveries {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return {
    counts,
    oldestPendingAt: oldestPending ?? null,
    deliveries: page.map((row) => ({
      ...toStoredDelivery(row),
      submissionId: row.submission_id === null ? null : Number(row.submission_id),
      leadFirstName: row.lead_first_name ?? '',
      leadEmail: row.lead_email ?? '',
    })),
    nextCursor: rows.length > limit && last ? String(last.o_id) : null,
  };
}

/** Search results by address and by name, as one list in address order (up to `limit + 1`: one more says there is a next page). */
export function mergeSearchResults(byEmail: SubmissionRow[], byName: SubmissionRow[], limit: number): SubmissionRow[] {
  const merged = new Map<number, SubmissionRow>();
  for (const row of [...byEmail, ...byName]) merged.set(row.id, row);
  return [...merged.values()].sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0)).slice(0, limit + 1);
}

/** A page of the lead list from up to `limit + 1` rows; the next page starts after the cursor of its last row. */
export function leadListPage(rows: SubmissionRow[], limit: number, cursorOf: (row: SubmissionRow) => string): StoredLeadPage {
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { leads: page.map(toStoredLead), nextCursor: rows.length > limit && last ? cursorOf(last) : null };
}
