/**
 * A real SMTP server on loopback for the tests (the `smtp-server` package), which parses what it
 * receives with `mailparser`: the mail code under test talks SMTP to it exactly as to the coach's
 * provider, never to a mocked transport. It can be taken down (every connection, open or new, is
 * cut: what a crashed or unreachable server looks like to a client) and brought back on the same
 * port, or made to refuse recipients with a chosen SMTP reply.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = ParsedMail & { envelopeTo: string[]; raw: string };

export type SmtpSink = {
  /** `smtp://127.0.0.1:<port>`, for SMTP_URL. */
  url: string;
  port: number;
  /** Every message accepted so far, in order. */
  messages: ReceivedMail[];
  /** Resolves once `count` messages have arrived (rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** Down: every open connection is cut and new ones are closed at once. Up: normal service. */
  setDown(down: boolean): void;
  /** Refuse every recipient with this reply (e.g. 451 temporary, 550 permanent); null accepts again. */
  refuseRecipients(reply: { code: number; message: string } | null): void;
  /** Refuse every sender (MAIL FROM) with this reply, or only senders other than `unless`; null accepts again. */
  refuseSender(reply: { code: number; message: string; unless?: string } | null): void;
  /** Connections accepted, and SMTP sessions that authenticated, so far. */
  readonly connections: number;
  /** Messages accepted without parsing (`countOnly`). */
  readonly counted: number;
  readonly logins: { username: string; password: string }[];
  close(): Promise<void>;
};

type SinkOptions = {
  requireAuth?: { username: string; password: string };
  /** Count messages without parsing them (the benchmark's sink: mailparser would cost more than the sender). */
  countOnly?: boolean;
};

export async function startSmtpSink(options: SinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const logins: { username: string; password: string }[] = [];
  const waiters = new Set<() => void>();
  let refusal: { code: number; message: string } | null = null;
  let senderRefusal: { code: number; message: string; unless?: string } | null = null;
  let down = false;
  let connections = 0;
  let counted = 0;
  const open = new Set<Socket>();

  const smtp = new SMTPServer({
    // Plain SMTP on loopback: no TLS to set up (the mailer allows plain SMTP to this machine only).
    disabledCommands: options.requireAuth ? ['STARTTLS'] : ['STARTTLS', 'AUTH'],
    authOptional: !options.requireAuth,
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      const expected = options.requireAuth;
      if (expected && auth.username === expected.username && auth.password === expected.password) {
        logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
        return callback(null, { user: auth.username });
      }
      return callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onMailFrom(address, _session, callback) {
      if (senderRefusal && address.address !== senderRefusal.unless) {
        return callback(Object.assign(new Error(senderRefusal.message), { responseCode: senderRefusal.code }));
      }
      callback();
    },
    onRcptTo(_address, _session, callback) {
      if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (options.countOnly) {
          counted += 1;
          for (const wake of waiters) wake();
          return callback();
        }
        simpleParser(raw).then(
          (parsed) => {
            messages.push(Object.assign(parsed, { envelopeTo: session.envelope.rcptTo.map((to) => to.address), raw: raw.toString('utf8') }));
            for (const wake of waiters) wake();
            callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });

  // A client killed mid-conversation (the crash tests' kill -9) resets its connection: expected, not a failure.
  smtp.on('error', () => undefined);

  // The port the tests know; each connection is handed to the SMTP server unless the sink is down.
  const front: Server = createServer((socket) => {
    socket.on('error', () => undefined);
    if (down) {
      socket.destroy();
      return;
    }
    connections += 1;
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    smtp.connect(socket);
  });
  await new Promise<void>((resolve) => front.listen(0, '127.0.0.1', resolve));
  const address = front.address();
  if (address === null || typeof address === 'string') throw new Error('The SMTP sink has no port.');

  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    messages,
    logins,
    get connections() {
      return connections;
    },
    get counted() {
      return counted;
    },
    waitFor(count, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          if (messages.length < count) return false;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(messages.slice());
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`expected ${count} messages at the SMTP sink within ${timeoutMs} ms, got ${messages.length}`));
        }, timeoutMs);
        if (!check()) waiters.add(check);
      });
    },
    setDown(value) {
      down = value;
      if (down) for (const socket of open) socket.destroy();
    },
    refuseRecipients(reply) {
      refusal = reply;
    },
    refuseSender(reply) {
      senderRefusal = reply;
    },
    async close() {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
