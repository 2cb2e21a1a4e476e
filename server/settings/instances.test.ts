/**
 * Settings across instances and crashes: two instances on one Postgres database serve one change
 * within 5 s (each checks the revision every second), and a change or a restore acknowledged to the
 * coach survives kill -9 of the process that stored it.
 */
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { coachApi, restoreSettingsPath } from '../../src/shared/coach-api/routes';
import { buildApp } from '../app';
import { setTestPassword, signedIn } from '../test/coach-session';
import { captureLog, startApp, tempDir, testConfig } from '../test/helpers';
import { pngImage } from '../test/images';
import { freshPostgres } from '../test/postgres';
import { setUpCoach, spawnServer } from '../test/server-process';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

test('two instances on one Postgres database: a change made on one is served by the other within 5 s, picture too', async () => {
  const database = await freshPostgres();
  const [a, b] = await Promise.all([startApp(testConfig({ database })), startApp(testConfig({ database }))]);
  apps.push(a.app, b.app);
  await setTestPassword(a.app);
  const onA = await signedIn(a.app);

  const changedAt = performance.now();
  expect((await onA({ method: 'PATCH', url: coachApi.settings, payload: { coachName: 'Dana Reyes', courseUrl: 'https://dana.example/course' } })).statusCode).toBe(200);
  // A serves it at once; B on one of its next checks.
  expect(await (await fetch(`${a.url}/`)).text()).toContain('A quiz by Dana Reyes');
  await expect.poll(async () => (await fetch(`${b.url}/`)).text(), { timeout: 5_000, interval: 100 }).toContain('A quiz by Dana Reyes');
  const servedAfterMs = performance.now() - changedAt;
  expect(servedAfterMs).toBeLessThan(5_000);

  const photo = await onA({ method: 'PUT', url: coachApi.settingsPhoto, headers: { 'content-type': 'image/png' }, payload: pngImage(120, 120) });
  const photoUrl = photo.json<{ photoUrl: string }>().photoUrl;
  // Stored in the database: the other instance serves the same bytes, once it sees the picture in force.
  await expect.poll(async () => (await fetch(`${b.url}${photoUrl}`)).status, { timeout: 5_000, interval: 100 }).toBe(200);
  const fromB = await fetch(`${b.url}${photoUrl}`);
  expect(fromB.headers.get('content-type')).toBe('image/png');
  await expect.poll(async () => (await fetch(`${b.url}/`)).text(), { timeout: 5_000, interval: 100 }).toContain(photoUrl);
});

test('on Postgres without SETTINGS_ENCRYPTION_KEY the server starts and warns; storing a secret is refused, saying how to make the key', async () => {
  const database = await freshPostgres();
  const log = captureLog();
  const app = await buildApp(testConfig({ database, settingsKey: null, logLevel: 'info' }), { logStream: log.stream });
  apps.push(app);
  expect(log.lines.some((line) => line.includes('"level":40') && line.includes('SETTINGS_ENCRYPTION_KEY is not set'))).toBe(true);
  expect((await app.inject({ url: '/' })).statusCode).toBe(200);
  await setTestPassword(app);
  const request = await signedIn(app);
  for (const payload of [{ webhookUrl: 'https://hooks.example.com/in' }, { smtpUrl: 'smtp://coach:pw@smtp.example.com:587' }]) {
    const refused = await request({ method: 'PATCH', url: coachApi.settings, payload });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ error: 'settings_key_missing', message: expect.stringMatching(/SETTINGS_ENCRYPTION_KEY is not set.*openssl rand -base64 32/) });
  }
  expect((await request({ method: 'POST', url: coachApi.webhookSecret })).statusCode).toBe(409);
  // Everything else is stored as usual.
  expect((await request({ method: 'PATCH', url: coachApi.settings, payload: { coachName: 'Sam Rivera' } })).statusCode).toBe(200);
});

test('a setting and a restore acknowledged to the coach survive kill -9 of the server that stored them', async () => {
  const dataDir = tempDir();
  const first = await spawnServer({ DATA_DIR: dataDir });
  const send = await setUpCoach(first);
  expect((await send('PATCH', coachApi.settings, { coachName: 'Dana Reyes', analyticsTimeZone: 'Europe/Berlin' })).status).toBe(200);
  // A later name, then the version with Dana's restored: the restore is what must survive.
  expect((await send('PATCH', coachApi.settings, { coachName: 'Sam Lee' })).status).toBe(200);
  expect((await send('POST', restoreSettingsPath(1))).status).toBe(200);
  first.child.kill('SIGKILL');
  await first.exited;

  const second = await spawnServer({ DATA_DIR: dataDir });
  expect(await (await fetch(`${second.url}/`)).text()).toContain('A quiz by Dana Reyes');
  // No second set-up address: the password survived too.
  expect(second.output()).not.toContain('setupUrl');
}, 120_000);
