/**
 * Webhook delivery from the outbox table. Each stored submission got an outbox row in the same
 * transaction; this loop sends it to LEAD_WEBHOOK_URL, signed the way Standard Webhooks are
 * (https://www.standardwebhooks.com), until the receiver answers 2xx. Failures are retried with
 * exponential backoff and jitter for up to three days; the schedule lives in the database, so a
 * restart picks up where it stopped. A 410 Gone stops that row for good and says so in the log.
 *
 * Several instances (on Postgres) share the queue: a round claims its rows with a lease of
 * `leaseMs` (server/storage/storage.ts, OutboxQueue), so each row is sent by one instance at a time.
 * A round never outlasts its lease: at most `PARALLEL_REQUESTS` requests at once, each cut after
 * `requestTimeoutMs`, for `ROWS_PER_ROUND` rows is 5 waves of 10 s, 50 s, within the minute. Only
 * when an instance dies mid-round are its rows sent again, after the lease: at least once, and the
 * receiver dedupes by webhook-id.
 */
import { createHmac } from 'node:crypto';
import { coreDrivers } from '../../src/content/drivers';
import { weakAndStrong } from '../../src/shared/insights';
import { decodeRatings } from '../../src/shared/ratings';
import type { DueRow, OutboxQueue, OutboxUpdate } from '../storage/storage';

export const outboxTimings = {
  /** First retry after about this long; each further failure doubles it. */
  baseDelayMs: 10_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  /** A submission not delivered within three days is given up and logged. */
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
  requestTimeoutMs: 10_000,
  /** Even with nothing due, look again this often (the CLI may have changed rows). */
  idlePollMs: 60_000,
  /** A claimed row is not sent by another instance for this long (longer than any round). */
  leaseMs: 60_000,
} as const;

const ROWS_PER_ROUND = 20;
const PARALLEL_REQUESTS = 4;

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

/** The signing key: a `whsec_` secret is base64 after the prefix, as Standard Webhooks define it. */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret);
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, the `webhook-signature` header. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', webhookKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

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

type Outcome = { status: number | null };

export type OutboxOptions = {
  queue: OutboxQueue;
  url: string;
  secret: string;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  fetch?: typeof fetch;
  /** How long a claimed row is this instance's (default `outboxTimings.leaseMs`). */
  leaseMs?: number;
};

export type RoundSummary = { delivered: number; retrying: number; gone: number; expired: number };

export class WebhookOutbox {
  readonly #options: Required<OutboxOptions>;
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
      fetch: options.fetch ?? globalThis.fetch,
      leaseMs: options.leaseMs ?? outboxTimings.leaseMs,
    };
  }

  /** What each outcome changes (and its log line): delivered, gone, given up, or a later retry. */
  #decide(rows: DueRow[], outcomes: Outcome[], now: number): { updates: OutboxUpdate[]; summary: RoundSummary } {
    const summary: RoundSummary = { delivered: 0, retrying: 0, gone: 0, expired: 0 };
    const updates = rows.map((row, index): OutboxUpdate => {
      const { status } = outcomes[index] ?? { status: null };
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

  /** Delivers every row due now, round after round; returns what happened. */
  async deliverDue(): Promise<RoundSummary> {
    const total: RoundSummary = { delivered: 0, retrying: 0, gone: 0, expired: 0 };
    for (;;) {
      const now = this.#options.clock.now();
      const rows = await this.#options.queue.claimDue(now, ROWS_PER_ROUND, this.#options.leaseMs);
      if (rows.length === 0) return total;
      const outcomes = await this.#sendAll(rows);
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

  async #sendAll(rows: DueRow[]): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(rows.length);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const index = next++;
        outcomes[index] = await this.#send(rows[index] as DueRow);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_REQUESTS, rows.length) }, worker));
    return outcomes;
  }

  async #send(row: DueRow): Promise<Outcome> {
    const body = webhookPayload(row);
    const timestamp = Math.floor(this.#options.clock.now() / 1000);
    try {
      const response = await this.#options.fetch(this.#options.url, {
        method: 'POST',
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(outboxTimings.requestTimeoutMs), this.#abort.signal]),
        headers: {
          'content-type': 'application/json',
          'user-agent': 'core-drivers-webhook/1',
          'webhook-id': row.webhook_id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': signWebhook(this.#options.secret, row.webhook_id, timestamp, body),
        },
        body,
      });
      await response.body?.cancel();
      return { status: response.status };
    } catch {
      // Network error or timeout; the cause may name the host but never the lead, still keep it out.
      return { status: null };
    }
  }
}
