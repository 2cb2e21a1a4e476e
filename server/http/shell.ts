/**
 * The HTTP shell: one Fastify instance with the log's serializers, the time limits, the one JSON
 * body parser, the drain and the one refusal path, before any part of the app is in it
 * (server/app.ts registers the routes on it; server/compose.ts builds what they use).
 */
import type { Socket } from 'node:net';
import fastifyRateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { ServerConfig } from '../config';
import { clientKey } from '../client-key';
import { useDrain } from './drain';
import { answerErrors, clientErrorsWith, frameworkErrorsWith, type Headers, type Refuse, refuserWith } from './errors';
import { BODY_LIMIT_BYTES, useJsonBodies } from './json-body';
import { errorSerializer, requestSerializer } from './log';

export type ShellOptions = {
  /** The security headers of every answer (they follow the settings: read for each answer). */
  headers: Headers;
  logStream?: { write(line: string): void };
  /** Told about every route as it is registered (the coach API's 401 route walk uses it). */
  onRoute?: (route: RouteOptions) => void;
};

export async function httpShell(config: ServerConfig, options: ShellOptions): Promise<{ app: FastifyInstance; refuse: Refuse }> {
  const { timeouts } = config;
  const { headers } = options;
  const refuse = refuserWith(headers);
  const app: FastifyInstance = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, stream: options.logStream, serializers: { req: requestSerializer, err: errorSerializer } },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A slow or stalled client cannot hold a connection open for long. Node checks the headers and
    // request limits every checkIntervalMs (its default, 30 s, let a dripped request live 30-40 s).
    http: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      connectionsCheckingInterval: timeouts.checkIntervalMs,
    },
    requestTimeout: timeouts.requestMs,
    connectionTimeout: timeouts.idleMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    // The shutdown is ours (./drain.ts): Fastify's 503 would skip the hooks, its closing of idle
    // connections would reset a request sent on one at that moment.
    return503OnClosing: false,
    forceCloseConnections: false,
    frameworkErrors: frameworkErrorsWith(refuse),
    clientErrorHandler: clientErrorsWith(headers, () => app.log) as (error: Error, socket: Socket) => void,
  });
  useJsonBodies(app);
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  useDrain(app, headers, refuse);
  answerErrors(app, refuse);
  await app.register(fastifyRateLimit, {
    global: false,
    // An IPv4 address, or an IPv6 address's /64 (server/client-key.ts).
    keyGenerator: (request) => clientKey(request.ip),
    // Only a refused request (429) says how long to wait; an accepted one carries no counters.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  return { app, refuse };
}
