/**
 * How a vendor's HTTP answer becomes a `ToolOutcome` (./connector.ts), the same for every connector:
 * 2xx done; 401/403 a bad key; 429 slow down (after `Retry-After`, or the vendor's own rate header,
 * when given); 400/422 final for this contact; anything else retried. And the one line the coach
 * reads, bounded and without any e-mail address in it (a vendor's error may repeat the contact's).
 */
import type { ToolHttp, ToolOutcome, ToolRequest, ToolResponse } from './connector';

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

/** `Retry-After` in ms: seconds, or an HTTP date (from `now`); null when absent or unreadable. */
export function retryAfterMs(headers: Readonly<Record<string, string>>, now = Date.now()): number | null {
  const value = headers['retry-after']?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * The outcome of an answer. `detail` is what the tool said (already read from its error body by the
 * connector, which knows its shape); `wait` the ms to wait after a 429, when the vendor says it in
 * its own header (Brevo's `x-sib-ratelimit-reset`), else `Retry-After` is read.
 */
export function outcomeOf(response: ToolResponse, detail: string, wait: number | null = null): ToolOutcome {
  const { status } = response;
  const line = detailLine(detail) || `HTTP ${status}`;
  if (status >= 200 && status < 300) return { kind: 'done', detail: line };
  if (status === 401 || status === 403) return { kind: 'bad-key', status, detail: line };
  if (status === 429) return { kind: 'slow-down', status, retryAfterMs: wait ?? retryAfterMs(response.headers), detail: line };
  if (status === 400 || status === 422) return { kind: 'refused', status, detail: line };
  return { kind: 'retry', status, detail: line };
}

/** A request that could not be made (refused, timed out, reset): retried, its reason shown. */
export const unreachable = (error: unknown): Extract<ToolOutcome, { kind: 'retry' }> => ({
  kind: 'retry',
  status: null,
  detail: detailLine(error instanceof Error ? error.message : String(error)) || 'The tool could not be reached.',
});

/** One request: its answer, or the outcome of a request that could not be made. */
export async function send(http: ToolHttp, request: ToolRequest): Promise<ToolResponse | { failed: Extract<ToolOutcome, { kind: 'retry' }> }> {
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
