import { expect, test } from 'vitest';
import { ConfigError, loadConfig } from './config';

test('defaults to 127.0.0.1:3000', () => {
  expect(loadConfig({})).toMatchObject({ port: 3000, host: '127.0.0.1' });
});

test('reads PORT and HOST', () => {
  expect(loadConfig({ PORT: '8080', HOST: '0.0.0.0' })).toMatchObject({ port: 8080, host: '0.0.0.0' });
});

test.each(['abc', '-1', '70000', '3.5'])('PORT=%s stops start-up with a message naming PORT', (value) => {
  expect(() => loadConfig({ PORT: value })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: value })).toThrow(/PORT/);
});
