/**
 * Webhook delivery from the outbox table. Each stored submission got an outbox row in the same
 * transaction (while a webhook is in force); this loop sends it to the webhook address in force
 * (the dashboard's, or LEAD_WEBHOOK_URL, asked for every round, so a change applies at once), signed the way Standard Webhooks are
 * (https://www.standardwebhooks.com), until the receiver answers 2xx. Failures are retried with
 * exponential backoff and jitter for up to three days; the schedule lives in the database, so a
 * restart picks up where it stopped. A 410 Gone stops that row for good and says so in the log.
 *
 * Every attempt ends at its limit (`requestTimeoutMs`), whatever the receiver does: never
 * answering, answering the headers and stalling the body, or not accepting the connection. The
 * limit is a timer held and cleared (./attempt.ts), not `AbortSignal.timeout`: inside
 * `AbortSignal.any`, and behind fetch's own Request signal, the garbage collector can drop a timeout
 * signal before it fires (nodejs/node#57736, nodejs/undici#4068), and then undici's 300 s default
 * applied. Undici's own connect, headers and body timeouts are set to the same limit as a second
 * line, so the socket is closed even if this module's timer were gone.
 *
 * Several instances (on Postgres) share the queue: a round claims its rows with a lease of
 * `leaseMs` (server/storage/storage.ts, OutboxQueue), so each row is sent by one instance at a time.
 * The invariant: **no attempt outlives its lease.** `roundPlan` shortens the attempt's limit when
 * the lease is short, and claims only as many rows as waves of attempts fit in the lease; each
 * attempt's timer is also cut at the lease's end minus `LEASE_MARGIN_MS` (the time to record the
 * outcome), and an attempt that would have less than `MIN_ATTEMPT_MS` is not started (its row comes
 * due again when the lease ends). Only when an instance dies mid-round are its rows sent again,
 * after the lease: at least once, and the receiver dedupes by webhook-id.
 */
import { Agent } from 'undici';
import { coreDrivers } from '../../src/content/drivers';
import { weakAndStrong } from '../../src/shared/insights';
import { decodeRatings } from '../../src/shared/ratings';
import type { DueRow, OutboxQueue, OutboxUpdate } from '../storage/storage';
import { type AttemptResult, sendAttempt } from './attempt';
import type { WebhookTarget } from './target';

export { signWebhook, webhookKey } from './attempt';

export const outboxTimings = {
  /** First retry after about this long; each further failure doubles it. */
  baseDelayMs: 10_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  /** A submission not delivered within three days is given up and logged. */
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
  /** An attempt ends after this long at most (connection, request, answer and body together). */
  requestTimeoutMs: 10_000,
  /** Even with nothing due, look again this often (the CLI may have changed rows). */
  idlePollMs: 60_000,
  /** A claimed row is not sent by another instance for this long (longer than any round). */
  leaseMs: 60_000,
} as const;

const MAX_ROWS_PER_ROUND = 20;
const PARALLEL_REQUESTS = 4;
/** What a round keeps of its lease for claiming and recording (and clocks a little apart). */
export const LEASE_MARGIN_MS = 2_000;
/** An attempt with less time than this left in its lease is not started. */
export const MIN_ATTEMPT_MS = 1_000;

/**
 * How a round fits inside its lease: each attempt's limit (the documented 10 s, or less when the
 * lease is shorter), and how many rows it claims (as many as waves of `PARALLEL_REQUESTS` attempts
 * fit in the lease, at most 20). With the default minute: 10 s, 20 rows, 5 waves, 50 s in all.
 */
export function roundPlan(leaseMs: number): { attemptLimitMs: number; rowsPerRound: number } {
  const usable = leaseMs - LEASE_MARGIN_MS;
  const attemptLimitMs = Math.max(MIN_ATTEMPT_MS, Math.min(outboxTimings.requestTimeoutMs, usable));
  const waves = Math.max(1, Math.floor(usable / attemptLimitMs));
  return { attemptLimitMs, rowsPerRound: Math.min(MAX_ROWS_PER_ROUND, waves * PARALLEL_REQUESTS) };
}

/** The time source and timers, injectable so tests can move through three days at once. */
export type Clock = {
  now(): number;
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
};

export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Only ids and numbers go in here: never the e-mail address or the name. */
export type OutboxLog = {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
};

/** The JSON the coach's tool receives: who, their ratings, and their weak and strong drivers by name. */
export function webhookPayload(row: Omit<DueRow, 'id' | 'webhook_id' | 'attempts' | 'created_at' | 'lease'>): string {
  const ratings = decodeRatings(row.ratings);
  return JSON.stringify({
    type: 'lead.submitted',
    timestamp: new Date(row.submitted_at).toISOString(),
    data: {
      submissionId: row.public_id,
      email: row.email,
      firstName: row.first_name,
      ratings: coreDrivers.map((driver, index) => ({ driverId: driver.id, driver: driver.shortName, rating: ratings[index] })),
      ...weakAndStrong(ratings),
      // What the gate told the visitor and what they chose (server/leads/consent.ts), at submission time.
      consent: {
        version: row.consent_version,
        wording: row.consent_wording,
        marketing: row.marketing_consent === null ? null : row.marketing_consent === 1,
        recordedAt: new Date(row.submitted_at).toISOString(),
      },
    },
  });
}

/** Delay before retry number `attempts` (1 = first retry): doubling, capped, with +-25% jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(outboxTimings.maxDelayMs, outboxTimings.baseDelayMs * 2 ** (attempts - 1));
  return Math.round(exponential * (0.75 + random() * 0.5));
}

/** A receiver's status (null: no answer in time, or no connection); `skipped`: not sent, too little lease left. */
type Outcome = { status: number | null } | 'skipped';

export type OutboxOptions = {
  queue: OutboxQueue;
  /** Where leads go now (the settings in force), asked for every round; null: forwarding is off and nothing is claimed. */
  target: () => WebhookTarget | null;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  /** How long a claimed row is this instance's (default `outboxTimings.leaseMs`). */
  leaseMs?: number;
};

export type RoundSummary = { delivered: number; retrying: number; gone: number; expired: number };

export class WebhookOutbox {
  readonly #options: Required<OutboxOptions>;
  readonly #plan: { attemptLimitMs: number; rowsPerRound: number };
  /** Connections to the receiver, with undici's own timeouts at the attempt's limit. */
  readonly #dispatcher: Agent;
  #timer: unknown = null;
  #running: Promise<void> | null = null;
  #rerun = false;
  /** Not started, or stopped: wake() does nothing. */
  #stopped = true;
  /** stop() was called: a round in progress ends after recording its outcomes. */
  #halting = false;
  /** Aborts requests in flight when stopping, so shutdown never waits for a slow receiver. */
  #abort = new AbortController();

  constructor(options: OutboxOptions) {
    this.#options = {
      ...options,
      clock: options.clock ?? systemClock,
      random: options.random ?? Math.random,
      leaseMs: options.leaseMs ?? outboxTimings.leaseMs,
    };
    this.#plan = roundPlan(this.#options.leaseMs);
    const limit = this.#plan.attemptLimitMs;
    this.#dispatcher = new Agent({ connect: { timeout: limit }, headersTimeout: limit, bodyTimeout: limit });
  }

  /** What each outcome changes (and its log line): delivered, gone, given up, or a later retry. */
  #decide(rows: DueRow[], outcomes: Outcome[], now: number): { updates: OutboxUpdate[]; summary: RoundSummary } {
    const summary: RoundSummary = { delivered: 0, retrying: 0, gone: 0, expired: 0 };
    const sent = rows.flatMap((row, index) => {
      const outcome = outcomes[index] ?? { status: null };
      return outcome === 'skipped' ? [] : [{ row, status: outcome.status }];
    });
    const updates = sent.map(({ row, status }): OutboxUpdate => {
      const details = { webhookId: row.webhook_id, status, attempts: row.attempts + 1 };
      if (status !== null && status >= 200 && status < 300) {
        summary.delivered += 1;
        return { row, state: 'delivered', nextAttemptAt: null, status, now };
      }
      if (status === 410) {
        this.#options.log.warn(details, 'webhook receiver answered 410 Gone: this lead will not be sent again');
        summary.gone += 1;
        return { row, state: 'gone', nextAttemptAt: null, status, now };
      }
      if (now - row.created_at >= outboxTimings.maxAgeMs) {
        this.#options.log.error(details, 'webhook delivery failed for three days: giving up on this lead');
        summary.expired += 1;
        return { row, state: 'expired', nextAttemptAt: null, status, now };
      }
      const deadline = row.created_at + outboxTimings.maxAgeMs;
      const next = Math.min(now + retryDelayMs(row.attempts + 1, this.#options.random), deadline);
      this.#options.log.info(details, 'webhook delivery failed; will retry');
      summary.retrying += 1;
      return { row, state: 'pending', nextAttemptAt: next, status, now };
    });
    return { updates, summary };
  }

  /** Starts the background loop: delivers what is due now, then whenever the next row falls due. */
  start(): void {
    this.#stopped = false;
    this.#halting = false;
    this.#abort = new AbortController();
    this.wake();
  }

  /** New rows were committed: deliver them now rather than at the next scheduled look. */
  wake(): void {
    if (this.#stopped) return;
    if (this.#running) {
      this.#rerun = true;
      return;
    }
    this.#schedule(0);
  }

  /** Stops the loop and waits for a round in progress to finish recording its outcomes. */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#halting = true;
    this.#clearTimer();
    // An aborted request counts as a failed attempt: the row is retried after the restart.
    this.#abort.abort();
    await this.#running;
  }

  /** Closes the connections to the receiver (after `stop`, when the app closes). */
  async close(): Promise<void> {
    await this.#dispatcher.destroy();
  }

  /** Delivers every row due now, round after round; returns what happened. */
  async deliverDue(): Promise<RoundSummary> {
    const total: RoundSummary = { delivered: 0, retrying: 0, gone: 0, expired: 0 };
    for (;;) {
      const target = this.#options.target();
      if (target === null) return total;
      const now = this.#options.clock.now();
      const rows = await this.#options.queue.claimDue(now, this.#plan.rowsPerRound, this.#options.leaseMs);
      if (rows.length === 0) return total;
      const outcomes = await this.#sendAll(rows, target, now + this.#options.leaseMs - LEASE_MARGIN_MS);
      const { updates, summary } = this.#decide(rows, outcomes, this.#options.clock.now());
      // One transaction (one fsync) records a whole round of outcomes.
      await this.#options.queue.record(updates);
      for (const key of Object.keys(total) as (keyof RoundSummary)[]) total[key] += summary[key];
      if (this.#halting) return total;
    }
  }

  #schedule(ms: number): void {
    this.#clearTimer();
    this.#timer = this.#options.clock.setTimeout(() => {
      this.#timer = null;
      this.#running = this.#loop().finally(() => {
        this.#running = null;
      });
    }, ms);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#options.clock.clearTimeout(this.#timer);
    this.#timer = null;
  }

  async #loop(): Promise<void> {
    do {
      this.#rerun = false;
      try {
        await this.deliverDue();
      } catch (error) {
        this.#options.log.error({ err: error }, 'webhook outbox round failed');
      }
    } while (this.#rerun && !this.#stopped);
    if (this.#stopped) return;
    let next: number | null = null;
    try {
      next = await this.#options.queue.nextDueAt();
    } catch (error) {
      this.#options.log.error({ err: error }, 'webhook outbox could not read its schedule');
    }
    if (this.#stopped) return;
    const wait = next === null ? outboxTimings.idlePollMs : next - this.#options.clock.now();
    this.#schedule(Math.max(0, Math.min(wait, outboxTimings.idlePollMs)));
  }

  /** Sends the rows, `PARALLEL_REQUESTS` at a time; every attempt ends by `deadline` (the lease's end less the margin). */
  async #sendAll(rows: DueRow[], target: WebhookTarget, deadline: number): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(rows.length);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const index = next++;
        const timeLeft = Math.min(this.#plan.attemptLimitMs, deadline - this.#options.clock.now());
        outcomes[index] = timeLeft < MIN_ATTEMPT_MS ? 'skipped' : await this.#send(rows[index] as DueRow, target, timeLeft);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, rows.length) }, worker));
    return outcomes;
  }

  async #send(row: DueRow, target: WebhookTarget, limitMs: number): Promise<Outcome> {
    const { status } = await sendAttempt({
      target,
      webhookId: row.webhook_id,
      timestampSeconds: Math.floor(this.#options.clock.now() / 1000),
      body: webhookPayload(row),
      limitMs,
      clock: this.#options.clock,
      dispatcher: this.#dispatcher,
      signal: this.#abort.signal,
    });
    return { status };
  }

  /**
   * The dashboard's "Send a test": one event sent as a lead is (this outbox's connections and
   * limit), keeping the start of the answer. Its limit runs in real time: the coach is waiting.
   */
  async sendTest(target: WebhookTarget, event: { webhookId: string; timestampSeconds: number; body: string }, keepBytes: number): Promise<AttemptResult> {
    return sendAttempt({ ...event, target, keepBytes, limitMs: this.#plan.attemptLimitMs, clock: systemClock, dispatcher: this.#dispatcher });
  }
}
