/**
 * The app factory: one Fastify instance that serves the built site and the lead API.
 * `server/main.ts` only boots it; tests build it, use it and close it.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { paths, type AppPath } from '../src/app/paths';
import type { ServerConfig } from './config';
import { clientErrors } from './client-errors';
import { leadRoutes } from './leads/routes';
import { LeadStore } from './storage/lead-store';
import { type Clock, systemClock, WebhookOutbox } from './webhooks/outbox';
import { securityHeaders } from './security-headers';
import { siteConfigFor, withSiteConfig } from './site-config';

/** Hashed build assets never change under the same name; everything else is revalidated. */
const immutableAssets = 'public, max-age=31536000, immutable';
const shortLivedFiles = 'public, max-age=3600';
const htmlPages = 'no-cache';
/**
 * The embed script keeps its name (coaches paste its address into their sites), so it is only
 * briefly fresh: a new version reaches every site within five minutes, a stale copy is still used
 * (and refreshed behind the scenes) for a day. Other sites load it, so it is not same-origin only.
 */
const embedScriptHeaders = {
  'cache-control': 'public, max-age=300, stale-while-revalidate=86400',
  'cross-origin-resource-policy': 'cross-origin',
};

/** A lead is well under 1 KiB; anything much bigger is refused with 413 before it is read. */
export const BODY_LIMIT_BYTES = 4 * 1024;

/** The page sent for each route of the app (built by scripts/prerender.ts). */
const pageFiles: Record<AppPath, string> = {
  [paths.home]: 'landing.html',
  [paths.quiz]: 'quiz.html',
  [paths.results]: 'results.html',
};
const notFoundFile = 'not-found.html';

type Pages = { byPath: Record<AppPath, string>; notFound: string };

function readPages(config: ServerConfig): Pages {
  const siteConfig = siteConfigFor(config);
  const read = (name: string) => {
    const file = join(config.distDir, 'html', name);
    if (!existsSync(file)) throw new Error(`${file} is missing: run "npm run build" first.`);
    return withSiteConfig(readFileSync(file, 'utf8'), siteConfig);
  };
  const byPath = Object.fromEntries(
    Object.entries(pageFiles).map(([path, file]) => [path, read(file)]),
  ) as Record<AppPath, string>;
  return { byPath, notFound: read(notFoundFile) };
}

/** Replaceable parts, for tests: where the log goes, the clock, and the outbox's HTTP client. */
export type AppDeps = {
  logStream?: { write(line: string): void };
  /** Time of submissions and of the delivery schedule; its timers drive the outbox loop. */
  clock?: Clock;
  outboxFetch?: typeof fetch;
  outboxRandom?: () => number;
};

declare module 'fastify' {
  interface FastifyInstance {
    leadStore: LeadStore;
    /** Null when no LEAD_WEBHOOK_URL is configured. */
    outbox: WebhookOutbox | null;
  }
}

/**
 * What the log says about a request: never its body, headers or query string (a form submitted
 * without JavaScript would put the e-mail address there).
 */
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: request.url.replace(/\?.*$/s, ''),
  remoteAddress: request.ip,
});

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const pages = readPages(config);
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, stream: deps.logStream, serializers: { req: requestSerializer } },
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    // A slow or stalled client cannot hold a connection open for long.
    connectionTimeout: 15_000,
    requestTimeout: 10_000,
    keepAliveTimeout: 5_000,
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
  });

  // First of all hooks, so even a request refused by the rate limit or the body parser carries them.
  const headers = securityHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });

  const clock = deps.clock ?? systemClock;
  const store = new LeadStore(config.dataDir, {
    outbox: config.webhook !== null,
    onOutboxRows: () => outbox?.wake(),
    onCheckpointFailure: (error) => app.log.error({ err: error }, 'a WAL checkpoint failed; it is tried again every second'),
    now: () => clock.now(),
  });
  const outbox = config.webhook
    ? new WebhookOutbox({
        db: store.db,
        url: config.webhook.url,
        secret: config.webhook.secret,
        log: app.log.child({ component: 'outbox' }),
        clock,
        random: deps.outboxRandom ?? Math.random,
        fetch: deps.outboxFetch ?? globalThis.fetch,
      })
    : null;
  app.decorate('leadStore', store);
  app.decorate('outbox', outbox);
  app.addHook('onListen', (done) => {
    outbox?.start();
    done();
  });
  // Runs once in-flight requests are done: deliveries in progress are recorded, queued leads stored.
  app.addHook('onClose', async () => {
    await outbox?.stop();
    await store.close();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    const known = clientErrors[status];
    if (known) {
      request.log.info({ code: error.code, status }, 'request refused');
      return reply.code(status).header('cache-control', 'no-store').send(known);
    }
    request.log.error({ err: error }, 'request failed');
    return reply
      .code(500)
      .header('cache-control', 'no-store')
      .send({ error: 'internal_error', message: 'Something went wrong. Please try again later.' });
  });

  await app.register(fastifyRateLimit, {
    global: false,
    // Only a refused request (429) says how long to wait; an accepted one carries no counters.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  await app.register(leadRoutes, { store, rateLimit: config.rateLimit });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  const embedScript = join(config.distDir, 'client', 'embed.js');
  const embedScriptFiles = new Set([embedScript, `${embedScript}.br`, `${embedScript}.gz`]);
  await app.register(fastifyStatic, {
    root: join(config.distDir, 'client'),
    wildcard: false,
    index: false,
    dotfiles: 'ignore',
    // Sends dist/client/*.br or *.gz when the build wrote them, instead of compressing per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, path: string) {
      // The path is of the file sent: embed.js, or its precompressed embed.js.br / .gz copy.
      if (embedScriptFiles.has(path)) return reply.headers(embedScriptHeaders);
      reply.header('cache-control', path.includes('/assets/') ? immutableAssets : shortLivedFiles);
    },
  });

  const sendPage = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).header('cache-control', htmlPages).type('text/html; charset=utf-8').send(html);

  for (const [path, html] of Object.entries(pages.byPath)) {
    app.get(path, (_request, reply) => sendPage(reply, html));
  }

  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send(clientErrors[404]);
    return sendPage(reply, pages.notFound, 404);
  });

  return app;
}
