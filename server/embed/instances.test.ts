/**
 * The embed's settings across instances: on one Postgres database, allowed sites and a look set on
 * one instance are served by the other within 5 s: its CSP frame-ancestors, the page's settings
 * block, and /embed.js.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { coachApi } from '../../src/shared/coach-api/routes';
import { setTestPassword, signedIn } from '../test/coach-session';
import { startApp, testConfig } from '../test/helpers';
import { freshPostgres } from '../test/postgres';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

test('two instances on one Postgres database: allowed sites and the look set on one are served by the other within 5 s', async () => {
  const database = await freshPostgres();
  const [a, b] = await Promise.all([startApp(testConfig({ database })), startApp(testConfig({ database }))]);
  apps.push(a.app, b.app);
  await setTestPassword(a.app);
  const onA = await signedIn(a.app);
  const change = await onA({
    method: 'PATCH',
    url: coachApi.settings,
    payload: { embedOrigins: 'https://coach.example', embedLook: { accent: '#1d4ed8', buttonText: 'Take the quiz' } },
  });
  expect(change.statusCode).toBe(200);
  const changedAt = performance.now();
  // Each is polled: the header follows the settings at once, the pages once their render thread has
  // written them again (a moment later on a busy machine). All three within the 5 s.
  const within = { timeout: 5_000, interval: 100 };
  await expect.poll(async () => (await fetch(`${b.url}/`)).headers.get('content-security-policy'), within).toContain("frame-ancestors 'self' https://coach.example;");
  await expect.poll(async () => (await fetch(`${b.url}/quiz`)).text(), within).toContain('"embedOrigins":["https://coach.example"]');
  await expect.poll(async () => (await fetch(`${b.url}/embed.js`)).text(), within).toContain('Take the quiz');
  expect(performance.now() - changedAt).toBeLessThan(5_000);
});
