/**
 * What the log may say about a request and an error: never a body, a header, a query string or a
 * database row, any of which can hold an address or a name.
 */
import type { FastifyRequest } from 'fastify';

/**
 * What the log says about an error: its kind, message, code and stack. Nothing else: a database
 * error can carry the row it refused (Postgres's `detail`: "Failing row contains (...)"), which
 * holds an address and a name.
 */
export const errorSerializer = (error: Error & { code?: unknown }) => ({
  type: error.name,
  message: error.message,
  ...(error.code === undefined ? {} : { code: error.code }),
  stack: error.stack ?? '',
});

/** A path segment holding an @ (or %40): an e-mail address, perhaps pasted into the address bar. */
const addressShapedSegment = /^[^/]*(@|%40)[^/]*$/i;

/**
 * The path as the log may show it: no query string or fragment (a form submitted without JavaScript
 * would put the e-mail address there), and no segment shaped like an e-mail address.
 */
export function loggablePath(url: string): string {
  return url
    .replace(/[?#].*$/s, '')
    .split('/')
    .map((segment) => (addressShapedSegment.test(segment) ? '[redacted]' : segment))
    .join('/');
}

/** What the log says about a request: never its body, headers or query string. */
export const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggablePath(request.url),
  remoteAddress: request.ip,
});
