/**
 * Where the server may connect for the coach's own addresses (the webhook and the mail server set
 * on the dashboard): OUTBOUND_ALLOWED_HOSTS, in the manner of Gitea's `webhook.ALLOWED_HOST_LIST`.
 * Comma-separated entries, any of which allows a connection:
 *
 *   external   a public unicast address (the default)
 *   loopback   127.0.0.0/8 and ::1 (this machine)
 *   private    RFC 1918 (10/8, 172.16/12, 192.168/16) and RFC 4193 unique-local (fc00::/7)
 *   a CIDR range or one address   10.0.0.0/8, 192.168.1.20, fd12::/16
 *   a host name   smtp.example.com, or *.example.com for its subdomains (the name in the address)
 *   *          anywhere
 *
 * Everything else is refused unless a range names it: link-local (169.254/16, the cloud metadata
 * address among them; fe80::/10), CGNAT (100.64/10), multicast, unspecified, reserved, and the
 * IPv4-mapped, 6to4, Teredo and NAT64 forms of any of these (an IPv4-mapped address is checked as
 * the IPv4 address it is). The addresses the operator sets in the environment (LEAD_WEBHOOK_URL,
 * SMTP_URL) are theirs and are not filtered. The check is made on the address connected to, after
 * DNS, by ./connect.ts.
 */
import ipaddr from 'ipaddr.js';

type Rule =
  | { kind: 'external' | 'loopback' | 'private' | 'any' }
  | { kind: 'range'; range: [ipaddr.IPv4 | ipaddr.IPv6, number] }
  | { kind: 'host'; name: string; subdomains: boolean };

export type OutboundPolicy = {
  /** The variable as given (for messages): `external` by default. */
  readonly text: string;
  /** Whether a connection to `address` (an IP), reached through the name `hostname`, is allowed. */
  allows(address: string, hostname: string): boolean;
};

/** What kind of address it is, in words a coach or an operator reads. */
export function addressKind(address: string): string {
  const range = ipaddr.process(address).range();
  const words: Record<string, string> = {
    loopback: 'this server itself (loopback)',
    private: 'a private network address',
    uniqueLocal: 'a private network address',
    linkLocal: 'a link-local address (such as a cloud metadata service)',
    carrierGradeNat: 'a carrier-grade NAT address',
    multicast: 'a multicast address',
    unspecified: 'an unspecified address',
    unicast: 'a public address',
  };
  return words[range] ?? 'a reserved address';
}

const keywords: Record<string, Rule['kind']> = { external: 'external', loopback: 'loopback', private: 'private', '*': 'any' };

function parseRule(entry: string): Rule | null {
  const keyword = keywords[entry.toLowerCase()];
  if (keyword) return { kind: keyword } as Rule;
  if (entry.includes('/')) {
    try {
      return { kind: 'range', range: ipaddr.parseCIDR(entry) };
    } catch {
      return null;
    }
  }
  if (ipaddr.isValid(entry)) {
    const address = ipaddr.process(entry);
    return { kind: 'range', range: [address, address.kind() === 'ipv4' ? 32 : 128] };
  }
  const name = entry.toLowerCase().replace(/\.$/, '');
  const subdomains = name.startsWith('*.');
  const bare = subdomains ? name.slice(2) : name;
  return /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/.test(bare) ? { kind: 'host', name: bare, subdomains } : null;
}

function matches(rule: Rule, address: ipaddr.IPv4 | ipaddr.IPv6, hostname: string): boolean {
  const range = address.range();
  switch (rule.kind) {
    case 'any':
      return true;
    case 'external':
      return range === 'unicast';
    case 'loopback':
      return range === 'loopback';
    case 'private':
      return range === 'private' || range === 'uniqueLocal';
    case 'range':
      return address.kind() === rule.range[0].kind() && address.match(rule.range);
    case 'host': {
      const name = hostname.toLowerCase().replace(/\.$/, '');
      return rule.subdomains ? name.endsWith(`.${rule.name}`) : name === rule.name;
    }
  }
}

/** OUTBOUND_ALLOWED_HOSTS read: a policy, or the first entry that means nothing (for the start-up message). */
export function parseOutboundAllowedHosts(raw: string | undefined): { ok: true; policy: OutboundPolicy } | { ok: false; bad: string } {
  const text = raw === undefined || raw.trim() === '' ? 'external' : raw.trim();
  const rules: Rule[] = [];
  for (const entry of text.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const rule = parseRule(entry);
    if (rule === null) return { ok: false, bad: entry };
    rules.push(rule);
  }
  return {
    ok: true,
    policy: {
      text,
      allows(address, hostname) {
        if (!ipaddr.isValid(address)) return false;
        const parsed = ipaddr.process(address);
        return rules.some((rule) => matches(rule, parsed, hostname));
      },
    },
  };
}

/** The default: public addresses only. */
export const externalOnly = (parseOutboundAllowedHosts(undefined) as { ok: true; policy: OutboundPolicy }).policy;
