/**
 * The `ToolHttp` every connector's requests go through (./connector.ts): one undici request (not
 * fetch: behind fetch's own Request signal an abort could be lost), JSON in and out, bounded in
 * time, paced to the vendor's limit (./pacer.ts), and, for an address set on the dashboard, connected
 * only where OUTBOUND_ALLOWED_HOSTS allows (server/outbound/connect.ts); `EMAIL_TOOL_API_URL` is the
 * operator's and is not filtered, like LEAD_WEBHOOK_URL. Redirects are never followed.
 *
 * It returns every answer the tool gives, a 429 included (the connector makes it `slow-down`), after
 * telling the pacer: a 429 holds the key until its `Retry-After` (or Brevo's `x-sib-ratelimit-reset`),
 * or for a backoff without one; a rate header saying nothing is left holds it until the reset. It
 * throws when no answer came: `Paced` (no slot before the attempt's deadline: nothing was sent),
 * `OutboundRefused` (the address is not allowed), or undici's error (refused, reset, timed out).
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { Agent, request } from 'undici';
import type { OutboundPolicy } from '../outbound/allowed-hosts';
import { guardedConnector } from '../outbound/connect';
import type { ToolHttp, ToolLimit, ToolSettings } from './connector';
import type { Pacer } from './pacer';

/** The most of an answer kept: far beyond any list or contact the connectors read. */
const MAX_ANSWER_BYTES = 1_000_000;

/** Seconds, or an HTTP date; null when absent or unreadable. */
export function waitFromHeaders(headers: Readonly<Record<string, string>>, now: number): number | null {
  const retryAfter = headers['retry-after']?.trim();
  if (retryAfter) {
    if (/^\d+$/.test(retryAfter)) return Number(retryAfter) * 1000;
    const at = Date.parse(retryAfter);
    if (!Number.isNaN(at)) return Math.max(0, at - now);
  }
  // Brevo's: seconds until its window resets (developers.brevo.com, rate limits).
  const reset = headers['x-sib-ratelimit-reset']?.trim();
  return reset && /^\d+$/.test(reset) ? Number(reset) * 1000 : null;
}

/** A rate header that says nothing is left (Brevo's, MailerLite's): how long until the reset, or null. */
export function exhaustedFor(headers: Readonly<Record<string, string>>): number | null {
  const remaining = headers['x-sib-ratelimit-remaining'] ?? headers['x-ratelimit-remaining'];
  if (remaining?.trim() !== '0') return null;
  const reset = headers['x-sib-ratelimit-reset'] ?? headers['x-ratelimit-reset'];
  return reset && /^\d+$/.test(reset.trim()) ? Number(reset.trim()) * 1000 : null;
}

/**
 * Whose limit a request counts against: the key's, or the account's (ActiveCampaign's every key
 * shares the account's). A hash: the key itself is never kept outside the sealed settings.
 */
export function paceKeyOf(settings: Pick<ToolSettings, 'tool' | 'apiKey' | 'apiUrl'>, limit: Pick<ToolLimit, 'scope'>): string {
  const who = limit.scope === 'account' ? new URL(settings.apiUrl).host.toLowerCase() : settings.apiKey;
  return createHash('sha256').update(`${settings.tool}\n${who}`).digest('base64url').slice(0, 22);
}

export type ToolClientOptions = {
  settings: Pick<ToolSettings, 'tool' | 'apiKey' | 'apiUrl'>;
  limit: ToolLimit;
  /** The dashboard's address: checked on every connection. Null for EMAIL_TOOL_API_URL (the operator's). */
  guard: OutboundPolicy | null;
  pacer: Pacer;
  /** Each request's time limit (connect, headers, body). */
  requestLimitMs: number;
  now: () => number;
};

const asHeaders = (raw: Record<string, string | string[] | undefined>) => {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) if (value !== undefined) headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  return headers;
};

/** Reads at most MAX_ANSWER_BYTES; JSON when it parses, else the text (a proxy's `Retry later`). */
async function readBody(body: AsyncIterable<Buffer | Uint8Array> & { destroy(): void }): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > MAX_ANSWER_BYTES) {
      body.destroy();
      throw new Error(`The tool's answer was longer than ${MAX_ANSWER_BYTES} bytes.`);
    }
    chunks.push(Buffer.from(chunk));
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The attempt a request belongs to: its deadline and signal (see `ToolClient.within`). On while an
 * attempt of any client runs, and only then: on Node 20 and 22 an enabled AsyncLocalStorage keeps
 * promise hooks on in its thread, a cost every lead pays (a tenth of its CPU). Disabled once none
 * runs, and enabled again by the next attempt's `run`; with Node 24's AsyncContextFrame it costs
 * nothing either way, and `disable` only clears it from the context that calls it.
 */
const attempt = new AsyncLocalStorage<{ deadline: number; signal: AbortSignal | undefined }>();
let attemptsRunning = 0;

/** One tool's connections: a `ToolHttp` per attempt (its deadline and signal), closed with the settings. */
export class ToolClient {
  readonly #options: ToolClientOptions;
  readonly #agent: Agent;
  readonly #key: string;
  readonly #base: string;

  constructor(options: ToolClientOptions) {
    this.#options = options;
    const limit = options.requestLimitMs;
    const connect = options.guard === null ? { timeout: limit } : guardedConnector(options.guard, { timeout: limit });
    this.#agent = new Agent({ connect, headersTimeout: limit, bodyTimeout: limit, connections: options.limit.concurrent });
    this.#key = paceKeyOf(options.settings, options.limit);
    this.#base = options.settings.apiUrl.replace(/\/+$/, '');
  }

  /** Whose limit this client's requests count against (the pacer's key). */
  get paceKey(): string {
    return this.#key;
  }

  /** Requests of one attempt: each waits for a slot until `deadline` at most, and ends with `signal`. */
  http(deadline: number, signal?: AbortSignal): ToolHttp {
    const { pacer, limit, now, requestLimitMs } = this.#options;
    return (toolRequest) =>
      pacer.run(
        this.#key,
        limit,
        { deadline, signal, limitMs: requestLimitMs },
        async () => {
          const hasBody = toolRequest.body !== undefined;
          // Cut at its limit, whatever the phase: a connection it holds is held that long at most (./pacer.ts).
          const timeout = AbortSignal.timeout(requestLimitMs);
          const answer = await request(`${this.#base}${toolRequest.path}`, {
            method: toolRequest.method,
            dispatcher: this.#agent,
            signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
            headersTimeout: requestLimitMs,
            bodyTimeout: requestLimitMs,
            headers: {
              accept: 'application/json',
              'user-agent': 'core-drivers-email-tool/1',
              ...(hasBody ? { 'content-type': 'application/json' } : {}),
              ...toolRequest.headers,
            },
            ...(hasBody ? { body: JSON.stringify(toolRequest.body) } : {}),
          });
          const headers = asHeaders(answer.headers);
          const body = await readBody(answer.body);
          if (answer.statusCode === 429) await pacer.slowDown(this.#key, limit, waitFromHeaders(headers, now()));
          else {
            pacer.answered(this.#key);
            const exhausted = exhaustedFor(headers);
            if (exhausted !== null) await pacer.slowDown(this.#key, limit, exhausted);
          }
          return { status: answer.statusCode, headers, body };
        },
      );
  }

  /**
   * A `ToolHttp` for a connector that outlives its attempts (it keeps the tool's tag ids): each
   * request takes the deadline and signal of the attempt it runs in (`within`), or none.
   */
  bound(): ToolHttp {
    return (toolRequest) => {
      const current = attempt.getStore();
      return this.http(current?.deadline ?? Infinity, current?.signal)(toolRequest);
    };
  }

  /**
   * Runs one attempt: the `bound()` requests made in it wait for a slot until `deadline` at most, and
   * end with `signal`. Attempts at once each have their own; the store goes off when the last ends,
   * answered or thrown (a connector awaits every request it makes: none outlives its attempt).
   */
  async within<T>(deadline: number, signal: AbortSignal | undefined, run: () => Promise<T>): Promise<T> {
    attemptsRunning += 1;
    try {
      return await attempt.run({ deadline, signal }, run);
    } finally {
      attemptsRunning -= 1;
      if (attemptsRunning === 0) attempt.disable();
    }
  }

  async close(): Promise<void> {
    await this.#agent.destroy();
  }
}
