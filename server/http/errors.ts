/**
 * The one path of every refusal with an answer: the security headers, JSON from the table of
 * server/client-errors.ts, nothing of the input. Fastify's own errors, Node's HTTP parser's (before
 * any request exists) and the routes' thrown errors all end here.
 */
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { clientErrors, type ErrorBody, internalError, malformedRequest, rawErrorResponse, refusalsByCode } from '../client-errors';

export type Headers = () => Record<string, string>;

export type Refuse = (reply: FastifyReply, status: number, body: ErrorBody) => FastifyReply;

export const refuserWith =
  (headers: Headers): Refuse =>
  (reply, status, body) =>
    reply.headers(headers()).code(status).header('cache-control', 'no-store').send(body);

/** A URL Fastify cannot decode (/%ff) never reaches the hooks: answered here, through `refuse`. */
export const frameworkErrorsWith = (refuse: Refuse) => (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const known = refusalsByCode[error.code];
  request.log.info({ code: error.code, status: known?.status ?? 400 }, 'request refused');
  return refuse(reply, known?.status ?? 400, known?.body ?? malformedRequest.body);
};

/**
 * Errors of Node's HTTP parser (malformed requests, headers too large, too slow) come before any
 * request exists: the answer is written on the socket, with the same headers and messages.
 */
export const clientErrorsWith =
  (headers: Headers, log: () => Pick<FastifyInstance['log'], 'info'>) =>
  (error: NodeJS.ErrnoException, socket: Socket & { _httpMessage?: { headersSent: boolean } | null }) => {
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    const { status, body } = refusalsByCode[error.code ?? ''] ?? malformedRequest;
    log().info({ code: error.code, status }, 'connection refused');
    if (socket.writable && !socket._httpMessage?.headersSent) socket.write(rawErrorResponse(status, body, headers()));
    socket.destroy();
  };

/** A route's error: a known refusal by its code or status, else a 500 that says nothing of the cause (which is logged). */
export function answerErrors(app: FastifyInstance, refuse: Refuse): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const byCode = refusalsByCode[error.code];
    const status = byCode?.status ?? error.statusCode ?? 500;
    const known = byCode?.body ?? clientErrors[status];
    if (known) {
      request.log.info({ code: error.code, status }, 'request refused');
      return refuse(reply, status, known);
    }
    request.log.error({ err: error }, 'request failed');
    return refuse(reply, 500, internalError);
  });
}
