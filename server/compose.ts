/**
 * The composition root: every part of the app, built once, in one place, from the configuration.
 * Storage; the coach's settings and their snapshot per revision (server/settings/snapshot.ts: the
 * webhook target, the mail, the routing and the time zone, secrets opened once per revision); what
 * follows a change of settings (the visitor's pages, the profile aggregate's days, the delivery
 * loops); the funnel's and offers' counters; the three delivery loops (webhook, results e-mail,
 * e-mail tool); the embed script.
 *
 * server/app.ts puts these parts behind the HTTP shell (server/http/) and their routes.
 */
import type { FastifyBaseLogger } from 'fastify';
import { FunnelCounter } from './analytics/counter';
import type { ServerConfig } from './config';
import { toolInForce } from './email-tool/in-force';
import { ToolOutbox } from './email-tool/tool-outbox';
import { liveEmbedScript } from './embed/embed-script';
import { type MailParts, setUpMail } from './mail/mail-setup';
import { type OfferCounter, offerCounter } from './offers/routes';
import { SitePages } from './pages/site-pages';
import { keySourceOf, loadSecretBox, missingKeyMessage } from './settings/secret-box';
import { SettingsService } from './settings/service';
import { LiveSettings, type LiveSnapshot } from './settings/snapshot';
import { siteConfigFor } from './site-config';
import { openStorage } from './storage/open-storage';
import type { OutboxChannel, Routing, Storage } from './storage/storage';
import { type Clock, WebhookOutbox } from './webhooks/outbox';
import { IntakeGauge } from './outbox/intake';

export type AppParts = {
  storage: Storage;
  /** The coach's settings in force on this instance, refreshed every second from storage. */
  settings: SettingsService;
  /** What the app uses of them: one snapshot per settings revision. */
  live: LiveSettings;
  pages: SitePages;
  funnelCounter: FunnelCounter;
  offerCounter: OfferCounter;
  /** The webhook's delivery loop: always there, it sends only while a webhook is in force. */
  outbox: WebhookOutbox;
  /** The results e-mail: its settings in force and its loop (it sends nothing while mail is off). */
  mail: MailParts;
  /** The coach's e-mail tool's delivery loop: it sends only while a tool is set, and tells the tool of an erase. */
  tool: ToolOutbox;
  /**
   * Where a lead goes now (storage's `Routing`): the channels the snapshot has on. The e-mail tool
   * hears of a lead once: at its submission with the consent box off, at its confirmation with it on.
   */
  routing: { submitted(): Routing; confirmed(): Routing };
  /** Counts the leads stored; the three loops wait while it says the intake is busy (server/outbox/intake.ts). */
  intake: IntakeGauge;
  embedScript: ReturnType<typeof liveEmbedScript>;
  /** Starts the loops and the settings' check (once the app listens). */
  start(): void;
  /** Deliveries in progress recorded, counts and queued leads stored, storage closed. */
  stop(): Promise<void>;
};

export type ComposeDeps = {
  log: FastifyBaseLogger;
  /** Time of submissions and of the delivery schedule; its timers drive the outbox loops. */
  clock: Clock;
  /** The outbox's randomness (its backoff's jitter). */
  random: () => number;
};

export async function composeApp(config: ServerConfig, { log, clock, random }: ComposeDeps): Promise<AppParts> {
  // Each delivery channel's loop, woken when storage queued rows on its channel (set once the loops exist).
  let loops: Record<OutboxChannel, { wake(): void }> | null = null;
  const storage = await openStorage(config, {
    onQueued: (channels) => channels.forEach((channel) => loops?.[channel].wake()),
    onCheckpointFailure: (error) => log.error({ err: error }, 'a WAL checkpoint failed; it is tried again every second'),
    onPoolError: (error) => log.error({ err: error }, 'a database connection failed; the pool opens a new one'),
    now: () => clock.now(),
  });
  const opened = await openSettings(config, storage, log.child({ component: 'settings' })).catch(async (error: unknown) => {
    await storage.close();
    throw error;
  });
  const { settings, pages, live } = opened;
  const funnelCounter = new FunnelCounter((rows) => storage.funnel.addCounts(rows), (error) => log.error({ err: error }, 'storing funnel counts failed; they are kept for the next try'));
  const offers = offerCounter(storage, (error) => log.error({ err: error }, 'storing offer counts failed; they are kept for the next try'));
  const inForce = live;
  const intake = new IntakeGauge(clock);
  const outbox = new WebhookOutbox({
    queue: storage.outbox.webhook,
    target: () => inForce.current.channels.webhook,
    log: log.child({ component: 'outbox' }),
    clock,
    random,
    leaseMs: config.outboxLeaseMs,
    intake,
  });
  // A webhook set (or changed) takes the waiting leads at once.
  settings.onChange(() => outbox.wake());
  const mail = setUpMail(config, storage, { clock, random, log: log.child({ component: 'mail' }), settings, live, intake });
  const tool = new ToolOutbox({
    queue: storage.outbox.tool,
    settings,
    outbound: config.outbound,
    paceWindow: storage.paceWindow,
    log: log.child({ component: 'email-tool' }),
    clock,
    random,
    leaseMs: config.outboxLeaseMs,
    intake,
    secrets: settings.secrets,
    // What the tool did with an erased person, once it is over: the delivery loop's doing, not a browser's.
    onErased: (action) => storage.audit.record(action, { actor: 'server' }, clock.now()),
  });
  // A tool set (or a new key) takes the waiting leads at once.
  settings.onChange(() => tool.wake());
  loops = { webhook: outbox, email: mail.outbox, tool };
  // Worked out once per settings revision (the snapshot), not per lead: the tool's key is a sealed secret.
  let routed: { snapshot: LiveSnapshot; submitted: Routing; confirmed: Routing } | null = null;
  const routingNow = () => {
    const snapshot = live.current;
    if (routed?.snapshot !== snapshot) {
      const hears = !toolInForce(settings).ok ? null : snapshot.values.consentCheckbox ? 'confirmed' : 'submitted';
      routed = { snapshot, submitted: { ...snapshot.routing, tool: hears === 'submitted' }, confirmed: { ...snapshot.routing, tool: hears === 'confirmed' } };
    }
    return routed;
  };
  const routing = { submitted: (): Routing => routingNow().submitted, confirmed: (): Routing => routingNow().confirmed };
  return {
    storage,
    routing,
    intake,
    settings,
    live,
    pages,
    funnelCounter,
    offerCounter: offers,
    outbox,
    mail,
    tool,
    embedScript: liveEmbedScript(config.distDir, settings),
    start() {
      outbox.start();
      settings.start();
      mail.outbox.start();
      tool.start();
    },
    async stop() {
      await settings.stop();
      await Promise.all([outbox.stop(), mail.stop(), tool.stop()]);
      await outbox.close();
      await Promise.all([funnelCounter.close(), offers.close(), pages.close()]);
      await storage.close();
    },
  };
}

/**
 * The coach's settings in force, their snapshot, and what follows them: the visitor's pages
 * (rendered again with the new settings, server/pages/site-pages.ts) and the profile aggregate's
 * days (rebuilt in a new analytics time zone, once, by whichever instance sees the change first;
 * the others find it done).
 */
async function openSettings(config: ServerConfig, storage: Storage, log: FastifyBaseLogger) {
  const secrets = loadSecretBox(keySourceOf(config));
  if (!secrets.hasKey) log.warn({}, missingKeyMessage);
  const settings = await SettingsService.open({ table: storage.settings, environment: config.environmentSettings, secrets, log });
  // First of the settings' listeners: every other one reads the new snapshot.
  const live = new LiveSettings(settings, config, log);
  const siteConfig = (snapshot: LiveSnapshot) => siteConfigFor(snapshot.values, snapshot.routing.email);
  // Built once, or rebuilt when the zone changed while no server ran (one pass over the submissions).
  await storage.funnel.useProfileTimeZone(live.current.timeZone);
  const pages = await SitePages.load(config.distDir, siteConfig(live.current));
  let zone = live.current.timeZone;
  settings.onChange(async () => {
    const snapshot = live.current;
    if (snapshot.timeZone !== zone) {
      zone = snapshot.timeZone;
      await storage.funnel.useProfileTimeZone(zone).catch((error: unknown) => {
        log.error({ err: error }, 'rebuilding the profile aggregate in the new time zone failed; the next start tries again');
      });
    }
    await pages.update(siteConfig(snapshot)).catch((error: unknown) => {
      log.error({ err: error }, 'rendering the pages with the new settings failed; the previous ones are still sent');
    });
  });
  return { settings, live, pages };
}
