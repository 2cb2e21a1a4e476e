import { expect, test } from 'vitest';
import { isLoopbackHost } from './loopback';

test.each([
  ['localhost', true],
  ['LOCALHOST', true],
  ['127.0.0.1', true],
  ['127.0.0.2', true],
  ['127.255.255.255', true],
  ['[::1]', true],
  ['::1', true],
  ['localhost.example.com', false],
  ['evil-localhost', false],
  ['127.0.0.1.example.com', false],
  ['128.0.0.1', false],
  ['127.256.0.1', false],
  ['127.0.0.01', false],
  ['127.1', false],
  ['0x7f000001', false],
  ['10.0.0.1', false],
  ['192.168.1.1', false],
  ['0.0.0.0', false],
  ['[::ffff:7f00:1]', false],
  ['[::2]', false],
  ['', false],
])('%s is this computer: %s', (host, expected) => {
  expect(isLoopbackHost(host)).toBe(expected);
});

/** Every check of an address agrees, through the URL parser each of them uses. */
test.each([
  ['http://127.0.0.2:8080/hook', true],
  ['http://[::1]/hook', true],
  ['http://LocalHost:3000/', true],
  ['http://127.1/hook', true],
  ['http://[0:0:0:0:0:0:0:1]/', true],
  ['http://coach.example/', false],
])('%s, as the URL parser reads it, is this computer: %s', (address, expected) => {
  expect(isLoopbackHost(new URL(address).hostname)).toBe(expected);
});
