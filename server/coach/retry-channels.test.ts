import { expect, test } from 'vitest';
import type { CoachErrorCode } from '../../src/shared/coach-api/routes';
import { mailStateOf } from '../mail/mail-config';
import type { OutboxChannel } from '../storage/storage';
import { retryChannels, type RetryChannelParts, retryOn, someChannelOn } from './retry-channels';

const allOn: Record<OutboxChannel, boolean> = { webhook: true, email: true, tool: true };

/** The channels as Retry sees them, each on or off; `woken` collects the loops woken. */
function channelsWith(on: Partial<Record<OutboxChannel, boolean>>, woken: OutboxChannel[]) {
  const is = { ...allOn, ...on };
  const parts: RetryChannelParts = {
    webhook: { configured: () => is.webhook, wake: () => void woken.push('webhook') },
    email: {
      state: () => (is.email ? mailStateOf('smtp://127.0.0.1:2525', 'coach@coach.example', 'https://quiz.example') : mailStateOf(null, null, 'https://quiz.example')),
      wake: () => void woken.push('email'),
    },
    tool: { configured: () => is.tool, wake: () => void woken.push('tool') },
  };
  return retryChannels(parts);
}

test.each<[string, OutboxChannel, Partial<Record<OutboxChannel, boolean>>, CoachErrorCode | null]>([
  ['a webhook delivery, a webhook set: the webhook loop is woken', 'webhook', {}, null],
  ['a webhook delivery, no webhook: it waits (webhook_not_configured)', 'webhook', { webhook: false }, 'webhook_not_configured'],
  ['a results e-mail, mail on: the mail loop is woken', 'email', {}, null],
  ['a results e-mail, mail off: it waits (mail_not_configured)', 'email', { email: false }, 'mail_not_configured'],
  ['a contact for the e-mail tool, a tool set: the tool loop is woken', 'tool', {}, null],
  ['a contact for the e-mail tool, no tool: it waits (email_tool_not_configured)', 'tool', { tool: false }, 'email_tool_not_configured'],
  ['a results e-mail, every other channel off: still sent, by its own loop', 'email', { webhook: false, tool: false }, null],
  ['a contact for the e-mail tool with only a webhook set: it waits, not sent as a webhook', 'tool', { email: false, tool: false }, 'email_tool_not_configured'],
])('%s', async (_name, channel, on, refused) => {
  const woken: OutboxChannel[] = [];
  const refusal = await retryOn(channelsWith(on, woken), channel);
  expect(refusal?.error ?? null).toBe(refused);
  // Only the delivery's own loop is woken, and only while its channel is on.
  expect(woken).toEqual(refused === null ? [channel] : []);
});

test('mail off says what is missing and that the e-mail waits', async () => {
  const refusal = await retryOn(channelsWith({ email: false }, []), 'email');
  expect(refusal?.message).toMatch(/^Mail is off: .+\. The e-mail waits until then\.$/);
});

test.each<[string, Partial<Record<OutboxChannel, boolean>>, boolean]>([
  ['every channel on', {}, true],
  ['only the webhook', { email: false, tool: false }, true],
  ['only mail', { webhook: false, tool: false }, true],
  ['only the e-mail tool', { webhook: false, email: false }, true],
  ['none', { webhook: false, email: false, tool: false }, false],
])('some channel can send a retried delivery: %s', (_name, on, expected) => {
  const woken: OutboxChannel[] = [];
  expect(someChannelOn(channelsWith(on, woken))).toBe(expected);
  // Asking wakes nothing.
  expect(woken).toEqual([]);
});
