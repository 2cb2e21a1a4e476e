/**
 * The webhook channel of the durable outbox (server/outbox/delivery-loop.ts): each stored
 * submission's `lead.submitted` row, and the `lead.confirmed` row a confirmed opt-in adds, sent to
 * LEAD_WEBHOOK_URL signed the way Standard Webhooks are (https://www.standardwebhooks.com), until
 * the receiver answers 2xx. A 410 Gone stops that row for good and says so in the log; anything else
 * is retried by the loop, with backoff, for up to three days.
 *
 * Each attempt is one undici request (not fetch: behind fetch's own Request signal the loop's abort
 * could be lost), ended by the loop's held timer at its limit (`roundPlan`, so no attempt outlives
 * its lease); undici's own connect, headers and body timeouts are set to the same limit as a second
 * line, so the socket is closed even if the timer were gone. Redirects are never followed.
 */
import { createHmac } from 'node:crypto';
import { Agent, request } from 'undici';
import { coreDrivers } from '../../src/content/drivers';
import { weakAndStrong } from '../../src/shared/insights';
import { decodeRatings } from '../../src/shared/ratings';
import { type Attempt, type Clock, DeliveryLoop, type OutboxLog } from '../outbox/delivery-loop';
import type { DueRow, OutboxQueue } from '../storage/storage';

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

/** The signing key: a `whsec_` secret is base64 after the prefix, as Standard Webhooks define it. */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret);
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, the `webhook-signature` header. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', webhookKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The JSON the coach's tool receives: who, their ratings, their weak and strong drivers by name, and
 * the consent record. `lead.submitted` when the gate stored them; `lead.confirmed` when they pressed
 * the results e-mail's confirm button (the double opt-in): only then may marketing start.
 */
export function webhookPayload(row: Omit<DueRow, 'id' | 'webhook_id' | 'attempts' | 'created_at' | 'lease'>): string {
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
  /** The receiver, without credentials (they are in `authorization`). */
  url: string;
  secret: string;
  /** `Basic ...` from the `user:pass@` of LEAD_WEBHOOK_URL (server/config.ts), or null. */
  authorization?: string | null;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  /** How long a claimed row is this instance's (default `outboxTimings.leaseMs`). */
  leaseMs?: number;
};

/** The webhook's delivery loop. */
export class WebhookOutbox extends DeliveryLoop {
  /** Connections to the receiver, with undici's own timeouts at the attempt's limit. */
  readonly #dispatcher: Agent;

  constructor(options: OutboxOptions) {
    const clock = options.clock;
    const authorization = options.authorization ?? null;
    let dispatcher: Agent | null = null;
    super({
      log: options.log,
      clock,
      random: options.random,
      leaseMs: options.leaseMs,
      channel: {
        queue: options.queue,
        words: { name: 'webhook', refused: 'webhook receiver answered 410 Gone' },
        async send(row: DueRow, signal: AbortSignal, limitMs: number, answered: (attempt: Attempt) => void): Promise<Attempt> {
          const body = webhookPayload(row);
          const timestamp = Math.floor((clock?.now() ?? Date.now()) / 1000);
          let given: Attempt | null = null;
          try {
            const response = await request(options.url, {
              method: 'POST',
              dispatcher: dispatcher ?? undefined,
              signal,
              headersTimeout: limitMs,
              bodyTimeout: limitMs,
              headers: {
                'content-type': 'application/json',
                'user-agent': 'core-drivers-webhook/1',
                ...(authorization === null ? {} : { authorization }),
                'webhook-id': row.webhook_id,
                'webhook-timestamp': String(timestamp),
                'webhook-signature': signWebhook(options.secret, row.webhook_id, timestamp, body),
              },
              body,
            });
            const status = response.statusCode;
            const attempt: Attempt = { result: status >= 200 && status < 300 ? 'delivered' : status === 410 ? 'refused' : 'failed', status };
            // The receiver's answer is its status: a body that stalls or breaks after it changes nothing.
            given = attempt;
            answered(attempt);
            await response.body.dump();
            return attempt;
          } catch {
            // Network error, timeout or stop; the error may name the host but never the lead, still keep it out.
            return given ?? { result: 'failed', status: null };
          }
        },
      },
    });
    const limit = this.attemptLimitMs;
    dispatcher = new Agent({ connect: { timeout: limit }, headersTimeout: limit, bodyTimeout: limit });
    this.#dispatcher = dispatcher;
  }

  /** Closes the connections to the receiver (after `stop`, when the app closes). */
  async close(): Promise<void> {
    await this.#dispatcher.destroy();
  }
}
