import { expect, test } from 'vitest';
import { displayAddress } from './display-address';

test.each([
  ['https://hooks.example.com/catch/123/abc', 'https://hooks.example.com/catch/123/abc'],
  ['https://user:p%40ss@hooks.example.com/in', 'https://hooks.example.com/in'],
  ['https://hooks.example.com/in?token=s3cret&list=7', 'https://hooks.example.com/in?token=…&list=…'],
  ['https://hooks.example.com:8443/in#frag', 'https://hooks.example.com:8443/in'],
  ['http://127.0.0.1:4260/hook?api_key=x', 'http://127.0.0.1:4260/hook?api_key=…'],
  ['https://hooks.example.com', 'https://hooks.example.com/'],
  ['not a url', '(not a valid address)'],
])('%s shows as %s', (address, shown) => {
  expect(displayAddress(address)).toBe(shown);
});
