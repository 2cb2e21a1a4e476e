/**
 * Every refusal the server answers, in one table, with fixed messages that never echo the input:
 * the 4xx errors Fastify and Node's HTTP parser raise themselves (bad URL, broken JSON, body too
 * large, headers too large, too slow, malformed HTTP), the rate limit, the shutdown, and the ones
 * the lead route shares with them. `server/http/errors.ts` sends them all through one path, with the
 * security headers.
 */
import { STATUS_CODES } from 'node:http';

export type ErrorBody = { error: string; message: string; field?: string | null };

const invalidJson: ErrorBody = { error: 'invalid_request', field: null, message: 'The request body is not valid JSON.' };
const tooSlow: ErrorBody = { error: 'request_timeout', message: 'The request took too long to arrive. Please try again.' };
export const apiNotFound: ErrorBody = { error: 'not_found', message: 'No such API endpoint.' };
const headersTooLarge: ErrorBody = { error: 'headers_too_large', message: 'The request headers are too large.' };

export const clientErrors: Record<number, ErrorBody> = {
  400: invalidJson,
  404: apiNotFound,
  408: tooSlow,
  413: { error: 'payload_too_large', message: 'The request body is too large.' },
  415: { error: 'unsupported_media_type', message: 'Send the lead as application/json.' },
  429: { error: 'rate_limited', message: 'Too many submissions from this address. Please try again later.' },
  431: headersTooLarge,
};

export const internalError: ErrorBody = { error: 'internal_error', message: 'Something went wrong. Please try again later.' };

/** A lead not stored within the time limit (a stalled disk or database): retried with its Idempotency-Key, it is stored once. */
export const storageTooSlow: ErrorBody = {
  error: 'storage_unavailable',
  message: 'The lead could not be stored just now. Please try again in a moment.',
};

export const shuttingDown: ErrorBody = {
  error: 'shutting_down',
  message: 'The server is restarting. Please try again in a moment.',
};

/** Refusals known by the code of the error that raised them (Fastify's, Node's parser's, ours). */
export const refusalsByCode: Record<string, { status: number; body: ErrorBody }> = {
  FST_ERR_BAD_URL: { status: 400, body: { error: 'bad_url', message: 'The address of this request is not valid.' } },
  FST_ERR_MAX_PARAM_LENGTH: { status: 400, body: { error: 'bad_url', message: 'The address of this request is not valid.' } },
  FST_ERR_CTP_EMPTY_JSON_BODY: {
    status: 400,
    body: { error: 'invalid_request', field: null, message: 'The request body is empty: send the lead as a JSON object.' },
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, body: invalidJson },
  FORBIDDEN_JSON_KEY: {
    status: 400,
    body: {
      error: 'invalid_request',
      field: null,
      message: 'The request body holds a key that is never allowed (__proto__, or constructor with prototype).',
    },
  },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, body: tooSlow },
  HPE_HEADER_OVERFLOW: { status: 431, body: headersTooLarge },
};

/** Anything else Node's HTTP parser refuses: a NUL, a bare LF, Content-Length with Transfer-Encoding... */
export const malformedRequest = { status: 400, body: { error: 'bad_request', message: 'The request is not valid HTTP.' } };

/**
 * A whole HTTP response as text, for the errors Node raises before a request exists (then there is
 * no reply object, only the socket). The connection is closed after it.
 */
export function rawErrorResponse(status: number, body: ErrorBody, headers: Record<string, string>): string {
  const json = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}`,
    'content-type: application/json; charset=utf-8',
    `content-length: ${Buffer.byteLength(json)}`,
    'cache-control: no-store',
    'connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return `${lines.join('\r\n')}\r\n\r\n${json}`;
}
