import { afterAll, afterEach, expect, test } from 'vitest';
import { loadConfig, type ServerConfig } from './config';
import { postLead, type RunningApp, startApp, testConfig, validLead, sqliteDb } from './test/helpers';

let running: RunningApp | undefined;

afterEach(async () => {
  await running?.app.close();
  running = undefined;
});

async function start(overrides: Partial<ServerConfig> = {}): Promise<string> {
  running = await startApp(testConfig(overrides));
  return running.url;
}

/** One server, kept for the file, for the paths that must not be served: each only reads. */
let readOnly: Promise<RunningApp> | undefined;
afterAll(async () => {
  await (await readOnly)?.app.close();
});

function expectHardened(response: Response, frameAncestors = "'self'") {
  const csp = response.headers.get('content-security-policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
  expect(csp).toContain("object-src 'none'");
  expect(csp).toContain("base-uri 'none'");
  expect(csp).toContain(`frame-ancestors ${frameAncestors}`);
  expect(csp).toContain("form-action 'self'");
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  expect(response.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(response.headers.get('permissions-policy')).toContain('camera=()');
}

test('every kind of response carries the security headers: 200, 201, 404, 413, 415 and 429', async () => {
  const url = await start({ rateLimit: { max: 3, windowMs: 60_000 } });
  const statuses: number[] = [];
  const check = async (response: Response) => {
    expectHardened(response);
    expect(response.headers.get('strict-transport-security')).toBeNull();
    statuses.push(response.status);
  };
  await check(await fetch(`${url}/`));
  await check(await fetch(`${url}/assets/index-abc123.js`));
  await check(await fetch(`${url}/no-such-page`));
  await check(await fetch(`${url}/api/nothing`));
  await check(await postLead(url, { ...validLead, padding: 'x'.repeat(10_000) }));
  await check(await postLead(url, 'x', { 'content-type': 'text/plain' }));
  await check(await postLead(url, validLead)); // the third submission uses up the limit of 3
  await check(await postLead(url, validLead));
  expect(statuses).toEqual([200, 200, 404, 404, 413, 415, 201, 429]);
});

test('a server error (500) and a refused lead (400) carry the security headers', async () => {
  const url = await start();
  sqliteDb(running?.app).exec('DROP TABLE submissions');
  const response = await postLead(url, validLead);
  expect(response.status).toBe(500);
  expectHardened(response);
  const invalid = await postLead(url, { ...validLead, ratings: [] });
  expect(invalid.status).toBe(400);
  expectHardened(invalid);
});

test('frame-ancestors follow the allowed sites (here EMBED_ORIGINS), HSTS the configuration', async () => {
  const url = await start({ environmentSettings: loadConfig({ EMBED_ORIGINS: 'https://coach.example' }).environmentSettings, hstsMaxAge: 31_536_000 });
  const response = await fetch(`${url}/`);
  expectHardened(response, "'self' https://coach.example");
  expect(response.headers.get('x-frame-options')).toBeNull();
  expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
});

test.each(['/.env', '/.git/config', '/../data/leads.db', '/%2e%2e/data/leads.db', '/..%2fdata/leads.db', '/assets/../../package.json'])(
  '%s is not served: 404 with the not-found page',
  async (path) => {
    readOnly ??= startApp(testConfig());
    const { url } = await readOnly;
    // fetch() would resolve the dots itself; send the path exactly as written.
    const { request } = await import('node:http');
    const { status, body } = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${url}${path}`, { path }, (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
      });
      req.on('error', reject);
      req.end();
    });
    expect(status).toBe(404);
    expect(body).toContain('Oops! Page not found');
    expect(body).not.toContain('SECRET');
  },
);

test('with an https PUBLIC_URL and nothing else, every answer carries HSTS for a year', async () => {
  const { publicUrl, hstsMaxAge } = loadConfig({ PUBLIC_URL: 'https://quiz.coach.example' });
  const url = await start({ publicUrl, hstsMaxAge });
  for (const path of ['/', '/api/leads', '/no-such-page']) {
    const response = await fetch(`${url}${path}`);
    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  }
});
