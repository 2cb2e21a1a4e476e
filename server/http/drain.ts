/**
 * The first step of a graceful stop (then `close()`): the app accepts no new connection, refuses new
 * requests with 503 and a close, and `drain` resolves once every connection has ended (answered, or
 * idle past its keep-alive timeout), or after its deadline, cutting what is left.
 */
import { Server as NetServer } from 'node:net';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { shuttingDown } from '../client-errors';
import type { Headers, Refuse } from './errors';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The first step of a graceful stop (then `close()`): accepts no new connection, refuses new
     * requests with 503 and a close, and resolves once every connection has ended (answered, or
     * idle past its keep-alive timeout), or after `deadlineMs`, cutting what is left.
     */
    drain(deadlineMs: number): Promise<void>;
  }
}

/**
 * The first of all hooks, so even a request refused by the rate limit or the body parser carries the
 * security headers. While draining, every new request is refused, and the connection closed after
 * the answer.
 */
export function useDrain(app: FastifyInstance, headers: Headers, refuse: Refuse): void {
  let draining = false;
  let inFlight = 0;
  // One listener for every answer, not a closure (and `once`'s wrapper) made per request: an answer closes once.
  const answerClosed = () => {
    inFlight -= 1;
  };
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(headers());
    if (draining) {
      // The body is read (and dropped) first: closing a connection with unread data on it sends a
      // TCP reset, which can reach the client before the 503 does.
      request.raw.once('end', () => void refuse(reply.header('connection', 'close').header('retry-after', '5'), 503, shuttingDown));
      request.raw.resume();
      return;
    }
    inFlight += 1;
    reply.raw.on('close', answerClosed);
    done();
  });

  app.decorate('drain', async (deadlineMs: number) => {
    draining = true;
    // Stops accepting connections. Not server.close(): it would also end idle keep-alive
    // connections at once, resetting any request a client is sending on one just then.
    NetServer.prototype.close.call(app.server);
    // Each open connection then ends on its own: its next request gets the 503 and a close, and an
    // idle one is closed by the keep-alive timeout it announced (`Keep-Alive: timeout=…`), which
    // clients honour. Ending idle ones sooner would race a client that is just sending on one.
    const openConnections = promisify(app.server.getConnections.bind(app.server));
    const deadline = performance.now() + deadlineMs;
    while (performance.now() < deadline && (inFlight > 0 || (await openConnections()) > 0)) {
      await sleep(20);
    }
    if (inFlight > 0) app.log.warn({ inFlight }, 'requests still running at the shutdown deadline: cut off');
    app.server.closeAllConnections();
  });
}
