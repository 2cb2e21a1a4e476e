/**
 * How a vendor's HTTP answer becomes a `ToolOutcome` (./connector.ts), the same for every connector:
 * 2xx done; 401/403 a bad key; 429 slow down (after `Retry-After`, or the vendor's own rate header,
 * when given); 400/422 final for this contact; anything else retried. And the one line the coach
 * reads, bounded and without any e-mail address in it (a vendor's error may repeat the contact's).
 */
import type { ToolHttp, ToolOutcome, ToolRequest, ToolResponse } from './connector';
import { waitFromHeaders } from './http';
import { Paced } from './pacer';

const DETAIL_LIMIT = 200;

/** The tool's answer as one short line: white space folded, e-mail addresses masked, bounded. */
export function detailLine(text: string): string {
  const line = text
    // Controls, line breaks and bidi overrides become a space: the line is shown as it is.
    .replace(/[\s\p{Cc}\u202a-\u202e\u2066-\u2069]+/gu, ' ')
    .replace(/[^\s"'<>()@,;:]+@[^\s"'<>()@,;:]+/g, '(an address)')
    .trim();
  return line.length > DETAIL_LIMIT ? `${line.slice(0, DETAIL_LIMIT - 1)}…` : line;
}

/**
 * The outcome of an answer. `detail` is what the tool said (already read from its error body by the
 * connector, which knows its shape); after a 429 the wait is its `Retry-After`, or Brevo's
 * `x-sib-ratelimit-reset` (./http.ts reads both), else null: back off.
 */
export function outcomeOf(response: ToolResponse, detail: string, now = Date.now()): ToolOutcome {
  const { status } = response;
  const line = detailLine(detail) || `HTTP ${status}`;
  if (status >= 200 && status < 300) return { kind: 'done', detail: line };
  if (status === 401 || status === 403) return { kind: 'bad-key', status, detail: line };
  if (status === 429) return { kind: 'slow-down', status, retryAfterMs: waitFromHeaders(response.headers, now), detail: line };
  if (status === 400 || status === 422) return { kind: 'refused', status, detail: line };
  return { kind: 'retry', status, detail: line };
}

export type NotDone = Exclude<ToolOutcome, { kind: 'done' }>;

/** The outcome of an answer the connector did not expect (an error, or a 2xx it cannot read): never `done`. */
export function failureOf(response: ToolResponse, detail: string): NotDone {
  const outcome = outcomeOf(response, detail);
  return outcome.kind === 'done' ? { kind: 'retry', status: response.status, detail: 'The answer could not be read.' } : outcome;
}

/**
 * A request that could not be made: no slot under the limit before the attempt's deadline (the
 * pacer's `Paced`: nothing sent, slow down until the slot) or refused, timed out, reset (retried).
 */
export function unreachable(error: unknown): NotDone {
  if (error instanceof Paced) return { kind: 'slow-down', status: 429, retryAfterMs: error.waitMs, detail: detailLine(error.message) };
  return { kind: 'retry', status: null, detail: detailLine(error instanceof Error ? error.message : String(error)) || 'The tool could not be reached.' };
}

/** One request: its answer, or the outcome of a request that could not be made. */
export async function send(http: ToolHttp, request: ToolRequest): Promise<ToolResponse | { failed: NotDone }> {
  try {
    return await http(request);
  } catch (error) {
    return { failed: unreachable(error) };
  }
}

/** A plain object's field, or undefined: vendors' bodies are read without trusting their shape. */
export function field(value: unknown, name: string): unknown {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>)[name] : undefined;
}

/** A string or number id as a string; null otherwise. */
export function idOf(value: unknown): string | null {
  if (typeof value === 'string' && value !== '') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

export const isOk = (response: ToolResponse) => response.status >= 200 && response.status < 300;
