/**
 * Webhook delivery from the outbox table. Each stored submission got an outbox row in the same
 * transaction; this loop sends it to LEAD_WEBHOOK_URL, signed the way Standard Webhooks are
 * (https://www.standardwebhooks.com), until the receiver answers 2xx. Failures are retried with
 * exponential backoff and jitter for up to three days; the schedule lives in SQLite, so a restart
 * picks up where it stopped. A 410 Gone stops that row for good and says so in the log.
 */
import { createHmac } from 'node:crypto';
import type Database from 'better-sqlite3';
import { coreDrivers } from '../../src/content/drivers';

export const outboxTimings = {
  /** First retry after about this long; each further failure doubles it. */
  baseDelayMs: 10_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  /** A submission not delivered within three days is given up and logged. */
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
  requestTimeoutMs: 10_000,
  /** Even with nothing due, look again this often (the CLI may have changed rows). */
  idlePollMs: 60_000,
} as const;

const ROWS_PER_ROUND = 50;
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

type DueRow = {
  id: number;
  webhook_id: string;
  attempts: number;
  created_at: number;
  email: string;
  first_name: string;
  ratings: string;
  submitted_at: number;
  public_id: string;
  consent_version: string | null;
  consent_wording: string | null;
  marketing_consent: number | null;
};

/** The JSON the coach's tool receives: who, their ratings, and their weak and strong drivers by name. */
export function webhookPayload(row: Omit<DueRow, 'id' | 'webhook_id' | 'attempts' | 'created_at'>): string {
  const ratings = [...row.ratings].map(Number);
  const named = (rating: number) =>
    coreDrivers.filter((_driver, index) => ratings[index] === rating).map((driver) => driver.shortName);
  return JSON.stringify({
    type: 'lead.submitted',
    timestamp: new Date(row.submitted_at).toISOString(),
    data: {
      submissionId: row.public_id,
      email: row.email,
      firstName: row.first_name,
      ratings: coreDrivers.map((driver, index) => ({ driverId: driver.id, driver: driver.shortName, rating: ratings[index] })),
      weakDrivers: named(1),
      strongDrivers: named(3),
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
  db: Database.Database;
  url: string;
  secret: string;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  fetch?: typeof fetch;
};

export type RoundSummary = { delivered: number; retrying: number; gone: number; expired: number };

export class WebhookOutbox {
  readonly #options: Required<OutboxOptions>;
  readonly #due;
  readonly #nextDue;
  readonly #record: (rows: DueRow[], outcomes: Outcome[], now: number) => RoundSummary;
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
    };
    const { db } = options;
    this.#due = db.prepare<[number, number], DueRow>(
      `SELECT o.id, o.webhook_id, o.attempts, o.created_at, s.email, s.first_name, s.ratings, s.submitted_at, s.public_id,
         s.consent_version, s.consent_wording, s.marketing_consent
       FROM outbox o JOIN submissions s ON s.id = o.submission_id
       WHERE o.state = 'pending' AND o.next_attempt_at <= ? ORDER BY o.next_attempt_at LIMIT ?`,
    );
    this.#nextDue = db.prepare<[], { at: number | null }>(
      "SELECT min(next_attempt_at) AS at FROM outbox WHERE state = 'pending'",
    );
    const finish = db.prepare<[string, number, number | null, number]>(
      'UPDATE outbox SET state = ?, attempts = attempts + 1, last_attempt_at = ?, last_status = ? WHERE id = ?',
    );
    const retry = db.prepare<[number, number, number | null, number]>(
      'UPDATE outbox SET attempts = attempts + 1, next_attempt_at = ?, last_attempt_at = ?, last_status = ? WHERE id = ?',
    );
    // One transaction (one fsync) records a whole round of outcomes.
    this.#record = db.transaction((rows: DueRow[], outcomes: Outcome[], now: number) => {
      const summary: RoundSummary = { delivered: 0, retrying: 0, gone: 0, expired: 0 };
      rows.forEach((row, index) => {
        const { status } = outcomes[index] ?? { status: null };
        const details = { webhookId: row.webhook_id, status, attempts: row.attempts + 1 };
        if (status !== null && status >= 200 && status < 300) {
          finish.run('delivered', now, status, row.id);
          summary.delivered += 1;
        } else if (status === 410) {
          finish.run('gone', now, status, row.id);
          this.#options.log.warn(details, 'webhook receiver answered 410 Gone: this lead will not be sent again');
          summary.gone += 1;
        } else if (now - row.created_at >= outboxTimings.maxAgeMs) {
          finish.run('expired', now, status, row.id);
          this.#options.log.error(details, 'webhook delivery failed for three days: giving up on this lead');
          summary.expired += 1;
        } else {
          const deadline = row.created_at + outboxTimings.maxAgeMs;
          const next = Math.min(now + retryDelayMs(row.attempts + 1, this.#options.random), deadline);
          retry.run(next, now, status, row.id);
          this.#options.log.info(details, 'webhook delivery failed; will retry');
          summary.retrying += 1;
        }
      });
      return summary;
    });
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
      const rows = this.#due.all(now, ROWS_PER_ROUND);
      if (rows.length === 0) return total;
      const outcomes = await this.#sendAll(rows);
      const summary = this.#record(rows, outcomes, this.#options.clock.now());
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
    const next = this.#nextDue.get()?.at ?? null;
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
