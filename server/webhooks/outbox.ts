/**
 * The webhook channel of the durable outbox (server/outbox/delivery-loop.ts): each stored
 * submission's `lead.submitted` row, and the `lead.confirmed` row a confirmed opt-in adds, sent to
 * LEAD_WEBHOOK_URL signed the way Standard Webhooks are (https://www.standardwebhooks.com), until
 * the receiver answers 2xx. A 410 Gone stops that row for good and says so in the log; anything else
 * is retried by the loop, with backoff, for up to three days.
 */
import { createHmac } from 'node:crypto';
import { coreDrivers } from '../../src/content/drivers';
import { weakAndStrong } from '../../src/shared/insights';
import { decodeRatings } from '../../src/shared/ratings';
import { type Attempt, type Clock, DeliveryLoop, type OutboxLog, outboxTimings } from '../outbox/delivery-loop';
import type { DueRow, OutboxQueue } from '../storage/storage';

export { type Clock, outboxTimings, retryDelayMs, systemClock } from '../outbox/delivery-loop';

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
  url: string;
  secret: string;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  fetch?: typeof fetch;
  /** How long a claimed row is this instance's (default `outboxTimings.leaseMs`). */
  leaseMs?: number;
};

/** The webhook's delivery loop. */
export class WebhookOutbox extends DeliveryLoop {
  constructor(options: OutboxOptions) {
    const clock = options.clock;
    const send = options.fetch ?? globalThis.fetch;
    super({
      log: options.log,
      clock,
      random: options.random,
      leaseMs: options.leaseMs,
      channel: {
        queue: options.queue,
        words: { name: 'webhook', refused: 'webhook receiver answered 410 Gone' },
        async send(row: DueRow, stopping: AbortSignal): Promise<Attempt> {
          const body = webhookPayload(row);
          const timestamp = Math.floor((clock?.now() ?? Date.now()) / 1000);
          try {
            const response = await send(options.url, {
              method: 'POST',
              redirect: 'manual',
              signal: AbortSignal.any([AbortSignal.timeout(outboxTimings.attemptLimitMs), stopping]),
              headers: {
                'content-type': 'application/json',
                'user-agent': 'core-drivers-webhook/1',
                'webhook-id': row.webhook_id,
                'webhook-timestamp': String(timestamp),
                'webhook-signature': signWebhook(options.secret, row.webhook_id, timestamp, body),
              },
              body,
            });
            await response.body?.cancel();
            const { status } = response;
            return { result: status >= 200 && status < 300 ? 'delivered' : status === 410 ? 'refused' : 'failed', status };
          } catch {
            // Network error or timeout; the cause may name the host but never the lead, still keep it out.
            return { result: 'failed', status: null };
          }
        },
      },
    });
  }
}
