/**
 * The key under which a client is counted by the rate limits and the sign-in throttle: its IPv4
 * address, or the /64 network of its IPv6 address. One IPv6 subscriber usually gets a whole /64 (or
 * more), so counting single IPv6 addresses would give each of them 2^64 fresh allowances. An
 * IPv4-mapped IPv6 address (`::ffff:192.0.2.1`, what a dual-stack socket reports) is its IPv4
 * address. The key is held in memory (or, for the sign-in throttle, stored), never logged.
 */
import { isIPv4 } from 'node:net';
import ipaddr from 'ipaddr.js';

export function clientKey(address: string): string {
  // The common case, and every request's: a socket's IPv4 address is already in its one written form.
  if (isIPv4(address)) return address;
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const groups = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${groups.map((group) => group.toString(16)).join(':')}::/64`;
}
