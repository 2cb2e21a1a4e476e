import { expect, test } from 'vitest';
import { checkMailFrom, checkSmtpUrl, senderOf } from './mail-settings';

const label = 'Mail server (SMTP)';

test.each([
  ['STARTTLS with a login', 'smtp://coach:s3cret@smtp.example.com:587', 'smtp://coach:s3cret@smtp.example.com:587'],
  ['TLS from the start', ' smtps://coach:pw@smtp.example.com:465 ', 'smtps://coach:pw@smtp.example.com:465'],
  ['a percent-encoded password is kept as written', 'smtp://coach:a%2Fb%40c@smtp.example.com:587', 'smtp://coach:a%2Fb%40c@smtp.example.com:587'],
  ['no login, this machine', 'smtp://127.0.0.1:2525', 'smtp://127.0.0.1:2525'],
  ['a fragment is dropped', 'smtp://smtp.example.com:587#x', 'smtp://smtp.example.com:587'],
])('the mail server: %s', (_name, input, value) => {
  expect(checkSmtpUrl(label, input)).toEqual({ ok: true, value });
});

test.each([
  ['empty', '  ', /^Mail server \(SMTP\): paste your mail server's address/],
  ['not text', 587, /^Mail server \(SMTP\): paste/],
  ['not a URL', 'smtp//coach:hunter2secret@host', /^Mail server \(SMTP\): use a complete address like smtp:\/\//],
  ['the host and port alone', 'smtp.example.com:587', /^Mail server \(SMTP\): start it with smtp:\/\/ or smtps:\/\//],
  ['another scheme', 'https://coach:hunter2secret@smtp.example.com', /^Mail server \(SMTP\): start it with smtp:\/\/ or smtps:\/\//],
  ['no host', 'smtp://coach:hunter2secret@', /^Mail server \(SMTP\): use a complete address/],
  ['an empty host', 'smtp:///', /^Mail server \(SMTP\): name the mail server's host/],
  ['a broken %-code in the password', 'smtp://coach:hunter2%zzsecret@smtp.example.com', /broken %-code \(write a \/ as %2F/],
  ['a path', 'smtp://coach:hunter2secret@smtp.example.com:587/mail', /nothing may follow the port/],
  // The probe's options: each overrode the product's own (TLS, timeouts, a debug log of every address).
  ['?requireTLS=false', 'smtp://coach:hunter2secret@smtp.example.com:587?requireTLS=false', /nothing may follow the port: options after a \? are not read/],
  ['?tls.rejectUnauthorized=false', 'smtps://coach:hunter2secret@smtp.example.com:465?tls.rejectUnauthorized=false', /options after a \? are not read/],
  ['?logger=true&debug=true', 'smtp://coach:hunter2secret@smtp.example.com:587/?logger=true&debug=true', /options after a \? are not read/],
  ['an empty ?', 'smtp://coach:hunter2secret@smtp.example.com:587?', /options after a \? are not read/],
  ['too long', `smtp://smtp.example.com/${'a'.repeat(2000)}`, /at most 2000 characters/],
])('the mail server refuses %s, naming the field and never repeating the password', (_name, input, message) => {
  const checked = checkSmtpUrl(label, input);
  expect(checked.ok).toBe(false);
  if (checked.ok) return;
  expect(checked.message).toMatch(message);
  expect(checked.message).not.toContain('hunter2');
});

test.each([
  ['an address', 'coach@example.com', { name: null, address: 'coach@example.com', domain: 'example.com' }],
  ['a name and an address', 'Sam Rivera <coach@Coach.Example>', { name: 'Sam Rivera', address: 'coach@Coach.Example', domain: 'coach.example' }],
  ['a quoted name with a comma', '"Rivera, Sam" <coach@example.com>', { name: 'Rivera, Sam', address: 'coach@example.com', domain: 'example.com' }],
  ['an address in brackets alone', '<coach@example.com>', { name: null, address: 'coach@example.com', domain: 'example.com' }],
  ['no domain dot', 'coach@localhost', null],
  ['two addresses', 'a@example.com, b@example.com', null],
  ['a name alone', 'Sam Rivera', null],
  ['a stray quote in the name', 'Sam "R <coach@example.com>', null],
])('the sender: %s', (_name, input, parts) => {
  expect(senderOf(input)).toEqual(parts);
});

test.each([
  ['empty', '', /^Sender address: write the address e-mails come from/],
  ['a name alone', 'Sam Rivera', /^Sender address: use one e-mail address/],
  ['a line break (a header of its own)', 'coach@example.com\nBcc: all@example.com', /^Sender address: one line only/],
  ['too long', `${'a'.repeat(320)}@example.com`, /at most 320 characters/],
])('the sender refuses %s, naming the field', (_name, input, message) => {
  const checked = checkMailFrom('Sender address', input);
  expect(checked.ok ? 'accepted' : checked.message).toMatch(message);
});

test('the sender is kept as written, trimmed', () => {
  expect(checkMailFrom('Sender address', '  Sam Rivera <coach@example.com> ')).toEqual({ ok: true, value: 'Sam Rivera <coach@example.com>' });
});
