import { expect, test } from 'vitest';
import { webhookTarget } from './target';

const secret = 'a-shared-secret-of-thirty-two-chars';

test.each([
  ['no address: not forwarded', null, secret, null],
  ['no secret: not forwarded', 'https://hooks.example.com/in', null, null],
  ['a plain address', 'https://hooks.example.com/in?key=abc', secret, { url: 'https://hooks.example.com/in?key=abc', authorization: null, secret, destination: 'https://hooks.example.com/in?key=…', guard: null }],
  [
    'credentials become Basic authorization, percent-decoded, and leave the address',
    'https://me%40work:p%3Ass@hooks.example.com/in',
    secret,
    { url: 'https://hooks.example.com/in', authorization: `Basic ${Buffer.from('me@work:p:ss').toString('base64')}`, secret, destination: 'https://hooks.example.com/in', guard: null },
  ],
  ['a user name alone', 'https://token@hooks.example.com/in', secret, { url: 'https://hooks.example.com/in', authorization: `Basic ${Buffer.from('token:').toString('base64')}`, secret, destination: 'https://hooks.example.com/in', guard: null }],
])('%s', (_what, address, key, expected) => {
  expect(webhookTarget(address, key)).toEqual(expected);
});
