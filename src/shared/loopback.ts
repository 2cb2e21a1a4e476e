/**
 * This computer, as an address's host: `localhost`, an IPv4 address of 127.0.0.0/8, or `::1` (as a
 * URL writes it, `[::1]`, or bare, as a Host header may). Plain http:// (or smtp:// without TLS) to
 * it never leaves the machine, so it is allowed for trying things out: a link, the webhook's
 * address, an embedding site, the mail server, signing in to the dashboard. One rule for all of them.
 *
 * Give it the host as the URL parser leaves it: lower case, an IPv4 address in four decimal parts
 * (`127.1` becomes `127.0.0.1`), IPv6 compressed (`[::ffff:127.0.0.1]` becomes `[::ffff:7f00:1]`,
 * which is not this computer here, as server/outbound/ refuses it too).
 */
const ipv4Loopback = /^127\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  return host === 'localhost' || host === '[::1]' || host === '::1' || ipv4Loopback.test(host);
}
