/**
 * The results e-mail, put together for the app (server/compose.ts): the mail settings in force (SMTP_URL
 * and MAIL_FROM, or the settings screen; ./mail-config.ts, opened once per settings revision in
 * server/settings/snapshot.ts), the mailer built on them, and the outbox's e-mail loop. While mail is off, nothing is sent and no e-mail is queued, as before, and
 * the dashboard says how to turn it on.
 *
 * The settings can change at any time, on any instance (server/settings/service.ts tells each one
 * within about a second): `LiveMail.refresh` then builds a new mailer for the new server or sender,
 * and the old one is closed once the attempts it carries have ended. No restart.
 */
import type { ServerConfig } from '../config';
import { type Clock, type OutboxLog, PARALLEL_SENDS, roundPlan } from '../outbox/delivery-loop';
import type { IntakeState } from '../outbox/intake';
import type { SettingsService } from '../settings/service';
import type { LiveSettings } from '../settings/snapshot';
import type { Storage } from '../storage/storage';
import type { MailSettings, MailState } from './mail-config';
import { createMailer, type Mailer } from './mailer';
import { MailOutbox, type MailTransport } from './mail-outbox';

/** Without a change, one e-mail tries the sender again after this long (the provider may have been fixed on its side). */
export const SENDER_PAUSE_MS = 15 * 60 * 1000;

export class LiveMail {
  #state: MailState;
  #transport: MailTransport | null = null;
  /** The mail server refused the sender (a 5xx to MAIL FROM): its answer, and when. Nothing is sent meanwhile. */
  #senderRefused: { answer: string; at: number } | null = null;
  #closed = false;
  readonly #retiring = new Set<NodeJS.Timeout>();

  /**
   * `attemptLimitMs`: each attempt's limit under the outbox's lease (`roundPlan`), which the mailer's
   * connection, greeting and socket timeouts take, so an SMTP conversation ends with its attempt.
   */
  constructor(
    /** The mail settings in force now (the settings' snapshot: server/settings/snapshot.ts). */
    private readonly source: () => MailState,
    private readonly log: Pick<OutboxLog, 'info'>,
    private readonly attemptLimitMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#state = source();
    if (this.#state.on) this.#transport = this.#build(this.#state.settings);
  }

  /** On (with how it is sent), or off (with what is missing). */
  get state(): MailState {
    return this.#state;
  }

  get on(): boolean {
    return this.#state.on;
  }

  /** The mailer in force, or null while mail is off or paused (a refused sender). */
  transport(): MailTransport | null {
    return this.senderRefused === null ? this.#transport : null;
  }

  /** While the mail server refuses the sender: its answer and since when; null otherwise. */
  get senderRefused(): { answer: string; at: number } | null {
    const refused = this.#senderRefused;
    if (refused !== null && this.now() - refused.at >= SENDER_PAUSE_MS) this.#senderRefused = null;
    return this.#senderRefused;
  }

  /**
   * The mail server refused the sender: mail pauses (the e-mails wait, none is dropped) until the mail
   * settings change, or for SENDER_PAUSE_MS. The answer is shown on the dashboard and logged (it
   * names the coach's sender, never a visitor).
   */
  refuseSender(answer: string): void {
    if (this.#senderRefused === null) this.log.info({ answer }, 'the mail server refused the sender: mail waits until the mail settings change');
    this.#senderRefused = { answer, at: this.now() };
  }

  /** The settings changed: a new mailer when the server or the sender changed; nothing else moves. */
  refresh(): void {
    if (this.#closed) return;
    const next = this.source();
    const before = this.#state.on ? this.#state.settings : null;
    const after = next.on ? next.settings : null;
    this.#state = next;
    if (before?.url === after?.url && before?.from === after?.from) return;
    // A new server or sender: the e-mails that waited for it are tried again (they are due within SENDER_RETRY_MS, ./mail-outbox.ts).
    this.#senderRefused = null;
    const old = this.#transport;
    this.#transport = after === null ? null : this.#build(after);
    if (old) this.#retire(old.mailer);
    // Only where it is sent, never the password or an address.
    this.log.info({ mail: after === null ? 'off' : 'on', server: after?.safeUrl ?? null }, 'mail settings changed: the mailer was rebuilt');
  }

  /** Closes every mailer now (the app stops): attempts in flight end at once and are retried after the restart. */
  close(): void {
    this.#closed = true;
    for (const timer of this.#retiring) clearTimeout(timer);
    this.#retiring.clear();
    this.#transport?.mailer.close();
  }

  #build(settings: MailSettings): MailTransport {
    return { settings, mailer: createMailer(settings, { attemptLimitMs: this.attemptLimitMs, maxConnections: PARALLEL_SENDS }) };
  }

  /** An attempt ends within its limit: after that, the old mailer has nothing left to send. */
  #retire(mailer: Mailer): void {
    const timer = setTimeout(() => {
      this.#retiring.delete(timer);
      mailer.close();
    }, this.attemptLimitMs + 1_000);
    timer.unref();
    this.#retiring.add(timer);
  }
}

export type MailParts = {
  live: LiveMail;
  outbox: MailOutbox;
  /** Stops the loop and closes every mailer (attempts in flight end at once, and are retried after the restart). */
  stop(): Promise<void>;
};


export function setUpMail(
  config: Pick<ServerConfig, 'publicUrl' | 'profileLinkDays' | 'courseUrl' | 'outboxLeaseMs'>,
  storage: { outbox: Pick<Storage['outbox'], 'email'> } & Pick<Storage, 'links'>,
  deps: { clock: Clock; random: () => number; log: OutboxLog; settings: Pick<SettingsService, 'onChange'>; live: LiveSettings; intake?: IntakeState },
): MailParts {
  const { settings, live: inForce } = deps;
  // One lease for every channel of the outbox (OUTBOX_LEASE_SECONDS), and so one attempt limit.
  const live = new LiveMail(() => inForce.current.channels.email, deps.log, roundPlan(config.outboxLeaseMs).attemptLimitMs, () => deps.clock.now());
  const outbox = new MailOutbox({
    queue: storage.outbox.email,
    links: storage.links,
    transport: () => live.transport(),
    refuseSender: (answer) => live.refuseSender(answer),
    content: {
      // Only read while mail is on, which needs PUBLIC_URL.
      publicUrl: config.publicUrl ?? '',
      profileLinkDays: config.profileLinkDays,
      // The coach's settings in force when each e-mail is written (environment, dashboard, default).
      live: () => {
        const { values, timeZone } = inForce.current;
        return {
          coachName: values.coachName,
          courseUrl: values.courseUrl ?? config.courseUrl,
          helpLine: values.helpLineText === null ? null : { text: values.helpLineText, url: values.helpLineUrl },
          timeZone,
          words: values.words ?? undefined,
          offers: values.offers ?? [],
          coursePitch: values.coursePitch,
        };
      },
    },
    log: deps.log,
    clock: deps.clock,
    random: deps.random,
    leaseMs: config.outboxLeaseMs,
    intake: deps.intake,
  });
  settings.onChange(() => {
    // A new mail server or sender: a new mailer; mail turned on: the e-mails waiting go out now.
    live.refresh();
    outbox.wake();
  });
  return {
    live,
    outbox,
    stop: async () => {
      live.close();
      await outbox.stop();
    },
  };
}
