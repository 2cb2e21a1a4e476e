/**
 * Results e-mails are written in the render thread (./renderer.ts), never on the event loop that
 * answers visitors: the message it composes, read back with mailparser, is the e-mail the rendering
 * functions make, with the sender, recipient and Message-ID asked for; and a failed e-mail leaves the
 * thread able to write the next one.
 */
import { simpleParser } from 'mailparser';
import { afterEach, expect, test } from 'vitest';
import type { Rating } from '../../src/shared/constants';
import { sampleEmailInput, sampleEnvelope } from '../test/results-email-sample';
import { startEmailRenderer } from './renderer';
import { renderResultsEmail } from './render-thread';

const renderer = startEmailRenderer();
afterEach(() => renderer.close());

const input = sampleEmailInput;
const envelope = sampleEnvelope;

test('the render thread composes the e-mail the rendering functions write, for the sender, recipient and Message-ID asked for', async () => {
  const [composed, expected] = await Promise.all([renderer.write({ input, ...envelope }), renderResultsEmail(input)]);
  expect(composed.to).toBe('ana@example.org');
  const mail = await simpleParser(Buffer.from(composed.raw));
  expect({ subject: mail.subject, html: mail.html, text: mail.text }).toEqual(expected);
  expect(expected.subject).toBe('Your Core Drivers, from Sam');
  expect(mail.from?.value).toEqual([{ address: 'coach@coach.example', name: 'Sam Rivera' }]);
  expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : null).toBe('ana@example.org');
  expect(mail.messageId).toBe('<msg_1@coach.example>');
  expect(mail.headers.get('auto-submitted')).toBe('auto-generated');
});

test('an e-mail that cannot be written fails alone: the next one is written', async () => {
  const broken = { ...input, ratings: [] as Rating[], previous: { ratings: [], at: 0 }, timeZone: 'Not/AZone' };
  await expect(renderer.write({ input: broken, ...envelope })).rejects.toThrow();
  expect((await renderer.write({ input, ...envelope })).to).toBe('ana@example.org');
});
