/**
 * The app: the HTTP shell (server/http/) with the app's parts (server/compose.ts) behind their
 * routes, the built site and the visitor's pages. `server/main.ts` only boots it; tests build it,
 * use it and close it.
 */
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import fastifyCompress from '@fastify/compress';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, RouteOptions } from 'fastify';
import { paths, type AppPath } from '../src/shared/paths';
import type { ServerConfig } from './config';
import { zonedToday } from './analytics/counter';
import { leadOfferKeys, offerRoutes } from './offers/routes';
import { eventRoutes } from './analytics/routes';
import { apiNotFound } from './client-errors';
import { type AppParts, composeApp } from './compose';
import { dashboardPage } from './coach/dashboard-page';
import { coachRoutes } from './coach/routes';
import { healthRoutes } from './health';
import { httpShell } from './http/shell';
import type { ConsentSettings } from './leads/consent';
import { leadRoutes } from './leads/routes';
import { linkRoutes } from './mail/link-routes';
import { embedScriptFiles, embedScriptRoutes } from './embed/routes';
import { logSetupLink, siteOrigin } from './coach/setup-code';
import { type PageName, privatePageHeaders, privatePages } from './pages/site-pages';
import { liveSecurityHeaders } from './security-headers';
import { mediaRoutes } from './settings/routes';
import type { LiveSnapshot } from './settings/snapshot';
import { type Clock, systemClock } from './webhooks/outbox';

/** Hashed build assets never change under the same name; everything else is revalidated. */
const immutableAssets = 'public, max-age=31536000, immutable';
const shortLivedFiles = 'public, max-age=3600';
const htmlPages = 'no-cache';
/** No site but this one may frame the quiz (the dashboard's preview). */
const noSites: readonly string[] = [];

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
    storage: AppParts['storage'];
    /** The funnel's daily counters (flushed once a second). */
    funnelCounter: AppParts['funnelCounter'];
    /** The offers' daily counters (flushed once a second). */
    offerCounter: AppParts['offerCounter'];
    /** The webhook's delivery loop: always there, it sends only while a webhook is in force (settings). */
    outbox: AppParts['outbox'];
    /** The results e-mail's loop (it sends nothing while mail is off). */
    mailOutbox: AppParts['mail']['outbox'];
    /** The coach's e-mail tool's loop (it sends nothing while no tool is set). */
    toolOutbox: AppParts['tool'];
    /** The coach's settings in force on this instance, refreshed every second from storage. */
    settings: AppParts['settings'];
  }
}

export async function buildApp(config: ServerConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  // The allowed sites are a setting: until the parts are built, none (this origin only).
  let parts: AppParts | null = null;
  const headers = liveSecurityHeaders(config, () => parts?.live.current.values.embedOrigins ?? noSites);
  const { app, refuse } = await httpShell(config, { headers, logStream: deps.logStream, onRoute: deps.onRoute });

  const clock = deps.clock ?? systemClock;
  parts = await composeApp(config, { log: app.log, clock, random: deps.outboxRandom ?? Math.random });
  const { storage, settings, live, pages, outbox, mail, funnelCounter, offerCounter, embedScript, routing, intake } = parts;
  app.decorate('storage', storage);
  app.decorate('outbox', outbox);
  app.decorate('mailOutbox', mail.outbox);
  app.decorate('toolOutbox', parts.tool);
  app.decorate('funnelCounter', funnelCounter);
  app.decorate('offerCounter', offerCounter);
  app.decorate('settings', settings);
  const stop = parts.stop;
  app.addHook('onListen', async () => {
    parts?.start();
    await announceFirstRun();
  });
  // Runs once in-flight requests are done: deliveries in progress are recorded, counts and queued leads stored.
  app.addHook('onClose', stop);

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

  const now = () => clock.now();
  let consentOf: { snapshot: LiveSnapshot; settings: ConsentSettings } | null = null;
  const today = zonedToday(() => live.current.timeZone);
  const leadOfferKey = leadOfferKeys();
  await app.register(healthRoutes, { storage, now });
  await app.register(leadRoutes, {
    store: storage,
    rateLimit: config.rateLimit,
    // Only what the consent record reads, once per settings revision (the record's wording is worked out once for it).
    consent: () => {
      const snapshot = live.current;
      if (consentOf?.snapshot !== snapshot) {
        const { privacyUrl, consentCheckbox, consentText, words } = snapshot.values;
        consentOf = { snapshot, settings: { privacyUrl, consentCheckbox, consentText, words, mailOn: snapshot.routing.email } };
      }
      return consentOf.settings;
    },
    routing: routing.submitted,
    publicOrigin: config.publicUrl,
    onStored: (lead) => {
      intake.stored();
      offerCounter.add(today(now()), leadOfferKey(live.current.values.offers ?? [], lead.ratings));
    },
  });
  await app.register(linkRoutes, { store: storage.links, now, routing: routing.confirmed, coachName: () => live.current.values.coachName });
  await app.register(eventRoutes, { counter: funnelCounter, today: () => today(now()), publicOrigin: config.publicUrl, eventsPerMinute: config.eventsPerMinute });
  await app.register(offerRoutes, { counter: offerCounter, offers: () => live.current.values.offers ?? [], today: () => today(now()), publicOrigin: config.publicUrl, eventsPerMinute: config.eventsPerMinute });
  await app.register(coachRoutes, { storage, outbox, live, mail, tool: parts.tool, config, settings, now, writeSetupLink });
  await app.register(mediaRoutes, { table: storage.settings, inForce: () => live.current.values.coachPhoto });

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
    const pageHeaders = privatePages.has(page) ? privatePageHeaders : {};
    app.get(path, (_request, reply) => sendPage(reply.headers(pageHeaders), pages.current[page], 200, privatePages.has(page) ? 'no-store' : undefined));
  }
  await app.register(dashboardPage, { distDir: config.distDir });

  app.setNotFoundHandler((request, reply) => {
    // Any /api path, in any case (/API/LEADS too), gets JSON, never the HTML page.
    if (/^\/api(\/|$|\?)/i.test(request.url)) return refuse(reply, 404, apiNotFound);
    return sendPage(reply, pages.current['not-found'], 404);
  });

  return app;
}
