/**
 * Retry on the Deliveries screen, one entry per outbox channel: how to send a delivery put back in
 * the queue (wake the channel's loop), and what to say while the channel is off (the delivery stays
 * queued and goes once the channel is on). A new channel is one entry here.
 */
import type { CoachErrorCode } from '../../src/shared/coach-api/routes';
import { mailOffMessage } from '../mail/mail-routes';
import type { MailState } from '../mail/mail-config';
import { type OutboxChannel, outboxChannels } from '../storage/storage';
import { webhookNotConfigured } from '../webhooks/routes';
import { toolNotConfigured } from '../email-tool/routes';

/** A refusal: its error code and the sentence the coach reads. */
export type Refusal = { error: CoachErrorCode; message: string };

export type RetryChannel = {
  /** Null while the channel can send; else why the delivery waits (a 409). */
  off(): Refusal | null;
  /** Starts the channel's loop now: it sends what is due, the retried delivery among it (the e-mail tool's lifts its pause first). */
  wake(): void | Promise<void>;
};

type Loop = { wake(): void | Promise<void> };

/** What the table reads: each channel's settings in force, and its loop. */
export type RetryChannelParts = {
  webhook: Loop & { configured(): boolean };
  email: Loop & { state(): MailState };
  tool: Loop & { configured(): boolean };
};

export const retryChannels = ({ webhook, email, tool }: RetryChannelParts): Record<OutboxChannel, RetryChannel> => ({
  webhook: {
    off: () => (webhook.configured() ? null : { error: 'webhook_not_configured', message: `${webhookNotConfigured} The lead waits until then.` }),
    wake: () => webhook.wake(),
  },
  email: {
    off: () => {
      const state = email.state();
      return state.on ? null : { error: 'mail_not_configured', message: `${mailOffMessage(state.missing)} The e-mail waits until then.` };
    },
    wake: () => email.wake(),
  },
  tool: {
    off: () => (tool.configured() ? null : { error: 'email_tool_not_configured', message: `${toolNotConfigured} The contact waits until one is.` }),
    wake: () => tool.wake(),
  },
});

/** Every channel off: nothing could send a retried delivery. */
export const noChannelOn: Refusal = {
  error: 'no_channel_configured',
  message: 'No webhook or e-mail tool is set (Settings, or LEAD_WEBHOOK_URL and EMAIL_TOOL) and mail is off, so nothing can be sent.',
};

/**
 * What Retry does once a delivery on `channel` is back in the queue: wakes that channel's loop and
 * answers null, or, while the channel is off, answers the refusal that says why it waits.
 */
export async function retryOn(channels: Record<OutboxChannel, RetryChannel>, channel: OutboxChannel): Promise<Refusal | null> {
  const off = channels[channel].off();
  if (off === null) await channels[channel].wake();
  return off;
}

/** Whether some channel could send now (else Retry refuses before touching the delivery). */
export const someChannelOn = (channels: Record<OutboxChannel, RetryChannel>) => outboxChannels.some((channel) => channels[channel].off() === null);
