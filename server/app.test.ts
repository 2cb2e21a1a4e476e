import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './test/helpers';

let app: FastifyInstance;

// The pages only read: one app serves every test here.
beforeAll(async () => {
  app = await buildApp(testConfig());
});

afterAll(async () => {
  await app.close();
});

test.each([
  ['/', 'Discover Your Core Drivers'],
  ['/quiz', 'Impulse Control (Inhibition)'],
  ['/results', 'id="root"'],
  ['/quiz/', 'Impulse Control (Inhibition)'],
])('%s answers 200 with the app, never cached', async (url, content) => {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toMatch(/^text\/html/);
  expect(response.headers['cache-control']).toBe('no-cache');
  expect(response.body).toContain(content);
});

test.each(['/no-such-page', '/quiz/extra', '/index.html', '/.env', '/../package.json', '/%2e%2e/package.json'])(
  '%s answers 404 with the not-found screen',
  async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(404);
    expect(response.body).toContain('Oops! Page not found');
    expect(response.body).not.toContain('SECRET');
  },
);

test('hashed assets are cached for a year, other files for an hour', async () => {
  const asset = await app.inject({ url: '/assets/index-abc123.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  const favicon = await app.inject({ url: '/favicon.svg' });
  expect(favicon.headers['cache-control']).toBe('public, max-age=3600');
});

test('responses are compressed for browsers that accept brotli or gzip', async () => {
  const brotli = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'br' } });
  expect(brotli.headers['content-encoding']).toBe('br');
  const gzip = await app.inject({ url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
});

test('an unknown API path answers 404 in JSON', async () => {
  const response = await app.inject({ url: '/api/nothing' });
  expect(response.statusCode).toBe(404);
  expect(response.json()).toMatchObject({ error: 'not_found' });
});

test('slow clients are cut off: request, idle-socket and keep-alive timeouts are set', () => {
  expect(app.server.requestTimeout).toBe(10_000);
  expect(app.server.timeout).toBe(15_000);
  expect(app.server.keepAliveTimeout).toBe(5_000);
});

test.each(['/', '/quiz', '/results', '/no-such-page'])('%s carries the run-time settings for the page in its head', async (url) => {
  const response = await app.inject({ url });
  expect(response.body).toMatch(/<script type="application\/json" id="core-drivers-config">\{.*\}<\/script><\/head>/);
});
