import { expect, test } from 'vitest';
import { mailStateOf } from './mail-config';

const publicUrl = 'https://quiz.example.com';

test('on with a server, a sender and PUBLIC_URL: the password only in the transport URL', () => {
  expect(mailStateOf('smtp://coach:s3cret%2Fpass@smtp.example.com:587', 'Sam Rivera <coach@Coach.Example>', publicUrl)).toEqual({
    on: true,
    settings: {
      url: 'smtp://coach:s3cret%2Fpass@smtp.example.com:587',
      safeUrl: 'smtp://coach:***@smtp.example.com:587',
      from: 'Sam Rivera <coach@Coach.Example>',
      fromAddress: 'coach@Coach.Example',
      domain: 'coach.example',
      requireTls: true,
      guard: null,
    },
  });
});

test.each([
  ['smtps:// is TLS from the start', 'smtps://coach:pw@smtp.example.com:465', false],
  ['plain smtp:// to this machine needs no TLS', 'smtp://127.0.0.1:2525', false],
  ['plain smtp:// to another machine must upgrade to TLS', 'smtp://smtp.example.com:587', true],
])('%s', (_name, url, requireTls) => {
  const state = mailStateOf(url, 'coach@example.com', publicUrl);
  expect(state.on && state.settings.requireTls).toBe(requireTls);
});

test.each([
  ['no server', null, 'coach@example.com', publicUrl, 'the mail server (SMTP) is not set'],
  ['no sender', 'smtp://127.0.0.1:2525', null, publicUrl, 'the sender address is not set'],
  ['no PUBLIC_URL', 'smtp://127.0.0.1:2525', 'coach@example.com', null, "PUBLIC_URL is not set on the server (the e-mail's links point there)"],
])('off with %s, saying what is missing', (_name, smtpUrl, mailFrom, site, missing) => {
  expect(mailStateOf(smtpUrl, mailFrom, site)).toEqual({ on: false, missing });
});
