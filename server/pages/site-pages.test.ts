/**
 * The visitor's pages are rendered in a thread of their own (./site-pages.ts): the thread that
 * answers leads never turns on an async context (on Node 20 and 22, promise hooks for good: a tenth
 * of every lead's CPU), and a render that fails, even one that takes its thread down, leaves the
 * pages sent before in place.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { coachApi } from '../../src/shared/coach-api/routes';
import { buildApp } from '../app';
import { setTestPassword, signedIn } from '../test/coach-session';
import { makeFakeDist } from '../test/fake-dist';
import { captureLog, postLead, testConfig, validLead } from '../test/helpers';
import { setUpCoach, spawnServer } from '../test/server-process';

const watch = new URL('../test/async-context-watch.mjs', import.meta.url).pathname;

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

test('the thread answering requests turns on no async context: not at start-up, not when a settings change renders the pages again', async () => {
  const server = await spawnServer({}, ['--import', watch]);
  const coach = await setUpCoach(server);
  expect((await coach('PATCH', coachApi.settings, { coachName: 'Dana Reyes' })).status).toBe(200);
  // Both rendered again with the change, the quiz as React's prerender renders it (its lazy page loaded).
  for (const path of ['/', '/quiz']) expect(await (await fetch(`${server.url}${path}`)).text()).toContain('A quiz by Dana Reyes');
  expect((await postLead(server.url, validLead)).status).toBe(201);

  expect(server.output()).toContain('"asyncContextWatch":"on"');
  const turnedOn = server.output().split('\n').filter((line) => line.includes('asyncContextTurnedOn'));
  expect(turnedOn).toEqual([]);
}, 60_000);

test("a render whose thread dies keeps the pages sent before, says so in the log without the coach's name, and the next change renders", async () => {
  const distDir = makeFakeDist();
  // The fake build's renderer, except that one name breaks the quiz's render: an error nothing
  // catches, and an answer that never comes.
  writeFileSync(
    join(distDir, 'ssr', 'entry-server.js'),
    `export function render(url, config) {
      return '<h1>Discover Your Core Drivers</h1>' + (config.coach.name ? '<p>A quiz by ' + config.coach.name + '</p>' : '');
    }
    export async function renderWithLazyPages(url, config) {
      if (config.coach.name !== 'Quinn Crash') return render(url, config);
      setTimeout(() => { throw new Error('the renderer broke'); });
      return new Promise(() => {});
    }`,
  );
  const log = captureLog();
  const app = await buildApp(testConfig({ distDir, logLevel: 'info' }), { logStream: log.stream });
  apps.push(app);
  await setTestPassword(app);
  const coach = await signedIn(app);
  const landing = async () => (await app.inject({ url: '/' })).body;
  const before = await landing();

  expect((await coach({ method: 'PATCH', url: coachApi.settings, payload: { coachName: 'Quinn Crash' } })).statusCode).toBe(200);
  expect(await landing()).toBe(before);
  const failed = log.lines.filter((line) => line.includes('rendering the pages with the new settings failed'));
  expect(failed).toHaveLength(1);
  expect(failed[0]).not.toContain('Quinn');

  expect((await coach({ method: 'PATCH', url: coachApi.settings, payload: { coachName: 'Dana Reyes' } })).statusCode).toBe(200);
  expect(await landing()).toContain('<p>A quiz by Dana Reyes</p>');
});
