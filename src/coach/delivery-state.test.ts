import { expect, test } from 'vitest';
import { formatDateTime } from './format';
import { deliveryKind, failureReason, nextAttemptWords, retryRefusal, whereLeadsGo } from './delivery-state';

test.each([
  ['delivered: nothing to explain', { state: 'delivered', attempts: 1, lastStatus: 200, channel: 'webhook' }, null],
  ['never tried yet', { state: 'pending', attempts: 0, lastStatus: null, channel: 'webhook' }, null],
  ['no answer from the receiver', { state: 'pending', attempts: 2, lastStatus: null, channel: 'webhook' }, /did not answer within 10 s/],
  ['410 Gone', { state: 'gone', attempts: 1, lastStatus: 410, channel: 'webhook' }, /asked not to get this again/],
  ['a redirect', { state: 'pending', attempts: 1, lastStatus: 301, channel: 'webhook' }, /redirects are not followed/],
  ['the signature refused', { state: 'pending', attempts: 1, lastStatus: 401, channel: 'webhook' }, /signing secret/],
  ['another refusal', { state: 'pending', attempts: 1, lastStatus: 404, channel: 'webhook' }, /check the address/],
  ['the receiver’s own problem', { state: 'expired', attempts: 9, lastStatus: 503, channel: 'webhook' }, /problem of its own \(503\)/],
  ['no answer from the mail server', { state: 'pending', attempts: 1, lastStatus: null, channel: 'email' }, /mail server did not answer/],
  ['the mail server refused for good', { state: 'gone', attempts: 1, lastStatus: 550, channel: 'email' }, /refused it for good \(550\)/],
  ['the mail server refused the sender: the e-mail waits', { state: 'pending', attempts: 1, lastStatus: 553, channel: 'email' }, /refused the sender \(553\).*waits/],
  ['the mail server asked for later', { state: 'pending', attempts: 1, lastStatus: 451, channel: 'email' }, /try again later \(451\)/],
  ['no answer from the e-mail tool', { state: 'pending', attempts: 1, lastStatus: null, channel: 'tool' }, /e-mail tool did not answer in time/],
  ['the e-mail tool refused the key', { state: 'pending', attempts: 1, lastStatus: 401, channel: 'tool' }, /refused the API key \(401\).*working key/],
  ['the e-mail tool asked to slow down', { state: 'pending', attempts: 2, lastStatus: 429, channel: 'tool' }, /slow down \(429\)/],
  ['the e-mail tool refused the contact', { state: 'gone', attempts: 1, lastStatus: 422, channel: 'tool' }, /refused this contact \(422\).*not retried/],
  ['the e-mail tool’s own problem', { state: 'pending', attempts: 1, lastStatus: 502, channel: 'tool' }, /problem of its own \(502\)/],
  ['an erase refused by the tool', { state: 'gone', attempts: 1, lastStatus: 422, channel: 'tool', event: 'erase' }, /refused the erase \(422\): it is not retried/],
  ['an erase whose address no longer opens', { state: 'gone', attempts: 1, lastStatus: null, channel: 'tool', event: 'erase' }, /could not be read back/],
  ['an erase the tool did not take yet', { state: 'pending', attempts: 1, lastStatus: 503, channel: 'tool', event: 'erase' }, /problem of its own \(503\); it is tried again/],
] as const)('%s', (_case, delivery, reason) => {
  const words = failureReason(delivery);
  if (reason === null) expect(words).toBeNull();
  else expect(words).toMatch(reason);
});

test.each([
  [{ channel: 'webhook', event: 'lead.submitted' }, 'Webhook: new lead'],
  [{ channel: 'email', event: 'results' }, 'Results e-mail'],
  [{ channel: 'tool', event: 'lead.submitted' }, 'E-mail tool: new contact'],
  [{ channel: 'tool', event: 'lead.confirmed' }, 'E-mail tool: confirmed contact'],
  [{ channel: 'tool', event: 'erase', erase: { tool: null, result: null, retryable: true } }, 'Erase in your e-mail tool'],
  [{ channel: 'tool', event: 'erase', erase: { tool: 'brevo', result: null, retryable: true } }, 'Erase in Brevo'],
  [{ channel: 'tool', event: 'erase', erase: { tool: 'mailchimp', result: 'deleted', retryable: false } }, 'Erase in Mailchimp: deleted'],
  [{ channel: 'tool', event: 'erase', erase: { tool: 'kit', result: 'unsubscribed', retryable: false } }, 'Erase in Kit: unsubscribed (Kit’s API cannot delete)'],
  [{ channel: 'tool', event: 'erase', erase: { tool: 'activecampaign', result: 'absent', retryable: false } }, 'Erase in ActiveCampaign: deleted (it was not there)'],
] as const)('%o is named %s', (delivery, kind) => {
  expect(deliveryKind(delivery)).toBe(kind);
});

const at = '2026-11-27T02:41:00.000Z';
test.each([
  ['a webhook retrying: its time', { channel: 'webhook', state: 'pending', nextAttemptAt: at }, false, formatDateTime(at)],
  ['the e-mail tool working: its time', { channel: 'tool', state: 'pending', nextAttemptAt: at }, false, formatDateTime(at)],
  ['the e-mail tool paused on a refused key: what it waits for, not a time that passes', { channel: 'tool', state: 'pending', nextAttemptAt: at }, true, 'When a working key is saved, or on Retry now'],
  ['a results e-mail while the tool is paused: its time', { channel: 'email', state: 'pending', nextAttemptAt: at }, true, formatDateTime(at)],
  ['delivered: none', { channel: 'tool', state: 'delivered', nextAttemptAt: null }, true, '–'],
  ['given up: none', { channel: 'tool', state: 'expired', nextAttemptAt: null }, false, '–'],
] as const)('next attempt, %s', (_case, delivery, paused, words) => {
  expect(nextAttemptWords(delivery, paused)).toBe(words);
});

const hook = 'https://hooks.example.com/catch/1';
test.each([
  ['a webhook only: its address', hook, false, `Leads go to ${hook}.`, false],
  ['a webhook and the e-mail tool: both', hook, true, `Leads go to ${hook} and to your e-mail tool.`, false],
  ['the e-mail tool only: it, not "not forwarded"', null, true, 'Leads go to your e-mail tool.', false],
  ['neither: not forwarded, and where to set it up', null, false, 'Leads are not forwarded to an e-mail tool.', true],
] as const)('where leads go, %s', (_case, destination, emailTool, sentence, setUp) => {
  const where = whereLeadsGo(destination, emailTool);
  expect(`${where.before}${where.address ?? ''}${where.after}`).toBe(sentence);
  expect(where.setUp).toBe(setUp);
});

test.each([
  ['delivered while the coach looked', 400, 'invalid_request', 'delivered'],
  ['its person erased meanwhile', 404, 'not_found', 'gone'],
  ['an erase whose address is wiped', 409, 'erase_address_wiped', 'wiped'],
  ['no channel on: worth another try once one is', 409, 'no_channel_configured', 'failed'],
  ['the server had a problem', 500, 'internal_error', 'failed'],
  ['no answer at all', 0, null, 'failed'],
] as const)('a refused retry: %s', (_, status, code, expected) => {
  expect(retryRefusal(status, code)).toBe(expected);
});
