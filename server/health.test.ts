import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from './app';
import { testConfig } from './test/helpers';

let app: FastifyInstance | undefined;
afterEach(async () => {
  await app?.close();
  app = undefined;
});

test('GET /api/health answers 200 {"status":"ok"} once storage accepted a write, and shows nothing else', async () => {
  app = await buildApp(testConfig());
  const response = await app.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ status: 'ok' });
  expect(response.headers['cache-control']).toBe('no-store');
});

test('GET /api/health answers 503 with a reason when storage refuses a write, without saying why in detail', async () => {
  app = await buildApp(testConfig());
  const instance = app;
  instance.storage.leads.probeWrite = () => Promise.reject(Object.assign(new Error('SQLITE_READONLY: attempt to write a readonly database /var/lib/x'), { code: 'SQLITE_READONLY' }));
  const response = await instance.inject({ method: 'GET', url: '/api/health' });
  expect(response.statusCode).toBe(503);
  expect(response.json()).toEqual({ status: 'unavailable', reason: 'Storage refused a write.' });
});
