import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { testConfig } from '../test/helpers';

let app: FastifyInstance;

beforeAll(async () => {
  // Visitor pages may be framed by the coach's site (EMBED_ORIGINS, or the dashboard's allowed sites); the dashboard never.
  app = await buildApp(testConfig({ environmentSettings: loadConfig({ EMBED_ORIGINS: 'https://coach.example' }).environmentSettings }));
});

afterAll(async () => {
  await app.close();
});

test.each(['/coach', '/coach/', '/coach/leads', '/coach/leads/some-id'])(
  '%s answers 200 with the dashboard page, never stored, framed or indexed',
  async (url) => {
    const response = await app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('Coach dashboard');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers['content-security-policy']).toContain("script-src 'self'");
    // A picture chosen on the settings screen shows before it is saved; visitors' pages allow no blob:.
    expect(response.headers['content-security-policy']).toContain("img-src 'self' blob:");
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  },
);

test('the visitor’s pages keep their own framing rule', async () => {
  const response = await app.inject({ url: '/' });
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self' https://coach.example");
  expect(response.body).not.toContain('Coach dashboard');
});

test.each(['/coaching', '/coach.html'])('%s is not the dashboard: 404', async (url) => {
  const response = await app.inject({ url });
  expect(response.statusCode).toBe(404);
});
