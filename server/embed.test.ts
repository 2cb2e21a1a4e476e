/**
 * The server's part of the embed: the script coaches paste into their sites, who may frame the
 * quiz (EMBED_ORIGINS), and the allowed origins handed to the page for its messages.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterEach, expect, test } from 'vitest';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { loadConfig } from './config';
import { testConfig } from './test/helpers';

let close: (() => Promise<void>) | undefined;

afterEach(async () => {
  await close?.();
  close = undefined;
});

async function appWith(overrides: Partial<ServerConfig>) {
  const config = testConfig(overrides);
  // With the compressed copies the build writes beside it (scripts/precompress.ts).
  const script = Buffer.from('(()=>{/* the embed script */})();'.repeat(20));
  const file = join(config.distDir, 'client', 'embed.js');
  writeFileSync(file, script);
  writeFileSync(`${file}.br`, brotliCompressSync(script));
  writeFileSync(`${file}.gz`, gzipSync(script));
  const app = await buildApp(config);
  close = () => app.close();
  return app;
}

const embedding = (value: string) => {
  const { embedOrigins, frameAncestors } = loadConfig({ EMBED_ORIGINS: value });
  return { embedOrigins, frameAncestors };
};

test('/embed.js can be loaded by other sites and is only briefly cached, since its name never changes', async () => {
  const app = await appWith({});
  for (const encoding of ['identity', 'br', 'gzip']) {
    const response = await app.inject({ url: '/embed.js', headers: { 'accept-encoding': encoding } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding === 'identity' ? undefined : encoding);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=300, stale-while-revalidate=86400');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  }
  const other = await app.inject({ url: '/favicon.svg' });
  expect(other.headers['cross-origin-resource-policy']).toBe('same-origin');
});

test('without EMBED_ORIGINS no site may frame the quiz, and the page is told of none', async () => {
  const app = await appWith(embedding(''));
  const response = await app.inject({ url: '/' });
  expect(response.headers['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.body).toContain('"embedOrigins":[]');
});

test('EMBED_ORIGINS become frame-ancestors, with no X-Frame-Options to contradict them, and reach the page', async () => {
  const app = await appWith(embedding('https://coach.example, https://www.coach.example'));
  for (const url of ['/', '/quiz', '/results', '/no-such-page']) {
    const response = await app.inject({ url });
    expect(response.headers['content-security-policy']).toContain('frame-ancestors https://coach.example https://www.coach.example;');
    expect(response.headers['x-frame-options']).toBeUndefined();
    expect(response.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(response.body).toContain('"embedOrigins":["https://coach.example","https://www.coach.example"]');
  }
});
