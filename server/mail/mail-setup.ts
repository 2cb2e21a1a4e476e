/**
 * The results e-mail, put together for the app (server/app.ts): the mailer on SMTP_URL and the
 * outbox's e-mail loop, or nothing at all when mail is off (no SMTP_URL): then nothing is sent, as
 * before, and the dashboard says how to turn it on.
 */
import type { SettingValues } from '../../src/shared/coach-settings';
import type { ServerConfig } from '../config';
import { type Clock, type OutboxLog, outboxTimings, PARALLEL_SENDS } from '../outbox/delivery-loop';
import type { Storage } from '../storage/storage';
import { createMailer, type Mailer } from './mailer';
import { MailOutbox } from './mail-outbox';

export type MailParts = { mailer: Mailer; outbox: MailOutbox };

export function setUpMail(
  config: Pick<ServerConfig, 'mail' | 'publicUrl' | 'profileLinkDays' | 'courseUrl' | 'webhookLeaseMs'>,
  storage: Pick<Storage, 'mailOutbox' | 'addLinks'>,
  deps: { clock: Clock; random: () => number; log: OutboxLog; settings: () => SettingValues },
): MailParts | null {
  if (config.mail === null || config.publicUrl === null) return null;
  const mailer = createMailer(config.mail, { attemptLimitMs: outboxTimings.attemptLimitMs, maxConnections: PARALLEL_SENDS });
  const outbox = new MailOutbox({
    queue: storage.mailOutbox,
    links: storage,
    mailer,
    content: {
      publicUrl: config.publicUrl,
      domain: config.mail.domain,
      profileLinkDays: config.profileLinkDays,
      // The coach's settings in force when each e-mail is written (environment, dashboard, default).
      live: () => {
        const values = deps.settings();
        return {
          coachName: values.coachName,
          courseUrl: values.courseUrl ?? config.courseUrl,
          helpLine: values.helpLineText === null ? null : { text: values.helpLineText, url: values.helpLineUrl },
          timeZone: values.analyticsTimeZone ?? 'UTC',
        };
      },
    },
    log: deps.log,
    clock: deps.clock,
    random: deps.random,
    // One lease for every channel of the outbox (WEBHOOK_LEASE_SECONDS).
    leaseMs: config.webhookLeaseMs,
  });
  return { mailer, outbox };
}
