/** What the mailer reports for each thing an SMTP server can do, against real servers on loopback. */
import { createServer } from 'node:net';
import { afterEach, expect, test, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../test/smtp-sink';
import { createMailer, type Mailer, mailOutcomeOf, serverOf } from './mailer';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function mailerFor(url: string, attemptLimitMs = 5_000): Mailer {
  const mailer = createMailer({ url, from: 'coach@coach.example', requireTls: false }, { attemptLimitMs, maxConnections: 1 });
  cleanups.push(() => mailer.close());
  return mailer;
}

async function sink(options?: Parameters<typeof startSmtpSink>[0]): Promise<SmtpSink> {
  const started = await startSmtpSink(options);
  cleanups.push(() => started.close());
  return started;
}

const mail = (n: number) => ({ to: 'ana@example.org', subject: 'Hello', html: '<p>Hi</p>', text: 'Hi', messageId: `<m${n}@coach.example>` });

test.each([
  ['a refused recipient (550 to RCPT TO) is final', { code: 'EENVELOPE', responseCode: 550, command: 'RCPT TO' }, 'refused'],
  ['a refused sender (550 to MAIL FROM) is tried again: the coach can fix it', { code: 'EENVELOPE', responseCode: 550, command: 'MAIL FROM' }, 'failed'],
  ['a recipient refused for now (451) is tried again', { code: 'EENVELOPE', responseCode: 451, command: 'RCPT TO' }, 'failed'],
  ['a wrong password (535) is tried again: the coach can fix it', { code: 'EAUTH', responseCode: 535 }, 'failed'],
  ['no connection is tried again', { code: 'ECONNECTION' }, 'failed'],
  ['a timeout is tried again', { code: 'ETIMEDOUT' }, 'failed'],
  ['a message refused after DATA (554) is tried again', { code: 'EMESSAGE', responseCode: 554 }, 'failed'],
  ['anything else is tried again', null, 'failed'],
])('%s', (_name, error, result) => {
  expect(mailOutcomeOf(error).result).toBe(result);
});

test('the server takes the mail: accepted, with the Message-ID given', async () => {
  const server = await sink();
  expect(await mailerFor(server.url).send(mail(1))).toMatchObject({ result: 'accepted', smtpCode: 250, answer: expect.stringMatching(/^250 /), stage: null });
  const [received] = await server.waitFor(1);
  expect(received?.messageId).toBe('<m1@coach.example>');
});

test('the server refuses the recipient for good: refused; for now: failed; then accepted', async () => {
  const server = await sink();
  const mailer = mailerFor(server.url);
  server.refuseRecipients({ code: 550, message: 'No such user' });
  expect(await mailer.send(mail(2))).toEqual({ result: 'refused', smtpCode: 550, answer: '550 No such user', stage: 'EENVELOPE' });
  server.refuseRecipients({ code: 451, message: 'Try again later' });
  expect(await mailer.send(mail(3))).toMatchObject({ result: 'failed', smtpCode: 451 });
  server.refuseRecipients(null);
  expect((await mailer.send(mail(4))).result).toBe('accepted');
  expect(server.messages.map((message) => message.messageId)).toEqual(['<m4@coach.example>']);
});

test('the server refuses the sender (a 5xx to MAIL FROM): failed, said so, never refused for good', async () => {
  const server = await sink();
  server.refuseSender({ code: 553, message: 'Sender address rejected: not owned by user' });
  expect(await mailerFor(server.url).send(mail(5))).toMatchObject({ result: 'failed', smtpCode: 553, senderRefused: true, answer: expect.stringContaining('Sender address rejected') });
});

test('the server is down, then up: failed, then accepted on the same mailer', async () => {
  const server = await sink();
  const mailer = mailerFor(server.url);
  server.setDown(true);
  expect((await mailer.send(mail(5))).result).toBe('failed');
  server.setDown(false);
  expect((await mailer.send(mail(6))).result).toBe('accepted');
});

test('user and password from SMTP_URL log in; a wrong password fails and is tried again', async () => {
  const server = await sink({ requireAuth: { username: 'coach', password: 'p@ss:word/1' } });
  const base = new URL(server.url);
  base.username = 'coach';
  base.password = encodeURIComponent('p@ss:word/1');
  expect((await mailerFor(base.href).send(mail(7))).result).toBe('accepted');
  expect(server.logins).toEqual([{ username: 'coach', password: 'p@ss:word/1' }]);
  base.password = 'wrong';
  const wrong = await mailerFor(base.href).send(mail(8));
  expect(wrong).toMatchObject({ result: 'failed', smtpCode: 535, stage: 'EAUTH' });
  expect(wrong.answer).toMatch(/535/);
});

test('a server that accepts the connection and never speaks is given up on at the attempt limit', async () => {
  const silent = createServer(() => undefined);
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => silent.close(resolve)));
  const address = silent.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  const started = performance.now();
  const outcome = await mailerFor(`smtp://127.0.0.1:${address.port}`, 600).send(mail(9));
  const took = performance.now() - started;
  expect(outcome.result).toBe('failed');
  expect(took).toBeGreaterThanOrEqual(500);
  expect(took).toBeLessThan(5_000);
});

// The probe's options after ?: with the URL handed to Nodemailer, each overrode the product's own.
test('options after ? in a stored address never reach Nodemailer: host, port, TLS mode, user and password only', () => {
  expect(serverOf('smtp://coach:p%40ss@smtp.example.com:2525/?requireTLS=false&tls.rejectUnauthorized=false&logger=true&debug=true&connectionTimeout=600000')).toEqual({
    host: 'smtp.example.com',
    port: 2525,
    secure: false,
    auth: { user: 'coach', pass: 'p@ss' },
  });
  expect(serverOf('smtps://[::1]')).toEqual({ host: '::1', port: 465, secure: true, auth: undefined });
});

test('?logger=true&debug=true in the address writes no visitor’s address into the log', async () => {
  const server = await sink();
  const written: string[] = [];
  const spies = (['log', 'info', 'debug', 'error', 'warn'] as const).map((method) => vi.spyOn(console, method).mockImplementation((...args: unknown[]) => void written.push(args.map(String).join(' '))));
  const write = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => (written.push(String(chunk)), true));
  try {
    expect(await mailerFor(`${server.url}/?logger=true&debug=true`).send(mail(40))).toMatchObject({ result: 'accepted' });
  } finally {
    for (const spy of [...spies, write]) spy.mockRestore();
  }
  expect(written.join('\n')).not.toContain('ana@example.org');
});
