/**
 * The webhook channel of the durable outbox (server/outbox/delivery-loop.ts): each stored
 * submission's `lead.submitted` row, and the `lead.confirmed` row a confirmed opt-in adds, sent to
 * the webhook address in force (the dashboard's, or LEAD_WEBHOOK_URL; the settings' snapshot is
 * asked for every round and every attempt, so a change applies at once), signed the way Standard Webhooks are
 * (https://www.standardwebhooks.com, ./attempt.ts), until the receiver answers 2xx. A 410 Gone stops that row for good and says so in the log; anything else
 * is retried by the loop, with backoff, for up to three days.
 *
 * Each attempt is one undici request (not fetch: behind fetch's own Request signal the loop's abort
 * could be lost), ended by the loop's held timer at its limit (`roundPlan`, so no attempt outlives
 * its lease); undici's own connect, headers and body timeouts are set to the same limit as a second
 * line, so the socket is closed even if the timer were gone. Redirects are never followed.
 */
import { Agent } from 'undici';
import { coreDrivers } from '../../src/content/drivers';
import { weakAndStrong } from '../../src/shared/insights';
import { decodeRatings } from '../../src/shared/ratings';
import { type Attempt, type Clock, DeliveryLoop, type OutboxLog } from '../outbox/delivery-loop';
import type { IntakeState } from '../outbox/intake';
import type { DueRow, OutboxQueue } from '../storage/storage';
import { postEvent, type EventAnswer } from './attempt';
import type { WebhookTarget } from './target';
import type { OutboundPolicy } from '../outbound/allowed-hosts';
import { guardedConnector } from '../outbound/connect';

export { signWebhook, webhookKey } from './attempt';

export {
  type Clock,
  LEASE_MARGIN_MS,
  MIN_ATTEMPT_MS,
  type OutboxLog,
  outboxTimings,
  retryDelayMs,
  roundPlan,
  systemClock,
} from '../outbox/delivery-loop';

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The JSON the coach's tool receives: who, their ratings, their weak and strong drivers by name, and
 * the consent record. `lead.submitted` when the gate stored them; `lead.confirmed` when they pressed
 * the results e-mail's confirm button (the double opt-in): only then may marketing start.
 */
export function webhookPayload(row: Omit<DueRow, 'id' | 'message_id' | 'attempts' | 'created_at' | 'lease'>): string {
  const ratings = decodeRatings(row.ratings);
  const confirmed = row.event === 'lead.confirmed' && row.marketing_confirmed_at !== null;
  return JSON.stringify({
    type: confirmed ? 'lead.confirmed' : 'lead.submitted',
    timestamp: iso(confirmed && row.marketing_confirmed_at !== null ? row.marketing_confirmed_at : row.submitted_at),
    data: {
      submissionId: row.public_id,
      email: row.email,
      firstName: row.first_name,
      ratings: coreDrivers.map((driver, index) => ({ driverId: driver.id, driver: driver.shortName, rating: ratings[index] })),
      ...weakAndStrong(ratings),
      // What the gate told the visitor and what they chose (server/leads/consent.ts), at submission
      // time, and when they confirmed it from the results e-mail (null until then).
      consent: {
        version: row.consent_version,
        wording: row.consent_wording,
        marketing: row.marketing_consent === null ? null : row.marketing_consent === 1,
        recordedAt: iso(row.submitted_at),
        confirmedAt: row.marketing_confirmed_at === null ? null : iso(row.marketing_confirmed_at),
      },
    },
  });
}

export type OutboxOptions = {
  queue: OutboxQueue;
  /** Where leads go now (the settings in force); null: forwarding is off and nothing is claimed. */
  target: () => WebhookTarget | null;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  /** How long a claimed row is this instance's (default `outboxTimings.leaseMs`). */
  leaseMs?: number;
  /** The lead intake, which goes first (server/outbox/intake.ts). */
  intake?: IntakeState;
};

/** A 2xx is delivered, a 410 refused for good, anything else failed (retried). */
const attemptOf = (status: number): Attempt => ({ result: status >= 200 && status < 300 ? 'delivered' : status === 410 ? 'refused' : 'failed', status });

/** Of an answer's body, this much is read for its technical answer (an HTML error page is mostly markup). */
const REPLY_BYTES_KEPT = 4096;

/** A refusal's body as text (the delivery loop checks it); none for a delivered one. */
const replyOf = (answer: EventAnswer): string | null =>
  answer.status !== null && answer.status >= 200 && answer.status < 300 ? null : new TextDecoder().decode(answer.body);

/** How a test send ended: the answer, whether the limit cut it, and how long it took. */
export type TestAttempt = EventAnswer & { timedOut: boolean; durationMs: number };

/** The webhook's delivery loop. */
export class WebhookOutbox extends DeliveryLoop {
  /** Connections to the receiver, with undici's own timeouts at the attempt's limit: one for LEAD_WEBHOOK_URL, one per outbound rule for the dashboard's address. */
  readonly #dispatchers: Dispatchers;

  constructor(options: OutboxOptions) {
    const clock = options.clock;
    let dispatchers: Dispatchers | null = null;
    super({
      log: options.log,
      clock,
      random: options.random,
      leaseMs: options.leaseMs,
      intake: options.intake,
      channel: {
        queue: options.queue,
        words: { name: 'webhook', refused: 'webhook receiver answered 410 Gone' },
        // Nothing is claimed while forwarding is off (set or removed on the dashboard at any time).
        ready: () => options.target() !== null,
        async send(row: DueRow, signal: AbortSignal, limitMs: number, answered: (attempt: Attempt) => void): Promise<Attempt> {
          const target = options.target();
          // Turned off during the round: the row waits, as after any failure.
          if (target === null || dispatchers === null) return { result: 'failed', status: null };
          const answer = await postEvent({
            target,
            webhookId: row.message_id,
            timestampSeconds: Math.floor((clock?.now() ?? Date.now()) / 1000),
            body: webhookPayload(row),
            dispatcher: dispatchers.for(target),
            signal,
            limitMs,
            // The start of a refusal's body is its technical answer (server/outbox/reply-text.ts checks it).
            keepBytes: REPLY_BYTES_KEPT,
            // The receiver's answer is its status: a body that stalls or breaks after it changes nothing.
            onStatus: (status) => answered(attemptOf(status)),
          });
          return answer.status === null ? { result: 'failed', status: null, reply: answer.blocked ?? answer.error } : { ...attemptOf(answer.status), reply: replyOf(answer) };
        },
      },
    });
    const limit = this.attemptLimitMs;
    dispatchers = new Dispatchers(limit);
    this.#dispatchers = dispatchers;
  }

  /**
   * The dashboard's "Send a test": one event sent as a lead is (these connections, this limit, on a
   * timer held here), keeping the start of the answer. It runs in real time: the coach is waiting.
   */
  async sendTest(target: WebhookTarget, event: { webhookId: string; timestampSeconds: number; body: string }, keepBytes: number): Promise<TestAttempt> {
    const started = performance.now();
    const limitMs = this.attemptLimitMs;
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, limitMs);
    try {
      const answer = await postEvent({ ...event, target, keepBytes, limitMs, dispatcher: this.#dispatchers.for(target), signal: controller.signal });
      return { ...answer, timedOut, durationMs: Math.round(performance.now() - started) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** Closes the connections to the receiver (after `stop`, when the app closes). */
  async close(): Promise<void> {
    await this.#dispatchers.destroy();
  }
}

/**
 * The Agents requests go through: LEAD_WEBHOOK_URL's connects anywhere (the operator's); the
 * dashboard's address goes through one that resolves and checks every connection first
 * (server/outbound/connect.ts), so neither DNS nor a redirect reaches a refused address.
 */
class Dispatchers {
  readonly #open: Agent;
  readonly #guarded = new Map<OutboundPolicy, Agent>();

  constructor(private readonly limitMs: number) {
    this.#open = new Agent({ connect: { timeout: limitMs }, headersTimeout: limitMs, bodyTimeout: limitMs });
  }

  for(target: WebhookTarget): Agent {
    if (target.guard === null) return this.#open;
    let agent = this.#guarded.get(target.guard);
    if (!agent) {
      const limit = this.limitMs;
      agent = new Agent({ connect: guardedConnector(target.guard, { timeout: limit }), headersTimeout: limit, bodyTimeout: limit });
      this.#guarded.set(target.guard, agent);
    }
    return agent;
  }

  async destroy(): Promise<void> {
    await Promise.all([this.#open, ...this.#guarded.values()].map((agent) => agent.destroy()));
  }
}
