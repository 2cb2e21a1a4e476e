/**
 * Connections to the coach's own addresses, checked where they are made: the host name is resolved
 * here, every address it resolves to is checked against OUTBOUND_ALLOWED_HOSTS (./allowed-hosts.ts),
 * and the socket is opened to the checked address itself, so neither a DNS answer that changes
 * between a check and the connection nor a redirect gets around it. A refused target is never
 * connected to: the attempt fails with `OutboundRefused`, whose message says why.
 *
 * Two doors use it: undici's connector for the webhook (`guardedConnector`, the Agent's `connect`)
 * and Nodemailer's `getSocket` for the mail server (`guardedSocket`).
 */
import { lookup } from 'node:dns/promises';
import { connect as netConnect, isIP, type Socket } from 'node:net';
import { buildConnector } from 'undici';
import { addressKind, type OutboundPolicy } from './allowed-hosts';

export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
  /** Where Nodemailer reports the stage (server/mail/mailer.ts): the connection was never made. */
  readonly code = 'EBLOCKED';
}

/** `[::1]` as a URL spells it, `::1` as a socket wants it. */
const unbracketed = (host: string) => (host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host);

/** The message of a refusal: the host, the address and its kind, and how the operator allows it. */
export function refusalMessage(hostname: string, address: string): string {
  const where = hostname === address ? address : `${hostname} (${address})`;
  return `The server does not connect to ${where}: it is ${addressKind(address)}. Use a public address, or ask whoever runs the server to allow it with OUTBOUND_ALLOWED_HOSTS.`;
}

/** The address to connect to for `host`: every address it resolves to must be allowed. Rejects with OutboundRefused otherwise. */
export async function allowedAddress(host: string, policy: OutboundPolicy): Promise<{ address: string; family: number }> {
  const name = unbracketed(host);
  const found = isIP(name) !== 0 ? [{ address: name, family: isIP(name) }] : await lookup(name, { all: true, verbatim: true });
  const refused = found.find((entry) => !policy.allows(entry.address, name));
  if (refused) throw new OutboundRefused(refusalMessage(name, refused.address));
  const [first] = found;
  if (!first) throw new OutboundRefused(`The server found no address for ${name}.`);
  return first;
}

/** undici's connector (an Agent's `connect`), resolving and checking first, then connecting to that address. */
export function guardedConnector(policy: OutboundPolicy, options: buildConnector.BuildOptions): buildConnector.connector {
  const connect = buildConnector(options);
  return (target, callback) => {
    const name = unbracketed(target.hostname);
    allowedAddress(name, policy).then(
      ({ address }) =>
        // TLS still checks the certificate against the name (SNI), never against the address.
        connect({ ...target, hostname: address, servername: target.servername ?? (isIP(name) === 0 ? name : undefined) }, callback),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  };
}

type SocketCallback = (error: Error | null, socket?: { connection: Socket }) => void;

/**
 * Nodemailer's `getSocket`: resolves and checks the mail server's host, then opens a TCP connection
 * to that address; Nodemailer speaks SMTP over it (and TLS, checked against the host name).
 */
export function guardedSocket(policy: OutboundPolicy): (options: { host?: string; port?: number }, callback: SocketCallback) => void {
  return (options, callback) => {
    allowedAddress(options.host ?? 'localhost', policy).then(
      ({ address }) => {
        const socket = netConnect({ host: address, port: options.port ?? 587 });
        const failed = (error: Error) => callback(error);
        socket.once('error', failed);
        socket.once('connect', () => {
          socket.off('error', failed);
          callback(null, { connection: socket });
        });
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
    );
  };
}

/**
 * The settings screen's check of an address the coach saves (the webhook's, the mail server's): a
 * host written as an address in any spelling (`127.1`, `2130706433`, `0x7f000001` and
 * `[::ffff:127.0.0.1]` all reach the URL parser as 127.0.0.1 or its IPv6 form), or `localhost`, is
 * judged at once; a host name is judged when a connection is made (`allowedAddress`), since its
 * address may change. The refusal's message, or null.
 */
export function savedAddressProblem(address: string, policy: OutboundPolicy): string | null {
  // smtp:// is not a special scheme to the URL parser: its host is read again as a web address's is.
  const host = unbracketed(new URL(`http://${new URL(address).host}`).hostname);
  const literal = isIP(host) !== 0 ? host : /^localhost\.?$/i.test(host) ? '127.0.0.1' : null;
  if (literal === null || policy.allows(literal, host)) return null;
  return refusalMessage(host, literal);
}
