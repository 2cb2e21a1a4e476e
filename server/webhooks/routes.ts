/**
 * Forwarding, as the coach checks it on the dashboard (inside the coach API, so its guard applies: a
 * session, and the site's own Origin for every POST). The address itself is a setting (PATCH
 * /api/coach/settings `webhookUrl`, or LEAD_WEBHOOK_URL, which wins).
 *
 *   GET  /api/coach/webhook         on or off, where leads go (no credentials), where each part comes from
 *   POST /api/coach/webhook/test    a signed webhook.test event, sent as a lead is; the receiver's answer
 *   POST /api/coach/webhook/secret  a new signing secret, stored sealed, shown this once
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { coachApi, type CoachApiError } from '../../src/shared/coach-api/routes';
import { type NewWebhookSecret, WEBHOOK_TEST_BODY_LIMIT, type WebhookStatus, type WebhookTestResult } from '../../src/shared/coach-api/webhook';
import { coachSettings } from '../../src/shared/coach-settings';
import { displayAddress } from '../../src/shared/display-address';
import { missingKeyMessage } from '../settings/secret-box';
import type { SettingsService } from '../settings/service';
import type { Actor, Storage } from '../storage/storage';
import type { WebhookOutbox } from './outbox';
import type { WebhookTarget } from './target';
import { answerText, outcomeOf, testEventBody } from './test-event';

export const webhookNotConfigured =
  'Forwarding is off: set the webhook address and its signing secret first (Settings, "Forwarding leads to your e-mail tool").';

type Options = {
  settings: SettingsService;
  webhook: () => WebhookTarget | null;
  storage: Storage;
  now: () => number;
  actor: (request: FastifyRequest) => Actor;
  /** Sends the test as leads are sent. */
  outbox: Pick<WebhookOutbox, 'sendTest'>;
};

/** Enough bytes for the answer's first 2,000 characters in any script. */
const KEEP_BYTES = WEBHOOK_TEST_BODY_LIMIT * 4;

export function webhookStatus(settings: SettingsService, target: WebhookTarget | null): WebhookStatus {
  return {
    configured: target !== null,
    destination: target?.destination ?? (settings.values.webhookUrl === null ? null : displayAddress(settings.secret('webhookUrl') ?? '')),
    addressSource: settings.sources.webhookUrl,
    secretSet: settings.values.webhookSecret !== null,
    secretSource: settings.sources.webhookSecret,
  };
}

/** A redirect's target as the coach sees it: an address (without credentials or query values), or the words for one that is none. */
function shownLocation(location: string, base: string): string {
  try {
    return displayAddress(new URL(location, base).href);
  } catch {
    return 'not a valid address';
  }
}

/** A new Standard Webhooks secret: `whsec_` and 32 random bytes in base64. */
export const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

export const webhookRoutes: FastifyPluginAsync<Options> = async (app, { settings, webhook, storage, now, actor, outbox }) => {
  app.get(coachApi.webhook, async () => webhookStatus(settings, webhook()));

  app.post(coachApi.webhookTest, async (request, reply) => {
    const target = webhook();
    if (target === null) return reply.code(409).send({ error: 'webhook_not_configured', message: webhookNotConfigured } satisfies CoachApiError);
    const sentAt = now();
    const webhookId = `msg_test_${randomUUID()}`;
    const attempt = await outbox.sendTest(target, { webhookId, timestampSeconds: Math.floor(sentAt / 1000), body: testEventBody(sentAt) }, KEEP_BYTES);
    await storage.audit.record('webhook_test', actor(request), sentAt);
    const { text, truncated } = answerText(attempt.body, attempt.bodyCut);
    return {
      outcome: attempt.blocked === null ? outcomeOf(attempt.status, attempt.timedOut) : 'blocked',
      destination: target.destination,
      status: attempt.status,
      durationMs: attempt.durationMs,
      body: text,
      bodyTruncated: truncated,
      location: attempt.location === null ? null : shownLocation(attempt.location, target.url),
      blocked: attempt.blocked,
      webhookId,
      sentAt: new Date(sentAt).toISOString(),
    } satisfies WebhookTestResult;
  });

  app.post(coachApi.webhookSecret, async (request, reply) => {
    const { label, env } = coachSettings.webhookSecret;
    if (settings.sources.webhookSecret === 'environment') {
      return reply.code(409).send({
        error: 'set_by_server',
        field: 'webhookSecret',
        message: `${label} is set on the server (${env}), which wins: change it there.`,
      } satisfies CoachApiError);
    }
    if (!settings.canStoreSecrets) return reply.code(409).send({ error: 'settings_key_missing', field: 'webhookSecret', message: missingKeyMessage } satisfies CoachApiError);
    const secret = newSigningSecret();
    await settings.change({ webhookSecret: secret }, actor(request), now());
    return { secret, status: webhookStatus(settings, webhook()) } satisfies NewWebhookSecret;
  });
};
