/**
 * The durable outbox's delivery loop, the same for every channel: the webhook
 * (server/webhooks/outbox.ts), the results e-mail (server/mail/mail-outbox.ts) and the coach's
 * e-mail tool (server/email-tool/tool-outbox.ts). Each stored
 * submission got its rows in the same transaction; a channel's loop claims its due rows, sends each
 * through the channel, and records the outcomes: delivered, refused for good (a webhook's 410 Gone,
 * a mailbox that does not exist), given up after three days, or tried again later with exponential
 * backoff and jitter. The schedule lives in the database, so a restart picks up where it stopped.
 *
 * Every attempt ends at its limit, whatever the receiver does (never answering, answering and then
 * stalling, not accepting the connection): the loop races each attempt against a timer it holds and
 * clears (not `AbortSignal.timeout`, which the garbage collector can drop before it fires inside
 * `AbortSignal.any`: nodejs/node#57736, nodejs/undici#4068), then aborts it; each channel also sets
 * its client's own timeouts to the same limit as a second line (undici's for the webhook,
 * Nodemailer's for the e-mail).
 *
 * Several instances (on Postgres) share the queue: a round claims its rows with a lease of
 * `leaseMs` (server/storage/storage.ts, OutboxQueue), so each row is sent by one instance at a time.
 * The invariant, for every channel: **no attempt outlives its lease.** `roundPlan` shortens the
 * attempt's limit when the lease is short, and claims only as many rows as waves of attempts fit in
 * the lease; each attempt's timer is also cut at the lease's end minus `LEASE_MARGIN_MS` (the time to
 * record the outcome), and an attempt that would have less than `MIN_ATTEMPT_MS` is not started (its
 * row comes due again when the lease ends). Only when an instance dies mid-round are its rows sent
 * again, after the lease: at least once, and the receiver dedupes (by webhook-id; by Message-ID).
 */
import type { DueRow, OutboxQueue, OutboxUpdate } from '../storage/storage';
import { intakeTimings, type IntakeState } from './intake';
import { errorText, replyText } from './reply-text';

export const outboxTimings = {
  /** First retry after about this long; each further failure doubles it. */
  baseDelayMs: 10_000,
  maxDelayMs: 6 * 60 * 60 * 1000,
  /** A row not delivered within three days is given up and logged. */
  maxAgeMs: 3 * 24 * 60 * 60 * 1000,
  /** An attempt (a webhook request with its answer, an SMTP conversation) ends after this long at most. */
  requestTimeoutMs: 10_000,
  /** Even with nothing due, look again this often (the CLI or another instance may have changed rows). */
  idlePollMs: 60_000,
  /** A claimed row is not sent by another instance for this long (longer than any round). */
  leaseMs: 60_000,
} as const;

const MAX_ROWS_PER_ROUND = 20;
/** Attempts at once, per channel (and SMTP connections the mailer keeps). */
export const PARALLEL_SENDS = 4;
/** What a round keeps of its lease for claiming and recording (and clocks a little apart). */
export const LEASE_MARGIN_MS = 2_000;
/** An attempt with less time than this left in its lease is not started. */
export const MIN_ATTEMPT_MS = 1_000;

/**
 * How a round fits inside its lease: each attempt's limit (the documented 10 s, or less when the
 * lease is shorter), and how many rows it claims (as many as waves of `PARALLEL_SENDS` attempts fit
 * in the lease, at most 20). With the default minute: 10 s, 20 rows, 5 waves, 50 s in all.
 */
export function roundPlan(leaseMs: number): { attemptLimitMs: number; rowsPerRound: number } {
  const usable = leaseMs - LEASE_MARGIN_MS;
  const attemptLimitMs = Math.max(MIN_ATTEMPT_MS, Math.min(outboxTimings.requestTimeoutMs, usable));
  const waves = Math.max(1, Math.floor(usable / attemptLimitMs));
  return { attemptLimitMs, rowsPerRound: Math.min(MAX_ROWS_PER_ROUND, waves * PARALLEL_SENDS) };
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

/** Delay before retry number `attempts` (1 = first retry): doubling, capped, with +-25% jitter. */
export function retryDelayMs(attempts: number, random: () => number = Math.random): number {
  const exponential = Math.min(outboxTimings.maxDelayMs, outboxTimings.baseDelayMs * 2 ** (attempts - 1));
  return Math.round(exponential * (0.75 + random() * 0.5));
}

/**
 * What one attempt came to. `status`: the receiver's HTTP status or the SMTP reply code, null when
 * there was no answer (no connection, a timeout).
 */
export type Attempt = {
  result: 'delivered' | 'refused' | 'failed';
  status: number | null;
  /**
   * What the receiver or mail server said, as it came (an answer's body, an SMTP reply, why there was
   * none): kept, checked (./reply-text.ts), for the dashboard's "technical answer" of a failure.
   */
  reply?: string | null;
  /** A failure that is not the receiver's (the mail server refused the coach's sender): tried again after this long, not after the backoff. */
  retryInMs?: number;
  /** An erase told to the e-mail tool: the tool, and what it did (kept with the row: OutboxUpdate.erased). */
  erased?: OutboxUpdate['erased'];
};

/** An attempt, or `skipped`: not started, too little of the lease left or held by the channel (the row comes due again when the lease ends). */
type Outcome = Attempt | 'skipped';

/** What differs between channels: how one row is sent, and what the log calls things. */
export type Channel = {
  queue: OutboxQueue;
  /** False while the channel is off (no webhook, no mail server): nothing is claimed; rows wait. */
  ready?(): boolean | Promise<boolean>;
  /** Runs once per round before any attempt (the e-mail stores its links then); a throw fails the round. */
  prepare?(rows: DueRow[], now: number): Promise<void>;
  /**
   * The ids of the round's rows that must wait (the e-mail tool's push behind an earlier erase of the
   * same person): not sent and not an attempt (no backoff, not failing); due again when the lease ends.
   */
  held?(rows: DueRow[]): Promise<ReadonlySet<number>>;
  /**
   * Sends one row within `limitMs` (the loop stops waiting then, and aborts `signal`, as it does when
   * the app stops): the channel should end its request there too, and never throw. `answered` tells
   * the loop what counts if the attempt is cut off from now on (a webhook's status once its headers
   * came, while the body still streams); without it a cut-off attempt is a failure.
   */
  send(row: DueRow, signal: AbortSignal, limitMs: number, answered: (attempt: Attempt) => void): Promise<Attempt>;
  /** The log's words: the channel's name, and what a refusal is ("webhook receiver answered 410 Gone"). */
  words: { name: string; refused: string };
  /** Told of a round's outcomes once they are recorded (the e-mail tool's erases are audit-logged then). */
  recorded?(updates: OutboxUpdate[]): Promise<void>;
};

export type DeliveryLoopOptions = {
  channel: Channel;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  /** How long a claimed row is this instance's (default `outboxTimings.leaseMs`). */
  leaseMs?: number;
  /** The lead intake: while it is busy the loop waits (at most `intakeTimings.maxDeferMs` in a row), ./intake.ts. */
  intake?: IntakeState;
};

export type RoundSummary = { delivered: number; retrying: number; gone: number; expired: number };

/** Why an attempt's signal fires once the attempt is over (answered, cut at its limit, or the loop stopping). */
const attemptEnded = new Error('The attempt ended.');

export class DeliveryLoop {
  readonly #channel: Channel;
  readonly #log: OutboxLog;
  readonly #clock: Clock;
  readonly #random: () => number;
  readonly #leaseMs: number;
  readonly #plan: { attemptLimitMs: number; rowsPerRound: number };
  #timer: unknown = null;
  #running: Promise<void> | null = null;
  #rerun = false;
  /** Not started, or stopped: wake() does nothing. */
  #stopped = true;
  /** stop() was called: a round in progress ends after recording its outcomes. */
  #halting = false;
  /** Aborts attempts in flight when stopping, so shutdown never waits for a slow receiver. */
  #abort = new AbortController();
  readonly #intake: IntakeState | null;
  /** Since when the loop has waited for a busy intake (null: it is not waiting). */
  #waitingSince: number | null = null;
  /** A look after waiting for the intake is scheduled: a wake() leaves it be. */
  #recheckScheduled = false;

  constructor(options: DeliveryLoopOptions) {
    this.#channel = options.channel;
    this.#log = options.log;
    this.#clock = options.clock ?? systemClock;
    this.#random = options.random ?? Math.random;
    this.#leaseMs = options.leaseMs ?? outboxTimings.leaseMs;
    this.#plan = roundPlan(this.#leaseMs);
    this.#intake = options.intake ?? null;
  }

  /** Whether to leave the cores to the lead intake now: it is busy, and the loop has not waited `maxDeferMs` in a row yet. */
  #yieldsToIntake(): boolean {
    if (this.#intake?.busy() !== true) {
      this.#waitingSince = null;
      return false;
    }
    const now = this.#clock.now();
    this.#waitingSince ??= now;
    return now - this.#waitingSince < intakeTimings.maxDeferMs;
  }

  /** Each attempt's limit under this loop's lease (channels set their clients' timeouts to it). */
  get attemptLimitMs(): number {
    return this.#plan.attemptLimitMs;
  }

  /** What each outcome changes (and its log line): delivered, refused, given up, or a later retry. */
  #decide(rows: DueRow[], outcomes: Outcome[], now: number): { updates: OutboxUpdate[]; summary: RoundSummary } {
    const summary: RoundSummary = { delivered: 0, retrying: 0, gone: 0, expired: 0 };
    const { name, refused } = this.#channel.words;
    const sent = rows.flatMap((row, index) => {
      const outcome = outcomes[index] ?? { result: 'failed', status: null };
      return outcome === 'skipped' ? [] : [{ row, ...outcome }];
    });
    const updates = sent.map(({ row, result, status, retryInMs, reply: raw, erased }): OutboxUpdate => {
      const attempted = { now, ...(erased && { erased }) };
      // The answer stays out of the log: it may quote the lead.
      const details = { messageId: row.message_id, event: row.event, status, attempts: row.attempts + 1 };
      if (result === 'delivered') {
        summary.delivered += 1;
        return { row, state: 'delivered', nextAttemptAt: null, status, reply: null, ...attempted };
      }
      const reply = replyText(raw);
      if (result === 'refused') {
        this.#log.warn(details, `${refused}: this ${name} will not be sent again`);
        summary.gone += 1;
        return { row, state: 'gone', nextAttemptAt: null, status, reply, ...attempted };
      }
      if (now - row.created_at >= outboxTimings.maxAgeMs) {
        this.#log.error(details, `${name} delivery failed for three days: giving up on it`);
        summary.expired += 1;
        return { row, state: 'expired', nextAttemptAt: null, status, reply, ...attempted };
      }
      const deadline = row.created_at + outboxTimings.maxAgeMs;
      const next = Math.min(now + (retryInMs ?? retryDelayMs(row.attempts + 1, this.#random)), deadline);
      this.#log.info(details, `${name} delivery failed; will retry`);
      summary.retrying += 1;
      return { row, state: 'pending', nextAttemptAt: next, status, reply, ...attempted };
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
    // Waiting for a busy intake: the scheduled look will find these rows too.
    if (this.#stopped || this.#recheckScheduled) return;
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
    // An aborted attempt counts as a failed one: the row is retried after the restart.
    this.#abort.abort();
    await this.#running;
  }

  /** Delivers every row due now, round after round; returns what happened. */
  async deliverDue(): Promise<RoundSummary> {
    const total: RoundSummary = { delivered: 0, retrying: 0, gone: 0, expired: 0 };
    for (;;) {
      if ((await this.#channel.ready?.()) === false) return total;
      const now = this.#clock.now();
      const rows = await this.#channel.queue.claimDue(now, this.#plan.rowsPerRound, this.#leaseMs);
      if (rows.length === 0) return total;
      await this.#channel.prepare?.(rows, now);
      const held = (await this.#channel.held?.(rows)) ?? new Set<number>();
      const outcomes = await this.#sendAll(rows, held, now + this.#leaseMs - LEASE_MARGIN_MS);
      const { updates, summary } = this.#decide(rows, outcomes, this.#clock.now());
      // One transaction (one fsync) records a whole round of outcomes.
      await this.#channel.queue.record(updates);
      await this.#channel.recorded?.(updates);
      for (const key of Object.keys(total) as (keyof RoundSummary)[]) total[key] += summary[key];
      if (this.#halting || this.#yieldsToIntake()) return total;
    }
  }

  #schedule(ms: number, recheck = false): void {
    this.#clearTimer();
    this.#recheckScheduled = recheck;
    this.#timer = this.#clock.setTimeout(() => {
      this.#timer = null;
      this.#recheckScheduled = false;
      this.#running = this.#loop().finally(() => {
        this.#running = null;
      });
    }, ms);
  }

  #clearTimer(): void {
    if (this.#timer !== null) this.#clock.clearTimeout(this.#timer);
    this.#timer = null;
    this.#recheckScheduled = false;
  }

  async #loop(): Promise<void> {
    const { name } = this.#channel.words;
    do {
      this.#rerun = false;
      // The intake is busy: nothing is claimed (not even asked for) until it eases.
      if (this.#yieldsToIntake()) return this.#schedule(intakeTimings.recheckMs, true);
      try {
        await this.deliverDue();
      } catch (error) {
        this.#log.error({ err: error }, `${name} outbox round failed`);
      }
    } while (this.#rerun && !this.#stopped);
    if (this.#stopped) return;
    if (this.#yieldsToIntake()) return this.#schedule(intakeTimings.recheckMs, true);
    let next: number | null = null;
    try {
      // A channel that is off (a refused key, mail off) leaves its due rows be until a wake (its
      // settings changed) or the idle look: looking at them again at once would spin.
      next = (await this.#channel.ready?.()) === false ? null : await this.#channel.queue.nextDueAt();
    } catch (error) {
      this.#log.error({ err: error }, `${name} outbox could not read its schedule`);
    }
    if (this.#stopped) return;
    const wait = next === null ? outboxTimings.idlePollMs : next - this.#clock.now();
    this.#schedule(Math.max(0, Math.min(wait, outboxTimings.idlePollMs)));
  }

  /** Sends the rows but the `held` ones, `PARALLEL_SENDS` at a time; every attempt ends by `deadline` (the lease's end less the margin). */
  async #sendAll(rows: DueRow[], held: ReadonlySet<number>, deadline: number): Promise<Outcome[]> {
    const outcomes: Outcome[] = new Array(rows.length);
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const index = next++;
        const row = rows[index] as DueRow;
        const timeLeft = Math.min(this.#plan.attemptLimitMs, deadline - this.#clock.now());
        outcomes[index] = held.has(row.id) || timeLeft < MIN_ATTEMPT_MS ? 'skipped' : await this.#attempt(row, timeLeft);
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_SENDS, rows.length) }, worker));
    return outcomes;
  }

  /** One attempt, ended at `limitMs` by a timer held here (or at once when the loop stops); a throw is a failure. */
  async #attempt(row: DueRow, limitMs: number): Promise<Attempt> {
    const controller = new AbortController();
    const stopping = () => controller.abort();
    this.#abort.signal.addEventListener('abort', stopping);
    let timer: unknown = null;
    let soFar: Attempt = { result: 'failed', status: null };
    const ended = new Promise<Attempt>((resolve) => {
      // Cut with no answer at all: the technical answer says so (the limit, or the server stopping).
      const cut = (why: string) => resolve({ ...soFar, reply: soFar.reply ?? (soFar.status === null ? why : null) });
      timer = this.#clock.setTimeout(() => cut(`No answer within ${Math.ceil(limitMs / 1000)} s: the attempt was ended.`), limitMs);
      controller.signal.addEventListener('abort', () => cut('The attempt was stopped: the server was stopping.'));
    });
    try {
      const answered = (attempt: Attempt) => (soFar = attempt);
      const attempt = this.#channel
        .send(row, controller.signal, limitMs, answered)
        .catch((error: unknown): Attempt => ({ result: 'failed', status: null, reply: errorText(error) }));
      return await Promise.race([attempt, ended]);
    } finally {
      this.#clock.clearTimeout(timer);
      this.#abort.signal.removeEventListener('abort', stopping);
      // With a reason of ours: abort() without one builds a DOMException, with its stack, for every attempt.
      controller.abort(attemptEnded);
    }
  }
}
