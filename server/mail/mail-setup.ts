/**
 * The results e-mail, put together for the app (server/app.ts): the mailer on SMTP_URL and the
 * outbox's e-mail loop, or nothing at all when mail is off (no SMTP_URL): then nothing is sent, as
 * before, and the dashboard says how to turn it on.
 */
import type { ServerConfig } from '../config';
import { type Clock, type OutboxLog, outboxTimings, PARALLEL_SENDS } from '../outbox/delivery-loop';
import type { Storage } from '../storage/storage';
import { createMailer, type Mailer } from './mailer';
import { MailOutbox } from './mail-outbox';

export type MailParts = { mailer: Mailer; outbox: MailOutbox };

export function setUpMail(
  config: Pick<ServerConfig, 'mail' | 'publicUrl' | 'profileLinkDays' | 'courseUrl' | 'analyticsTimeZone' | 'webhookLeaseMs'>,
  storage: Pick<Storage, 'mailOutbox' | 'addLinks'>,
  deps: { clock: Clock; random: () => number; log: OutboxLog; coachName: () => string | null },
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
      courseUrl: config.courseUrl,
      coachName: deps.coachName,
      timeZone: config.analyticsTimeZone,
    },
    log: deps.log,
    clock: deps.clock,
    random: deps.random,
    // One lease for every channel of the outbox (WEBHOOK_LEASE_SECONDS).
    leaseMs: config.webhookLeaseMs,
  });
  return { mailer, outbox };
}
