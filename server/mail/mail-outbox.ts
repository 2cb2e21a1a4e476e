/**
 * The results e-mail's channel of the durable outbox (server/outbox/delivery-loop.ts): each stored
 * submission's `results` row, sent through the coach's SMTP server with the same promises as the
 * webhook: queued in the submission's transaction, retried with backoff for three days, sent once
 * per submission under a Message-ID that every attempt and every instance shares
 * (`<msg_...@MAIL_FROM's domain>`, from the row), shown in the dashboard's deliveries.
 *
 * The e-mail's links are made here, once per attempt, just before it is sent: fresh random tokens,
 * whose hashes are stored (one transaction per round) before the message leaves, so a link never
 * arrives before it works, and no token is ever stored, not even while the e-mail waits in the queue.
 * A resend after a crash carries new tokens; the earlier ones keep working until they expire.
 */
import { decodeRatings } from '../../src/shared/ratings';
import { marketingState, needsConfirmation } from '../../src/shared/marketing';
import { paths } from '../../src/shared/paths';
import type { Words } from '../../src/shared/word-merge';
import type { Offer } from '../../src/shared/offer-pick';
import { type Attempt, type Clock, DeliveryLoop, type OutboxLog } from '../outbox/delivery-loop';
import type { IntakeState } from '../outbox/intake';
import type { DueRow, LinkStore, NewLink, OutboxQueue } from '../storage/storage';
import { confirmLinkUrl, linkExpiresAt, linkUrl, newLinkToken } from './links';
import type { MailSettings } from './mail-config';
import type { Mailer } from './mailer';
import { type EmailRenderer, startEmailRenderer } from './renderer';
import type { ResultsEmailInput } from './results-email-model';

export type MailContent = {
  /** PUBLIC_URL: where the links point. */
  publicUrl: string;
  profileLinkDays: number;
  /**
   * The coach's settings as they are now (the dashboard may change them at any time): their name, the
   * course link, their help line (shown with the care line), and the time zone dates are written in.
   */
  live: () => {
    coachName: string | null;
    courseUrl: string;
    helpLine: { text: string; url: string | null } | null;
    timeZone: string;
    words?: Words;
    offers?: readonly Offer[];
    coursePitch?: string | null;
  };
};

/** How e-mail is sent now: the mailer, and the settings it was built on (the sender; its domain names every Message-ID). */
export type MailTransport = { mailer: Mailer; settings: Pick<MailSettings, 'domain' | 'from'> };

export type MailOutboxOptions = {
  queue: OutboxQueue;
  links: Pick<LinkStore, 'addLinks'>;
  /** The mailer in force, asked for every round (the coach may change the settings); null: mail is off (or paused) and nothing is claimed. */
  transport: () => MailTransport | null;
  /** Told when the mail server refuses the sender (a 5xx to MAIL FROM), with its answer: mail pauses until the settings change. */
  refuseSender?: (answer: string) => void;
  content: MailContent;
  log: OutboxLog;
  clock?: Clock;
  random?: () => number;
  leaseMs?: number;
  /** The thread that writes the e-mails (./renderer.ts): one of its own by default, closed with the loop. */
  renderer?: EmailRenderer;
  /** The lead intake, which goes first (server/outbox/intake.ts). */
  intake?: IntakeState;
};

/** A refused sender's e-mails are tried again this soon (due within 30 s of the mail settings changing, as the issue asks). */
export const SENDER_RETRY_MS = 30_000;

/** The Message-ID of an outbox row: the same on every attempt and every instance. */
export const messageIdOf = (row: Pick<DueRow, 'message_id'>, domain: string) => `<${row.message_id}@${domain}>`;

const consentOf = (row: DueRow) =>
  marketingState({
    version: row.consent_version,
    wording: row.consent_wording,
    marketing: row.marketing_consent === null ? null : row.marketing_consent === 1,
    confirmedAt: row.marketing_confirmed_at,
  });

/** What the results e-mail of one due row says, with these links: plain data, written out in the render thread (./renderer.ts). */
export function resultsEmailInput(row: DueRow, links: { profile: string; confirm: string | null }, content: MailContent, now: number): ResultsEmailInput {
  return {
    firstName: row.first_name,
    ratings: decodeRatings(row.ratings),
    submittedAt: row.submitted_at,
    previous:
      row.previous_ratings === null || row.previous_submitted_at === null
        ? null
        : { ratings: decodeRatings(row.previous_ratings), at: row.previous_submitted_at },
    links,
    profileLinkDays: content.profileLinkDays,
    marketing: consentOf(row),
    ...content.live(),
    siteHost: new URL(content.publicUrl).host,
    now,
  };
}

export class MailOutbox extends DeliveryLoop {
  readonly #transport: () => MailTransport | null;
  readonly #renderer: EmailRenderer;

  constructor(options: MailOutboxOptions) {
    const { content, transport } = options;
    const renderer = options.renderer ?? startEmailRenderer();
    const now = () => options.clock?.now() ?? Date.now();
    /** This round's links, by outbox row, made in `prepare` and used in `send`, and the round's mailer. */
    const linksOf = new Map<number, { profile: string; confirm: string | null }>();
    let round: MailTransport | null = null;
    super({
      log: options.log,
      clock: options.clock,
      random: options.random,
      leaseMs: options.leaseMs,
      intake: options.intake,
      channel: {
        queue: options.queue,
        words: { name: 'e-mail', refused: 'the mail server refused the recipient for good' },
        ready: () => transport() !== null,
        async prepare(rows, at) {
          linksOf.clear();
          round = transport();
          const stored: NewLink[] = [];
          for (const row of rows) {
            const profile = newLinkToken();
            stored.push({ tokenHash: profile.hash, kind: 'profile', submissionId: row.submission_id, createdAt: at, expiresAt: linkExpiresAt('profile', at, content.profileLinkDays) });
            const confirm = needsConfirmation(consentOf(row)) ? newLinkToken() : null;
            if (confirm) {
              stored.push({ tokenHash: confirm.hash, kind: 'confirm', submissionId: row.submission_id, createdAt: at, expiresAt: linkExpiresAt('confirm', at, content.profileLinkDays) });
            }
            linksOf.set(row.id, {
              profile: linkUrl(content.publicUrl, paths.profile, profile.token),
              confirm: confirm && confirmLinkUrl(content.publicUrl, confirm.token, profile.token),
            });
          }
          await options.links.addLinks(stored);
        },
        async send(row: DueRow, signal: AbortSignal): Promise<Attempt> {
          const links = linksOf.get(row.id);
          const { mailer, settings } = round ?? {};
          // Mail turned off between the claim and now: tried again once it is back on.
          if (!links || !mailer || !settings || signal.aborted) return { result: 'failed', status: null };
          const input = resultsEmailInput(row, links, content, now());
          const message = await renderer.write({ input, from: settings.from, to: row.email, messageId: messageIdOf(row, settings.domain) });
          // Cut while it was written (the thread's first start can take a moment): tried again later.
          if (signal.aborted) return { result: 'failed', status: null };
          // Cut at its limit (or the app stopping): the conversation ends now, not at Nodemailer's next timeout.
          const cut = () => mailer.cut();
          signal.addEventListener('abort', cut);
          try {
            const outcome = await mailer.send(message);
            if (outcome.senderRefused) {
              // The coach's sender, not the visitor's address: the e-mail waits for the settings to change.
              options.refuseSender?.(outcome.answer ?? '');
              return { result: 'failed', status: outcome.smtpCode, retryInMs: SENDER_RETRY_MS, reply: outcome.answer };
            }
            if (outcome.result === 'accepted') return { result: 'delivered', status: outcome.smtpCode };
            // The server's reply line (or why there was none) is the failure's technical answer.
            return { result: outcome.result, status: outcome.smtpCode, reply: outcome.answer };
          } finally {
            signal.removeEventListener('abort', cut);
          }
        },
      },
    });
    this.#transport = transport;
    this.#renderer = renderer;
  }

  /** Stops the loop; open SMTP connections are closed first, so an attempt in flight ends at once (and is retried later). */
  override async stop(): Promise<void> {
    this.#transport()?.mailer.close();
    await super.stop();
    await this.#renderer.close();
  }
}
