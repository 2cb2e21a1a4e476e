/**
 * One signed POST of an event to the webhook: how every delivery (./outbox.ts) and the dashboard's
 * "Send a test" (./routes.ts) reach the receiver. Standard Webhooks signing
 * (https://www.standardwebhooks.com), a time limit held as a timer, redirects never followed.
 */
import { createHmac } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import type { Clock } from './outbox';
import type { WebhookTarget } from './target';

/** The signing key: a `whsec_` secret is base64 after the prefix, as Standard Webhooks define it. */
export function webhookKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret);
}

/** `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, the `webhook-signature` header. */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const mac = createHmac('sha256', webhookKey(secret)).update(`${id}.${timestampSeconds}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** One signed POST of an event to the webhook, as every delivery and the dashboard's test send it. */
export type Attempt = {
  target: WebhookTarget;
  webhookId: string;
  timestampSeconds: number;
  body: string;
  /** The attempt's limit: a timer held on `clock` (and cleared), with undici's own timeouts behind it. */
  limitMs: number;
  clock: Clock;
  dispatcher: Dispatcher;
  /** Ends the attempt early (the outbox stopping). */
  signal?: AbortSignal;
  /** Keep up to this many bytes of the answer's body (the test shows them); 0 reads and drops it. */
  keepBytes?: number;
};

/** How an attempt ended: the status (null: no answer), and for a test the start of the answer. */
export type AttemptResult = {
  status: number | null;
  /** The limit ended it (before the answer, or while its body was read). */
  timedOut: boolean;
  durationMs: number;
  /** The start of the answer's body (at most `keepBytes`), and whether there was more (or it was cut). */
  body: Uint8Array;
  bodyCut: boolean;
  /** A redirect's Location header: redirects are never followed. */
  location: string | null;
};

/**
 * Sends one event, signed the Standard Webhooks way, ended after `limitMs` by a timer held here
 * (and cleared), whatever the receiver does; redirects are not followed. The status counts once the
 * headers are in; the body is read (to reuse the connection) within the same limit, and cut with
 * the attempt. Never throws: a network error or the limit before the headers is a null status.
 */
export async function sendAttempt({ target, webhookId, timestampSeconds, body, limitMs, clock, dispatcher, signal, keepBytes = 0 }: Attempt): Promise<AttemptResult> {
  const started = performance.now();
  const controller = new AbortController();
  const stopping = () => controller.abort();
  signal?.addEventListener('abort', stopping);
  let status: number | null = null;
  let location: string | null = null;
  let timedOut = false;
  let bodyRead = false;
  const chunks: Buffer[] = [];
  let kept = 0;
  let timer: unknown = null;
  const limit = new Promise<void>((resolve) => {
    timer = clock.setTimeout(() => {
      timedOut = true;
      resolve();
    }, limitMs);
  });
  const attempt = (async () => {
    const response = await request(target.url, {
      method: 'POST',
      dispatcher,
      signal: controller.signal,
      headersTimeout: limitMs,
      bodyTimeout: limitMs,
      headers: {
        'content-type': 'application/json',
        'user-agent': 'core-drivers-webhook/1',
        ...(target.authorization === null ? {} : { authorization: target.authorization }),
        'webhook-id': webhookId,
        'webhook-timestamp': String(timestampSeconds),
        'webhook-signature': signWebhook(target.secret, webhookId, timestampSeconds, body),
      },
      body,
    });
    const answered = response.statusCode;
    status = answered;
    const where = response.headers.location;
    if (answered >= 300 && answered < 400 && where !== undefined) location = Array.isArray(where) ? (where[0] ?? null) : where;
    if (keepBytes <= 0) {
      await response.body.dump();
      bodyRead = true;
      return;
    }
    for await (const chunk of response.body) {
      const piece = chunk as Buffer;
      chunks.push(piece);
      kept += piece.length;
      if (kept > keepBytes) {
        response.body.destroy();
        return;
      }
    }
    bodyRead = true;
  })().catch(() => {
    // Network error, timeout or stop; the error may name the host but never the lead, still keep it out.
  });
  try {
    await Promise.race([attempt, limit, new Promise((resolve) => controller.signal.addEventListener('abort', resolve))]);
  } finally {
    clock.clearTimeout(timer);
    signal?.removeEventListener('abort', stopping);
    controller.abort();
  }
  const all = Buffer.concat(chunks);
  return {
    status,
    timedOut,
    durationMs: Math.round(performance.now() - started),
    body: all.subarray(0, keepBytes),
    bodyCut: status !== null && (!bodyRead || all.length > keepBytes),
    location,
  };
}
