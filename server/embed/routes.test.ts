/**
 * The server's part of the embed: the script coaches paste into their sites, sent with the coach's
 * popup look in it; who may frame the quiz (the allowed sites: EMBED_ORIGINS, or the dashboard's),
 * and what the page is told (the allowed sites for its messages, the look inside the frame). Every
 * change on the dashboard applies to the very next request.
 */
import { readFileSync } from 'node:fs';
import { runInNewContext } from 'node:vm';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type ServerConfig } from '../config';
import { testConfig } from '../test/helpers';

let app: FastifyInstance | undefined;

afterEach(async () => {
  await app?.close();
  app = undefined;
});

async function start(overrides: Partial<ServerConfig> = {}): Promise<FastifyInstance> {
  app = await buildApp(testConfig(overrides));
  return app;
}

const coach = { actor: 'dashboard', sessionId: 1, signedIn: null } as const;

/** What the served script read as its look (the fake build's script puts it on globalThis). */
function lookIn(script: string): unknown {
  const context: { coreDriversLook?: unknown } = {};
  runInNewContext(script, context);
  return context.coreDriversLook;
}

const settingsBlock = (html: string) => JSON.parse(/<script type="application\/json" id="core-drivers-config">(.*?)<\/script>/.exec(html)?.[1] ?? 'null') as Record<string, unknown>;

test('/embed.js can be loaded by other sites, is revalidated on every load (an ETag makes that a 304) and comes compressed', async () => {
  const server = await start();
  const plain = await server.inject({ url: '/embed.js', headers: { 'accept-encoding': 'identity' } });
  expect(plain.statusCode).toBe(200);
  expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
  expect(plain.headers['cache-control']).toBe('no-cache');
  // The README says what is sent (it once said five minutes).
  const documented = /`\/embed\.js` keeps its name, so it is sent with `Cache-Control: ([^`]+)`/.exec(readFileSync(new URL('../../README.md', import.meta.url), 'utf8'));
  expect(documented?.[1]).toBe(plain.headers['cache-control']);
  expect(plain.headers['cross-origin-resource-policy']).toBe('cross-origin');
  expect(plain.headers['x-content-type-options']).toBe('nosniff');
  expect(plain.headers['content-encoding']).toBeUndefined();
  const br = await server.inject({ url: '/embed.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
  expect(br.headers['content-encoding']).toBe('br');
  expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  const gzip = await server.inject({ url: '/embed.js', headers: { 'accept-encoding': 'gzip' } });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
  const again = await server.inject({ url: '/embed.js', headers: { 'if-none-match': String(plain.headers.etag) } });
  expect(again.statusCode).toBe(304);
  expect((await server.inject({ url: '/favicon.svg' })).headers['cross-origin-resource-policy']).toBe('same-origin');
});

test('the popup look set on the dashboard is in the very next /embed.js, with a new ETag', async () => {
  const server = await start();
  const before = await server.inject({ url: '/embed.js' });
  expect(lookIn(before.body)).toEqual({ buttonText: null, buttonColour: null, buttonTextColour: null, panelColour: null, accent: null });
  await server.settings.change(
    { embedLook: { hideChrome: false, background: '#fff7e6', accent: '#1d4ed8', buttonText: 'Take the quiz', buttonColour: '#fce8a6' } },
    coach,
    Date.now(),
  );
  const after = await server.inject({ url: '/embed.js', headers: { 'if-none-match': String(before.headers.etag) } });
  expect(after.statusCode).toBe(200);
  expect(after.headers.etag).not.toBe(before.headers.etag);
  expect(lookIn(after.body)).toEqual({ buttonText: 'Take the quiz', buttonColour: '#fce8a6', buttonTextColour: '#1d2a2f', panelColour: '#fff7e6', accent: '#1d4ed8' });
});

test('without allowed sites only this site may frame the quiz (the dashboard’s preview), and the page is told of none', async () => {
  const server = await start();
  const response = await server.inject({ url: '/' });
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self';");
  expect(response.headers['x-frame-options']).toBe('SAMEORIGIN');
  expect(settingsBlock(response.body)).toMatchObject({ embedOrigins: [], frame: { hideChrome: false, transparent: false, colours: {} } });
});

test('EMBED_ORIGINS become frame-ancestors, with no X-Frame-Options to contradict them, and reach the page', async () => {
  const server = await start({ environmentSettings: loadConfig({ EMBED_ORIGINS: 'https://coach.example, https://www.coach.example' }).environmentSettings });
  for (const url of ['/', '/quiz', '/results', '/no-such-page']) {
    const response = await server.inject({ url });
    expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self' https://coach.example https://www.coach.example;");
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(settingsBlock(response.body).embedOrigins).toEqual(['https://coach.example', 'https://www.coach.example']);
  }
});

test('allowed sites and the look set on the dashboard apply to the very next request: its CSP and the page’s settings', async () => {
  const server = await start();
  await server.settings.change(
    { embedOrigins: ['https://coach.example'], embedLook: { hideChrome: true, background: 'transparent', accent: '#1d4ed8', buttonText: null, buttonColour: null } },
    coach,
    Date.now(),
  );
  const response = await server.inject({ url: '/quiz' });
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'self' https://coach.example;");
  expect(response.headers['x-frame-options']).toBeUndefined();
  expect(settingsBlock(response.body)).toMatchObject({
    embedOrigins: ['https://coach.example'],
    frame: { hideChrome: true, transparent: true, colours: { '--color-teal': '#1d4ed8', '--color-teal-dark': '#143797', '--color-teal-soft': '#e4eafa' } },
  });
  // Even a refusal made before any route runs carries the new policy.
  const refused = await server.inject({ url: '/%ff' });
  expect(refused.headers['content-security-policy']).toContain("frame-ancestors 'self' https://coach.example;");
});
