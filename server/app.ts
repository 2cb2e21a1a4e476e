/**
 * The app factory: one Fastify instance that serves the built site and the lead API.
 * `server/main.ts` only boots it; tests build it, use it and close it.
 */
import { type AddressInfo, Server as NetServer, type Socket } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import fastifyCompress from '@fastify/compress';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import { paths, type AppPath } from '../src/shared/paths';
import type { ServerConfig } from './config';
import { FunnelCounter, zonedToday } from './analytics/counter';
import { leadOfferKey, type OfferCounter, offerCounter, offerRoutes } from './offers/routes';
import { eventRoutes } from './analytics/routes';
import {
  apiNotFound,
  clientErrors,
  type ErrorBody,
  internalError,
  malformedRequest,
  rawErrorResponse,
  refusalsByCode,
  shuttingDown,
} from './client-errors';
import { dashboardPage } from './coach/dashboard-page';
import { clientKey } from './client-key';
import { coachRoutes } from './coach/routes';
import { healthRoutes } from './health';
import { leadRoutes } from './leads/routes';
import { linkRoutes } from './mail/link-routes';
import type { MailOutbox } from './mail/mail-outbox';
import { setUpMail } from './mail/mail-setup';
import { openStorage } from './storage/open-storage';
import type { OutboxChannel, Routing, Storage } from './storage/storage';
import { type Clock, systemClock, WebhookOutbox } from './webhooks/outbox';
import { webhookTarget } from './webhooks/target';
import { liveEmbedScript } from './embed/embed-script';
import { embedScriptFiles, embedScriptRoutes } from './embed/routes';
import { logSetupLink, siteOrigin } from './coach/setup-code';
import { type PageName, privatePageHeaders, privatePages } from './pages/site-pages';
import { liveSecurityHeaders } from './security-headers';
import { mediaRoutes } from './settings/routes';
import { openLiveSettings } from './settings/live';
import type { SettingsService } from './settings/service';

/** Hashed build assets never change under the same name; everything else is revalidated. */
const immutableAssets = 'public, max-age=31536000, immutable';
const shortLivedFiles = 'public, max-age=3600';
const htmlPages = 'no-cache';
/** No site but this one may frame the quiz (the dashboard's preview). */
const noSites: readonly string[] = [];

/** A lead is well under 1 KiB; anything much bigger is refused with 413 before it is read. */
export const BODY_LIMIT_BYTES = 4 * 1024;

/** The page sent for each route of the app (rendered with the live settings: server/pages/site-pages.ts). */
const pageOfPath: Record<AppPath, PageName> = {
  [paths.home]: 'landing',
  [paths.quiz]: 'quiz',
  [paths.results]: 'results',
  [paths.profile]: 'profile',
  [paths.confirm]: 'confirm',
};

/** Replaceable parts, for tests: where the log goes, the clock, the outbox's randomness. */
export type AppDeps = {
  logStream?: { write(line: string): void };
  /** Time of submissions and of the delivery schedule; its timers drive the outbox loop. */
  clock?: Clock;
  outboxRandom?: () => number;
  /** Told about every route as it is registered (the coach API's 401 route walk uses it). */
  onRoute?: (route: RouteOptions) => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Where everything is kept: SQLite under DATA_DIR, or Postgres (DATABASE_URL). */
    storage: Storage;
    /** The funnel's daily counters (flushed once a second). */
    funnelCounter: FunnelCounter;
    /** The offers' daily counters (flushed once a second). */
    offerCounter: OfferCounter;
    /** The webhook's delivery loop: always there, it sends only while a webhook is in force (settings). */
    outbox: WebhookOutbox;
    /** The results e-mail's loop (it sends nothing while mail is off). */
    mailOutbox: MailOutbox;
    /** The coach's settings in force on this instance, refreshed every second from storage. */
    settings: SettingsService;
    /**
     * The first step of a graceful stop (then `close()`): accepts no new connection, refuses new
     * requests with 503 and a close, and resolves once every connection has ended (answered, or
     * idle past its keep-alive timeout), or after `deadlineMs`, cutting what is left.
     */
    drain(deadlineMs: number): Promise<void>;
  }
}

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
const requestSerializer = (request: FastifyRequest) => ({
  method: request.method,
  url: loggablePath(request.url),
  remoteAddress: request.ip,
});

/** An error that the one refusal path answers with the entry of `refusalsByCode` for its code. */
const refusal = (code: string) => Object.assign(new Error(code), { code, statusCode: refusalsByCode[code]?.status ?? 400 });

/**
 * A key that would change an object's prototype if the body were ever merged into another object
 * (what secure-json-parse refuses). JSON.parse itself only makes it an ordinary key.
 */
function hasForbiddenKey(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(value).some(
    ([key, child]) =>
      key === '__proto__' ||
      (key === 'constructor' && typeof child === 'object' && child !== null && Object.hasOwn(child, 'prototype')) ||
      hasForbiddenKey(child),
  );
}


export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  // The allowed sites are a setting: until the settings are open, none (this origin only).
  let allowedSites: () => readonly string[] = () => noSites;
  const headers = liveSecurityHeaders(config, () => allowedSites());
  const { timeouts } = config;

  /** The one path of every refusal with a reply: security headers, JSON, nothing of the input. */
  const refuse = (reply: FastifyReply, status: number, body: ErrorBody) =>
    reply.headers(headers()).code(status).header('cache-control', 'no-store').send(body);

  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, stream: deps.logStream, serializers: { req: requestSerializer, err: errorSerializer } },
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
    // The shutdown is ours (`drain`): Fastify's 503 would skip the hooks, its closing of idle
    // connections would reset a request sent on one at that moment.
    return503OnClosing: false,
    forceCloseConnections: false,
    // A URL Fastify cannot decode (/%ff) never reaches the hooks: answered here, through `refuse`.
    frameworkErrors: (error, request, reply) => {
      const known = refusalsByCode[error.code];
      request.log.info({ code: error.code, status: known?.status ?? 400 }, 'request refused');
      return refuse(reply, known?.status ?? 400, known?.body ?? malformedRequest.body);
    },
    // Errors of Node's HTTP parser (malformed requests, headers too large, too slow) come before any
    // request exists: the answer is written on the socket, with the same headers and messages.
    clientErrorHandler: (error, socket: Socket & { _httpMessage?: { headersSent: boolean } | null }) => {
      if (error.code === 'ECONNRESET' || socket.destroyed) return;
      const { status, body } = refusalsByCode[error.code ?? ''] ?? malformedRequest;
      app.log.info({ code: error.code, status }, 'connection refused');
      if (socket.writable && !socket._httpMessage?.headersSent) socket.write(rawErrorResponse(status, body, headers()));
      socket.destroy();
    },
  });

  // JSON bodies: parsed as JSON.parse does, refusing prototype keys with a message of their own.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body === '') return done(refusal('FST_ERR_CTP_EMPTY_JSON_BODY'), undefined);
    let value: unknown;
    try {
      value = JSON.parse(body as string);
    } catch {
      return done(refusal('FST_ERR_CTP_INVALID_JSON_BODY'), undefined);
    }
    // Only a body that spells one of the keys, or escapes a character (\u005f_proto__), can hold one.
    const mayHoldForbiddenKey = /__proto__|constructor|\\u/.test(body as string);
    if (mayHoldForbiddenKey && hasForbiddenKey(value)) return done(refusal('FORBIDDEN_JSON_KEY'), undefined);
    done(null, value);
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);

  // First of all hooks, so even a request refused by the rate limit or the body parser carries them.
  // While draining, every new request is refused, and the connection closed after the answer.
  let draining = false;
  let inFlight = 0;
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
    reply.raw.once('close', () => (inFlight -= 1));
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

  const clock = deps.clock ?? systemClock;
  const storage = await openStorage(config, {
    onQueued: (channels) => channels.forEach((channel) => loops[channel].wake()),
    onCheckpointFailure: (error) => app.log.error({ err: error }, 'a WAL checkpoint failed; it is tried again every second'),
    onPoolError: (error) => app.log.error({ err: error }, 'a database connection failed; the pool opens a new one'),
    now: () => clock.now(),
  });
  const { settings, pages } = await openLiveSettings(config, storage, app.log.child({ component: 'settings' })).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  const counter = new FunnelCounter((rows) => storage.funnel.addCounts(rows), (error) => app.log.error({ err: error }, 'storing funnel counts failed; they are kept for the next try'));
  const offerCounts = offerCounter(storage, (error) => app.log.error({ err: error }, 'storing offer counts failed; they are kept for the next try'));
  // Where leads go, the allowed sites and the embed's look are settings: read live, never kept from the start.
  const webhook = () => webhookTarget(settings.secret('webhookUrl'), settings.secret('webhookSecret'), settings.sources.webhookUrl === 'environment' ? null : config.outbound);
  allowedSites = () => settings.values.embedOrigins ?? noSites;
  const outbox = new WebhookOutbox({
    queue: storage.outbox.webhook,
    target: webhook,
    log: app.log.child({ component: 'outbox' }),
    clock,
    random: deps.outboxRandom ?? Math.random,
    leaseMs: config.webhookLeaseMs,
  });
  const embedScript = liveEmbedScript(config.distDir, settings);
  // A webhook set (or changed) takes the waiting leads at once.
  settings.onChange(() => outbox.wake());
  const mail = setUpMail(config, storage, { clock, random: deps.outboxRandom ?? Math.random, log: app.log.child({ component: 'mail' }), settings });
  /** Each delivery channel's loop: woken when storage queued rows on its channel. */
  const loops: Record<OutboxChannel, { wake(): void }> = { webhook: outbox, email: mail.outbox };
  /** Where a lead goes now (server/storage/storage.ts, `Routing`): the webhook once an address and a secret are in force; the results e-mail while mail is on. */
  const routing = (): Routing => ({ webhook: settings.values.webhookUrl !== null && settings.values.webhookSecret !== null, email: mail.live.on });
  app.decorate('storage', storage);
  app.decorate('outbox', outbox);
  app.decorate('mailOutbox', mail.outbox);
  app.decorate('funnelCounter', counter);
  app.decorate('offerCounter', offerCounts);
  app.decorate('settings', settings);
  app.addHook('onListen', async () => {
    outbox.start();
    settings.start();
    mail.outbox.start();
    await announceFirstRun();
  });
  // Runs once in-flight requests are done: deliveries in progress are recorded, counts and queued leads stored.
  app.addHook('onClose', async () => {
    await settings.stop();
    await Promise.all([outbox.stop(), mail.stop()]);
    await outbox.close();
    await Promise.all([counter.close(), offerCounts.close()]);
    await storage.close();
  });

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

  await app.register(fastifyRateLimit, {
    global: false,
    // An IPv4 address, or an IPv6 address's /64 (server/client-key.ts).
    keyGenerator: (request) => clientKey(request.ip),
    // Only a refused request (429) says how long to wait; an accepted one carries no counters.
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
  });
  /**
   * First run: while no password is set, this server prints its one-time set-up address once
   * (server/coach/setup-code.ts), on a log line of its own, with the address in the message; again
   * when an expired one's screen asks for a fresh one.
   */
  const writeSetupLink = () =>
    logSetupLink(storage, app.log, clock.now(), siteOrigin(config.publicUrl, config.host, (app.server.address() as AddressInfo).port));
  async function announceFirstRun() {
    if ((await storage.sessions.readPasswordHash()) === null) await writeSetupLink();
  }

  await app.register(healthRoutes, { storage, now: () => clock.now() });
  const today = zonedToday(() => settings.values.analyticsTimeZone ?? 'UTC');
  await app.register(leadRoutes, {
    store: storage,
    rateLimit: config.rateLimit,
    consent: () => ({ ...settings.values, mailOn: mail.live.on }),
    routing,
    publicOrigin: config.publicUrl,
    onStored: (lead) => offerCounts.add(today(clock.now()), leadOfferKey(settings.values.offers ?? [], lead.ratings)),
  });
  await app.register(linkRoutes, { store: storage.links, now: () => clock.now(), routing, coachName: () => settings.values.coachName });
  await app.register(eventRoutes, {
    counter,
    today: () => today(clock.now()),
    publicOrigin: config.publicUrl,
    eventsPerMinute: config.eventsPerMinute,
  });
  await app.register(offerRoutes, { counter: offerCounts, offers: () => settings.values.offers ?? [], today: () => today(clock.now()), publicOrigin: config.publicUrl, eventsPerMinute: config.eventsPerMinute });
  await app.register(coachRoutes, { storage, outbox, webhook, mail, config, settings, now: () => clock.now(), writeSetupLink });
  await app.register(mediaRoutes, { table: storage.settings, inForce: () => settings.values.coachPhoto });

  await app.register(fastifyCompress, { encodings: ['br', 'gzip'] });
  await app.register(embedScriptRoutes, { script: embedScript });
  await app.register(fastifyStatic, {
    root: join(config.distDir, 'client'),
    wildcard: false,
    index: false,
    dotfiles: 'ignore',
    // /embed.js is sent with the coach's look in it (server/embed/routes.ts).
    globIgnore: embedScriptFiles,
    // Sends dist/client/*.br or *.gz when the build wrote them, instead of compressing per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply: FastifyReply, path: string) {
      reply.header('cache-control', path.includes('/assets/') ? immutableAssets : shortLivedFiles);
    },
  });

  const sendPage = (reply: FastifyReply, html: string, status = 200, cacheControl = htmlPages) =>
    reply.code(status).header('cache-control', cacheControl).type('text/html; charset=utf-8').send(html);

  for (const [path, page] of Object.entries(pageOfPath)) {
    const headers = privatePages.has(page) ? privatePageHeaders : {};
    app.get(path, (_request, reply) => sendPage(reply.headers(headers), pages.current[page], 200, privatePages.has(page) ? 'no-store' : undefined));
  }
  await app.register(dashboardPage, { distDir: config.distDir });

  app.setNotFoundHandler((request, reply) => {
    // Any /api path, in any case (/API/LEADS too), gets JSON, never the HTML page.
    if (/^\/api(\/|$|\?)/i.test(request.url)) return refuse(reply, 404, apiNotFound);
    return sendPage(reply, pages.current['not-found'], 404);
  });

  return app;
}
