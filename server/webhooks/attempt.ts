/**
 * One signed POST of an event to the webhook: how every delivery (./outbox.ts, ended by the
 * delivery loop's held timer) and the dashboard's "Send a test" (./routes.ts, through
 * `WebhookOutbox.sendTest`) reach the receiver. Standard Webhooks signing
 * (https://www.standardwebhooks.com), one undici request (not fetch: behind fetch's own Request
 * signal an abort could be lost), redirects never followed.
 */
import { createHmac } from 'node:crypto';
import { request, type Dispatcher } from 'undici';
import { OutboundRefused } from '../outbound/connect';
import { errorText } from '../outbox/reply-text';
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

export type EventPost = {
  target: WebhookTarget;
  webhookId: string;
  timestampSeconds: number;
  body: string;
  dispatcher: Dispatcher;
  /** Ends the attempt: the caller's held timer at its limit, or a stop. */
  signal: AbortSignal;
  /** Undici's own headers and body timeouts, a second line behind the caller's timer. */
  limitMs: number;
  /** Keep up to this many bytes of the answer's body (the test shows them); 0 reads and drops it. */
  keepBytes?: number;
  /** Told the status as soon as the headers are in (the answer counts from then). */
  onStatus?: (status: number) => void;
};

/**
 * What the receiver answered: its status (null: none), the start of its body, a redirect's Location;
 * `blocked`: why the server did not connect at all (OUTBOUND_ALLOWED_HOSTS), or null; `error`: why
 * there was no answer or it broke off (the network error's message), or null.
 */
export type EventAnswer = { status: number | null; body: Uint8Array; bodyCut: boolean; location: string | null; blocked: string | null; error: string | null };

/** Posts one event; never throws (a network error, or the signal before the headers, is a null status). */
export async function postEvent({ target, webhookId, timestampSeconds, body, dispatcher, signal, limitMs, keepBytes = 0, onStatus }: EventPost): Promise<EventAnswer> {
  let status: number | null = null;
  let location: string | null = null;
  let bodyRead = false;
  let blocked: string | null = null;
  let failure: string | null = null;
  const chunks: Buffer[] = [];
  let kept = 0;
  try {
    const response = await request(target.url, {
      method: 'POST',
      dispatcher,
      signal,
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
    onStatus?.(answered);
    if (keepBytes <= 0) {
      await response.body.dump();
      bodyRead = true;
    } else {
      for await (const chunk of response.body) {
        const piece = chunk as Buffer;
        chunks.push(piece);
        kept += piece.length;
        if (kept > keepBytes) {
          response.body.destroy();
          break;
        }
      }
      bodyRead = kept <= keepBytes;
    }
  } catch (error) {
    // Network error, timeout or stop; the error may name the host but never the lead, still keep it out.
    // A target the server may not connect to says why (its message names only the host and its kind).
    if (error instanceof OutboundRefused) blocked = error.message;
    failure = errorText(error);
  }
  const all = Buffer.concat(chunks);
  return { status, body: all.subarray(0, keepBytes), bodyCut: status !== null && !bodyRead, location, blocked, error: failure };
}
