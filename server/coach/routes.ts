/**
 * The coach API under /api/coach/ (contract: src/shared/coach-api/, one file per area; for people: server/docs/coach.md,
 * "The coach API"). One guard in front of every route: a valid session (except to sign in), and
 * for anything that changes state the site's own Origin. Every answer is `no-store`.
 */
import { Readable } from 'node:stream';
import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import type { DeliveriesResponse, RetryDeliveryResponse } from '../../src/shared/coach-api/deliveries';
import type { EraseResponse } from '../../src/shared/coach-api/leads';
import type { ProfilesResponse } from '../../src/shared/coach-api/profiles';
import { coachApi } from '../../src/shared/coach-api/routes';
import type { SessionStatus } from '../../src/shared/coach-api/session';
import { coreDrivers } from '../../src/content/drivers';
import { summaryPatterns } from '../../src/shared/coach-api/profiles';
import type { ServerConfig } from '../config';
import { readFunnel } from '../analytics/report';
import { readOffersReport } from '../offers/report';
import { csvChunks } from '../leads/export';
import type { MailOutbox } from '../mail/mail-outbox';
import { mailRoutes, senderRefusedAnswer } from '../mail/mail-routes';
import type { LiveMail } from '../mail/mail-setup';
import type { ToolOutbox } from '../email-tool/tool-outbox';
import type { WebhookOutbox } from '../webhooks/outbox';
import { MAX_PASSWORD_LENGTH, verifyPassword } from './password';
import {
  BadQuery,
  parseClosedPeriod,
  parseCursor,
  parseDeliveryFilter,
  parseId,
  parseLeadCursor,
  parseLimit,
  parsePeriod,
  parseSearch,
  type Query,
  timeRangeOf,
  valueOf,
} from './queries';
import { dashboardActor, SESSION_COOKIE, sessionTimings, SessionStore } from './sessions';
import type { Actor, Session, Storage } from '../storage/storage';
import { auditEntryOf } from '../settings/history';
import { settingsRoutes } from '../settings/routes';
import type { LiveSettings } from '../settings/snapshot';
import { webhookRoutes } from '../webhooks/routes';
import type { SettingsService } from '../settings/service';
import { setupRoutes } from './setup-routes';
import { SignInThrottle } from './throttle';
import { coachDoor, refuse } from './door';
import { coachAccessApi } from '../../src/shared/coach-api/access';
import { accountRoutes } from './access/account-routes';
import { passkeyRoutes } from './access/passkey-routes';
import { resetRoutes } from './access/reset-routes';
import { SecondFactor, secondFactorCopy } from './access/second-factor-check';
import { backupRoutes } from './backup-routes';
import { noChannelOn, retryChannels, retryOn, someChannelOn } from './retry-channels';
import { toDelivery, toDeliveryPage, toLeadDetail, toLeadList } from './wire';
import { emailToolRoutes } from '../email-tool/routes';
import { Pacer } from '../email-tool/pacer';
import { systemClock } from '../outbox/delivery-loop';

/** What the audit log says an erase did in the coach's e-mail tool. */
const eraseAudit = { deleted: 'email_tool_deleted', unsubscribed: 'email_tool_unsubscribed', failed: 'email_tool_erase_failed' } as const;

export type CoachRouteOptions = {
  /** Where the dashboard reads and writes (either backend). */
  storage: Storage;
  outbox: WebhookOutbox;
  /** The settings in force, one snapshot per revision: where leads go, the time zone (server/settings/snapshot.ts). */
  live: Pick<LiveSettings, 'current'>;
  /** The results e-mail: its settings in force and its loop (which sends nothing while mail is off). */
  mail: { live: LiveMail; outbox: MailOutbox };
  /** The coach's e-mail tool's loop: its pause, and an erase told to the tool. */
  tool: ToolOutbox;
  config: ServerConfig;
  /** The settings in force (the analytics time zone among them), and the settings screen's changes. */
  settings: SettingsService;
  now: () => number;
  /** Makes a fresh first-run set-up code and writes its address to the server's log (./setup-code.ts). */
  writeSetupLink: () => Promise<void>;
};

declare module 'fastify' {
  interface FastifyRequest {
    coachSession: Session | null;
  }
}

const queryOf = (request: FastifyRequest) => request.query as Query;

const isStateChanging = (method: string) => method !== 'GET' && method !== 'HEAD' && method !== 'OPTIONS';

/** The routes a browser reaches without a session: signing in (password or passkey), the first-run set-up, a password reset. */
const openPosts: ReadonlySet<string> = new Set([
  coachApi.session,
  coachAccessApi.passkeySignInOptions,
  coachAccessApi.passkeySignIn,
  coachAccessApi.passwordReset,
  coachAccessApi.passwordResetConfirm,
  coachAccessApi.setupLink,
]);
const withoutSession = (method: string, url: string | undefined) => (method === 'POST' && url !== undefined && openPosts.has(url)) || url === coachApi.setup;

export const coachRoutes: FastifyPluginAsync<CoachRouteOptions> = async (app, { storage, outbox, live, mail, tool, config, settings, now, writeSetupLink }) => {
  const sessions = new SessionStore(storage.sessions);
  const throttle = new SignInThrottle(storage.throttle, config.signInLockMs);
  /** Live: the coach may change them on the settings screen. */
  const zone = () => live.current.timeZone;
  const webhook = () => live.current.channels.webhook;
  const ownOrigin = (request: FastifyRequest) => config.publicUrl ?? `${request.protocol}://${request.host}`;
  const dashboard = (request: FastifyRequest): Actor => dashboardActor(request.coachSession);

  await app.register(fastifyCookie);
  app.decorateRequest('coachSession', null);

  // A bad query parameter is a 400 naming it; anything else goes on to the app's error handler.
  app.setErrorHandler((error, _request, reply) => {
    if (error instanceof BadQuery) return refuse(reply, 400, 'invalid_request', error.refusal.message, { field: error.refusal.field });
    throw error;
  });

  // Lead data and session state must never sit in a cache.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });

  // The guard: every route of this plugin, the 401 route walk in routes.test.ts proves it.
  app.addHook('onRequest', async (request, reply) => {
    if (!withoutSession(request.method, request.routeOptions.url)) {
      request.coachSession = await sessions.find(request.cookies[SESSION_COOKIE], now());
      if (!request.coachSession) return refuse(reply, 401, 'unauthorized', 'Please sign in.');
    }
    if (isStateChanging(request.method) && request.headers.origin !== ownOrigin(request)) {
      return refuse(reply, 403, 'forbidden_origin', 'This request must come from the dashboard itself. Behind a proxy, set PUBLIC_URL.');
    }
    return undefined;
  });

  const sessionStatus = (session: Session): SessionStatus => ({
    signedIn: true,
    account: 'coach',
    signedInAt: new Date(session.createdAt).toISOString(),
    idleTimeoutSeconds: sessionTimings.idleTimeoutMs / 1000,
    expiresAt: new Date(session.expiresAt).toISOString(),
    timeZone: zone(),
    webhookConfigured: webhook() !== null,
    mailConfigured: mail.live.on,
    backup: storage.backend === 'sqlite' ? 'download' : 'database',
  });
  const door = coachDoor({ storage, sessions, throttle, publicUrl: config.publicUrl, now, status: sessionStatus });
  const secondFactor = new SecondFactor(storage, settings.secrets);

  app.post(coachApi.session, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const body = request.body as { password?: unknown; code?: unknown } | null;
    const password = typeof body === 'object' && body !== null ? body.password : undefined;
    const code = typeof body === 'object' && body !== null ? body.code : undefined;
    if (typeof password !== 'string' || password === '' || password.length > MAX_PASSWORD_LENGTH) {
      return refuse(reply, 400, 'invalid_request', 'Send {"password": "..."} as JSON.', { field: 'password' });
    }
    if (code !== undefined && (typeof code !== 'string' || code.length > 40)) {
      return refuse(reply, 400, 'invalid_request', 'The code is the 6 digits your authenticator app shows, or a recovery code.', { field: 'code' });
    }
    if (door.refusedInsecure(request, reply)) return reply;
    const hash = await storage.sessions.readPasswordHash();
    if (hash === null) {
      return refuse(reply, 409, 'password_not_set', 'No password is set yet. Set one on the server: npm run coach -- set-password');
    }
    const attempt = await door.tryingSecret(request, reply, hash);
    if (attempt === null) return reply;
    // A known browser's check goes ahead of the queue of strangers' (server/coach/password.ts).
    if (!(await verifyPassword(password, hash, { priority: attempt.trusted ? 1 : 0 }))) {
      await storage.audit.record('sign_in_failed', door.anonymous, now());
      return refuse(reply, 401, 'wrong_password', 'That password is not right.');
    }
    // With the second factor on, the password alone is not enough; a wrong code counts as a wrong try.
    const factor = await secondFactor.check(code === '' ? undefined : code, now());
    if (factor === 'required') return refuse(reply, 401, 'second_factor_required', secondFactorCopy.required, { field: 'code' });
    if (factor === 'wrong') {
      await storage.audit.record('sign_in_failed', door.anonymous, now());
      return refuse(reply, 401, 'wrong_code', secondFactorCopy.wrong, { field: 'code' });
    }
    await attempt.succeeded();
    const status = await door.startSession(request, reply, hash);
    if (factor === 'recovery code') await storage.audit.record('recovery_code_used', door.anonymous, now());
    return status;
  });

  await app.register(setupRoutes, { storage, door, now, writeSetupLink, resetByMail: () => mail.live.on });
  await app.register(passkeyRoutes, { storage, door, now, actor: dashboard, ownOrigin });
  await app.register(accountRoutes, { storage, door, secondFactor, now, actor: dashboard });
  await app.register(resetRoutes, {
    storage,
    door,
    mail: mail.live,
    now,
    recoveryAddress: () => settings.values.recoveryEmail,
    ownOrigin,
    log: app.log,
  });
  await app.register(backupRoutes, { storage, dataDir: config.dataDir, now, actor: dashboard });
  await app.register(settingsRoutes, { settings, now, actor: dashboard, outbound: config.outbound });
  await app.register(webhookRoutes, { settings, webhook, storage, now, actor: dashboard, outbox });
  await app.register(mailRoutes, { mail: mail.live, storage, now, actor: dashboard });
  // The coach's checks of their e-mail tool: paced to the vendor's limit in the window every instance shares.
  const toolPacer = new Pacer(storage.paceWindow, systemClock);
  await app.register(emailToolRoutes, { settings, outbound: config.outbound, pacer: toolPacer, storage, now, actor: dashboard });
  app.get(coachApi.session, async (request) => sessionStatus(request.coachSession as Session));

  app.delete(coachApi.session, async (request, reply) => {
    const session = request.coachSession as Session;
    await sessions.end(session.id);
    await storage.audit.record('sign_out', dashboard(request), now());
    door.endSessionCookie(reply);
    return reply.code(204).send();
  });

  app.get(coachApi.funnel, async (request) => {
    const period = valueOf(parseClosedPeriod(queryOf(request), zone(), now()));
    return readFunnel(storage, period.from, period.to, zone());
  });

  app.get(coachApi.offers, async (request) => {
    const period = valueOf(parseClosedPeriod(queryOf(request), zone(), now()));
    return readOffersReport(storage, period.from, period.to, settings.values.offers ?? []);
  });

  app.get(coachApi.profiles, async (request) => {
    const period = valueOf(parseClosedPeriod(queryOf(request), zone(), now()));
    const totals = await storage.funnel.readProfileTotals(period.from, period.to);
    return {
      ...period,
      timeZone: zone(),
      submissions: totals.submissions,
      drivers: coreDrivers.map((driver, index) => {
        const [one = 0, two = 0, three = 0] = totals.ratings[index] ?? [];
        return { driverId: driver.id, driver: driver.shortName, ratings: { 1: one, 2: two, 3: three } };
      }),
      patterns: summaryPatterns.map((pattern) => ({ pattern, count: totals.patterns[pattern] })),
    } satisfies ProfilesResponse;
  });

  app.get(coachApi.leads, async (request) => {
    const query = queryOf(request);
    const period = valueOf(parsePeriod(query, zone(), now(), null));
    const q = valueOf(parseSearch(query));
    const page = await storage.dashboard.listLeads({
      q,
      cursor: valueOf(parseLeadCursor(query, q !== '')),
      limit: valueOf(parseLimit(query)),
      ...timeRangeOf(period, zone()),
    });
    return toLeadList(page);
  });

  app.get(coachApi.leadsCsv, async (request, reply) => {
    const period = valueOf(parsePeriod(queryOf(request), zone(), now(), null));
    const chunks = csvChunks(storage, period.from === null && period.to === null ? undefined : timeRangeOf(period, zone()));
    await storage.audit.record('export', dashboard(request), now());
    const name = `core-drivers-leads-${period.from ?? 'start'}-to-${period.to ?? 'now'}.csv`;
    // Streamed a chunk at a time: the download starts at once, a big export never sits in memory
    // whole, and a slow connection holds back the reading instead of the other requests.
    const body = Readable.from(
      (async function* csvText() {
        for await (const chunk of chunks) yield chunk.csv;
      })(),
      { objectMode: false },
    );
    return reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(body);
  });

  const leadId = (request: FastifyRequest) => parseId((request.params as { id?: string }).id, 'id');

  app.get(coachApi.lead, async (request, reply) => {
    const id = valueOf(leadId(request));
    const detail = id === null ? null : await storage.dashboard.leadDetail(id);
    return detail ? toLeadDetail(detail) : refuse(reply, 404, 'not_found', 'No such lead (it may have been erased).');
  });

  app.delete(coachApi.lead, async (request, reply) => {
    const id = valueOf(leadId(request));
    const email = id === null ? null : await storage.dashboard.emailOfLead(id);
    if (email === null) return refuse(reply, 404, 'not_found', 'No such lead (it may have been erased already).');
    // The e-mail tool is told through its outbox (server/email-tool/tool-erase.ts), queued with the erase.
    const toolRow = tool.eraseRow(email, now());
    const erased = await storage.dashboard.eraseLead(email, toolRow === null || toolRow === 'unsealed' ? undefined : toolRow);
    await storage.audit.record('erase', dashboard(request), now());
    if (toolRow !== 'unsealed') {
      if (toolRow !== null) tool.wake();
      return { erased: { submissions: erased.submissions, pendingDeliveries: erased.pendingDeliveries }, emailTool: toolRow && 'queued' } satisfies EraseResponse;
    }
    const told = await toolErase(email);
    if (told !== null) await storage.audit.record(eraseAudit[told], dashboard(request), now());
    return { erased: { submissions: erased.submissions, pendingDeliveries: erased.pendingDeliveries }, emailTool: told } satisfies EraseResponse;
  });

  /** Without a key to keep the address sealed, the tool is told at once: deleted (or not there), only unsubscribed, or not reached. */
  async function toolErase(email: string): Promise<'deleted' | 'unsubscribed' | 'failed' | null> {
    const outcome = await tool.eraseContact(email).catch(() => 'failed' as const);
    if (outcome === null || outcome === 'failed') return outcome;
    if (outcome.kind !== 'done') return 'failed';
    return outcome.how === 'unsubscribed' ? 'unsubscribed' : 'deleted';
  }

  app.get(coachApi.deliveries, async (request) => {
    const query = queryOf(request);
    const target = webhook();
    const page = await storage.dashboard.listDeliveries({
      filter: valueOf(parseDeliveryFilter(query)),
      cursor: valueOf(parseCursor(query)),
      limit: valueOf(parseLimit(query)),
    });
    const paused = await tool.paused();
    return {
      ...toDeliveryPage(page),
      webhookConfigured: target !== null,
      mailConfigured: mail.live.on,
      destination: target?.destination ?? null,
      mailSenderRefused: senderRefusedAnswer(mail.live),
      emailToolConfigured: tool.configured(),
      emailToolPaused: paused && { status: paused.status, detail: paused.detail, since: new Date(paused.at).toISOString() },
    } satisfies DeliveriesResponse;
  });

  /** Retry, per channel: how to send a delivery put back in the queue, and what to say while its channel is off. */
  const channels = retryChannels({
    webhook: { configured: () => webhook() !== null, wake: () => outbox.wake() },
    email: { state: () => mail.live.state, wake: () => mail.outbox.wake() },
    // A key the tool refused pauses the channel: Retry lifts the pause, so the same key is asked again.
    tool: { configured: () => tool.configured(), wake: () => tool.retry() },
  });
  app.post(coachApi.retryDelivery, async (request, reply) => {
    if (!someChannelOn(channels)) return refuse(reply, 409, noChannelOn.error, noChannelOn.message);
    const id = valueOf(leadId(request));
    const outcome = id === null ? ({ problem: 'not_found' } as const) : await storage.dashboard.retryDelivery(id, now());
    if ('problem' in outcome) {
      if (outcome.problem === 'wiped') {
        return refuse(reply, 409, 'erase_address_wiped', 'The erased person’s address is no longer kept, so your e-mail tool cannot be told again: remove them there by hand.');
      }
      return outcome.problem === 'delivered'
        ? refuse(reply, 400, 'invalid_request', 'This delivery already succeeded.', { field: 'id' })
        : refuse(reply, 404, 'not_found', 'No such delivery (its lead may have been erased).');
    }
    await storage.audit.record('delivery_retry', dashboard(request), now());
    // A channel that is off keeps the delivery waiting until it is turned on.
    const off = await retryOn(channels, outcome.delivery.channel);
    if (off) return refuse(reply, 409, off.error, off.message);
    return { delivery: toDelivery(outcome.delivery) } satisfies RetryDeliveryResponse;
  });

  app.get(coachApi.audit, async (request) => {
    const query = queryOf(request);
    const page = await storage.audit.list(valueOf(parseCursor(query)), valueOf(parseLimit(query)));
    return { entries: page.entries.map(auditEntryOf), nextCursor: page.nextCursor };
  });
};
