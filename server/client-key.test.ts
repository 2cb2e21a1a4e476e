import { expect, test } from 'vitest';
import { clientKey } from './client-key';

test.each([
  ['192.0.2.1', '192.0.2.1'],
  ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
  // Another address of the same /64: the same client.
  ['2001:db8:1:2:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
  ['2001:DB8:1:2::1', '2001:db8:1:2::/64'],
  ['2001:0db8:0001:0002:0000:0000:0000:0001', '2001:db8:1:2::/64'],
  // The next /64 is another client.
  ['2001:db8:1:3::1', '2001:db8:1:3::/64'],
  ['2001:db8::', '2001:db8:0:0::/64'],
  ['::1', '0:0:0:0::/64'],
  ['fe80::1%eth0', 'fe80:0:0:0::/64'],
  ['::ffff:192.0.2.1', '192.0.2.1'],
  ['::ffff:c000:201', '192.0.2.1'],
  ['64:ff9b::192.0.2.1', '64:ff9b:0:0::/64'],
  ['1:2:3:4:5:6:7::', '1:2:3:4::/64'],
  ['::2:3:4:5:6:7:8', '0:2:3:4::/64'],
  ['not an address', 'not an address'],
])('%s is counted as %s', (address, key) => {
  expect(clientKey(address)).toBe(key);
});
