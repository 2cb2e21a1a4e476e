import { expect, test } from 'vitest';
import { externalOnly, parseOutboundAllowedHosts } from './allowed-hosts';
import { savedAddressProblem } from './connect';

const policy = (text: string) => {
  const read = parseOutboundAllowedHosts(text);
  if (!read.ok) throw new Error(`refused: ${read.bad}`);
  return read.policy;
};

// The probe's spellings of 127.0.0.1, as an address the coach pastes: each reaches the URL parser as loopback.
test.each(['https://127.0.0.1/', 'https://127.1/', 'https://2130706433/', 'https://0x7f000001/', 'https://[::ffff:127.0.0.1]/', 'https://localhost/', 'https://[::1]/', 'smtp://127.1:25', 'smtps://0x7f000001:465'])(
  'by default %s is refused when saved, saying why and how to allow it',
  (address) => {
    expect(savedAddressProblem(address, externalOnly)).toMatch(/^The server does not connect to .*: it is this server itself \(loopback\)\. .*OUTBOUND_ALLOWED_HOSTS/);
    expect(savedAddressProblem(address, policy('loopback'))).toBeNull();
  },
);

test.each([
  ['10.1.2.3', 'a private network address'],
  ['172.16.0.9', 'a private network address'],
  ['192.168.1.1', 'a private network address'],
  ['169.254.169.254', 'a link-local address (such as a cloud metadata service)'],
  ['100.64.0.1', 'a carrier-grade NAT address'],
  ['[fd00::1]', 'a private network address'],
  ['[fe80::1]', 'a link-local address (such as a cloud metadata service)'],
  ['[::ffff:10.0.0.1]', 'a private network address'],
  ['224.0.0.1', 'a multicast address'],
  ['0.0.0.0', 'an unspecified address'],
  ['[::]', 'an unspecified address'],
  ['[2002:7f00:1::]', 'a reserved address'],
  ['[64:ff9b::7f00:1]', 'a reserved address'],
])('by default https://%s is refused: %s', (host, kind) => {
  expect(savedAddressProblem(`https://${host}/hook`, externalOnly)).toContain(`it is ${kind}.`);
});

test('a public address, or a host name (judged when connecting), passes the save', () => {
  expect(savedAddressProblem('https://93.184.216.34/hook', externalOnly)).toBeNull();
  expect(savedAddressProblem('https://[2606:4700::1111]/hook', externalOnly)).toBeNull();
  expect(savedAddressProblem('https://hooks.example.com/hook', externalOnly)).toBeNull();
});

test.each<[string, string, string, boolean]>([
  ['external', '93.184.216.34', 'x', true],
  ['external', '127.0.0.1', 'x', false],
  ['loopback', '127.0.0.5', 'x', true],
  ['loopback', '::ffff:127.0.0.1', 'x', true],
  ['loopback', '10.0.0.1', 'x', false],
  ['private', '10.0.0.1', 'x', true],
  ['private', 'fd12::1', 'x', true],
  ['private', '169.254.169.254', 'x', false],
  ['private', '100.64.0.1', 'x', false],
  ['10.1.0.0/16', '10.1.200.3', 'x', true],
  ['10.1.0.0/16', '10.2.0.1', 'x', false],
  ['169.254.169.254', '169.254.169.254', 'x', true],
  ['fd00::/8', 'fd00::5', 'x', true],
  ['smtp.internal', '10.0.0.1', 'smtp.internal', true],
  ['smtp.internal', '10.0.0.1', 'other.internal', false],
  ['*.corp.example', '10.0.0.1', 'mail.corp.example', true],
  ['*.corp.example', '10.0.0.1', 'corp.example', false],
  ['*', '127.0.0.1', 'x', true],
  ['external, loopback', '127.0.0.1', 'x', true],
])('OUTBOUND_ALLOWED_HOSTS=%s: %s (%s) allowed %s', (text, address, hostname, allowed) => {
  expect(policy(text).allows(address, hostname)).toBe(allowed);
});

test.each(['10.0.0.0/33', 'http://x', 'a b', '*.'])('OUTBOUND_ALLOWED_HOSTS with %j is refused, naming it', (entry) => {
  expect(parseOutboundAllowedHosts(`external,${entry}`)).toEqual({ ok: false, bad: entry });
});

test('unset or empty means external', () => {
  expect(parseOutboundAllowedHosts(undefined)).toMatchObject({ ok: true, policy: { text: 'external' } });
  expect(parseOutboundAllowedHosts(' ')).toMatchObject({ ok: true, policy: { text: 'external' } });
});
