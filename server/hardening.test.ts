/**
 * What an outside probe sends, on a raw socket: bad URLs, headers too large, malformed HTTP,
 * requests dripped slowly. Each answer carries the security headers, is JSON, and repeats nothing
 * that was sent; time limits cut at the configured limit. Small limits keep the slow cases short;
 * the documented defaults are checked against what Node is configured with.
 */
import { connect } from 'node:net';
import { afterAll, afterEach, expect, test } from 'vitest';
import { buildApp } from './app';
import { loggablePath } from './http/log';
import { defaultTimeouts, type ServerConfig } from './config';
import { captureLog, fixtureEmail, postLead, type RunningApp, startApp, testConfig, sqliteDb } from './test/helpers';

const log = captureLog();

// One server per set of limits for the whole file: no test here changes what the server stores or
// how it answers the next one (each reads its own answer, and only the log lines of its own test).
const servers = new Map<string, Promise<RunningApp>>();
let running: RunningApp | undefined;

afterEach(() => {
  log.lines.length = 0;
});

afterAll(async () => {
  for (const server of servers.values()) await (await server).app.close();
});

async function start(overrides: Partial<ServerConfig> = {}): Promise<number> {
  const key = JSON.stringify(overrides);
  let server = servers.get(key);
  if (!server) {
    server = startApp(testConfig({ logLevel: 'info', ...overrides }), { logStream: log.stream });
    servers.set(key, server);
  }
  running = await server;
  return Number(new URL(running.url).port);
}

type RawAnswer = { status: number; headers: Map<string, string>; body: string; text: string; elapsedMs: number };

/**
 * Sends `chunks` on a fresh connection, `gapMs` apart (the last one is not followed by a wait),
 * and reads until the server closes the connection.
 */
function raw(port: number, chunks: (string | Buffer)[], gapMs = 0): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, '127.0.0.1');
    let received = Buffer.alloc(0);
    let timer: NodeJS.Timeout | undefined;
    socket.on('data', (data) => (received = Buffer.concat([received, data])));
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // A reset after the answer arrived still counts as the answer.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = received.toString('latin1');
      const [head = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers = new Map(
        headerLines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers, body, text, elapsedMs: performance.now() - started });
    });
    socket.on('connect', () => {
      let index = 0;
      const sendNext = () => {
        if (socket.destroyed || index >= chunks.length) return;
        socket.write(chunks[index++] ?? '');
        if (index < chunks.length) timer = setTimeout(sendNext, gapMs);
      };
      sendNext();
    });
  });
}

function expectHardenedJson(answer: RawAnswer, status: number, error: string) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff');
  expect(answer.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  expect(answer.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(answer.headers.get('cross-origin-resource-policy')).toBe('same-origin');
  expect(answer.headers.get('cache-control')).toBe('no-store');
  expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
  const body = JSON.parse(answer.body) as { error: string; message: string };
  expect(body.error).toBe(error);
  // Words for a person, not a framework's error code.
  expect(body.message).toMatch(/^[A-Z][a-z].*\.$/);
  expect(body.message).not.toMatch(/FST_|HPE_|ERR_|Expected/);
}

test('a URL Fastify cannot decode gets a 400 with the headers, and neither the path nor the query is echoed or logged', async () => {
  const port = await start();
  const answer = await raw(port, ['GET /%ff?email=leak@example.com HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
  expectHardenedJson(answer, 400, 'bad_url');
  expect(answer.text).not.toMatch(/leak|%ff|email=/i);
  expect(log.lines.join('')).not.toMatch(/leak@|email=/);
});

test('headers over 16 KiB get a 431 with the headers, and are not echoed', async () => {
  const port = await start();
  const answer = await raw(port, [`GET / HTTP/1.1\r\nHost: x\r\nX-Probe: ${'leak'.repeat(5_000)}\r\n\r\n`]);
  expectHardenedJson(answer, 431, 'headers_too_large');
  expect(answer.body).not.toContain('leak');
});

test.each([
  ['Content-Length with Transfer-Encoding', 'POST /api/leads HTTP/1.1\r\nHost: x\r\nContent-Length: 4\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
  ['a bare LF ending a header', 'GET /?leak HTTP/1.1\r\nHost: x\nX-Leak: leak\r\n\r\n'],
  ['a NUL in a header', 'GET / HTTP/1.1\r\nHost: x\r\nX-Leak: le\u0000ak\r\n\r\n'],
  ['no HTTP at all', 'leak leak leak\r\n\r\n'],
])('a malformed request (%s) gets a 400 with the headers and no echo', async (_case, request) => {
  const port = await start();
  const answer = await raw(port, [Buffer.from(request, 'latin1')]);
  expectHardenedJson(answer, 400, 'bad_request');
  expect(answer.body).not.toContain('leak');
});

test.each(['/API/LEADS', '/Api/leads', '/api', '/api/leads/extra', '/API/nothing?email=leak@example.com'])(
  '%s answers a JSON 404 with the headers, whatever its case',
  async (path) => {
    const port = await start();
    const answer = await raw(port, [`POST ${path} HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\nConnection: close\r\n\r\n`]);
    expectHardenedJson(answer, 404, 'not_found');
    expect(answer.body).not.toContain('leak');
  },
);

test.each([
  ['a __proto__ key', '{"__proto__":{"admin":true}}', /key that is never allowed/],
  ['a __proto__ key spelled with an escape', '{"\\u005f_proto__":{"admin":true}}', /key that is never allowed/],
  ['a constructor.prototype key spelled with escapes', '{"constr\\u0075ctor":{"prot\\u006ftype":{}}}', /key that is never allowed/],
  ['a missing field', '{"firstName":"Ana","ratings":[1,2,3,1,2,3,1,2,3]}', /^Please enter a valid email address\.$/],
  ['an empty body', '', /body is empty/],
])('%s is refused in words, naming no framework detail', async (_case, body, message) => {
  const port = await start();
  const response = await postLead(`http://127.0.0.1:${port}`, body);
  expect(response.status).toBe(400);
  expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
  expect(((await response.json()) as { message: string }).message).toMatch(message);
});

/** Small limits, checked often, so a slow client is cut within a test's second. */
const fastTimeouts = { headersMs: 1_000, requestMs: 1_500, idleMs: 5_000, keepAliveMs: 1_000, checkIntervalMs: 100 };

test('headers dripped one line at a time are cut at the headers limit with a 408 (with the headers)', async () => {
  const port = await start({ timeouts: fastTimeouts });
  const lines = ['GET / HTTP/1.1\r\n', 'Host: x\r\n', ...Array.from({ length: 20 }, (_, i) => `X-Drip-${i}: leak\r\n`)];
  const answer = await raw(port, lines, 200);
  expectHardenedJson(answer, 408, 'request_timeout');
  expect(answer.body).not.toContain('leak');
  expect(answer.elapsedMs).toBeGreaterThanOrEqual(fastTimeouts.headersMs - 50);
  expect(answer.elapsedMs).toBeLessThan(fastTimeouts.headersMs + 2 * fastTimeouts.checkIntervalMs + 200);
});

test('a body dripped one byte at a time is cut at the request limit with a 408, and nothing is stored', async () => {
  const port = await start({ timeouts: fastTimeouts });
  const body = JSON.stringify({ email: fixtureEmail, firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] });
  const head = `POST /api/leads HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
  const answer = await raw(port, [head, ...body.split('')], 100);
  expectHardenedJson(answer, 408, 'request_timeout');
  expect(answer.elapsedMs).toBeGreaterThanOrEqual(fastTimeouts.requestMs - 50);
  expect(answer.elapsedMs).toBeLessThan(fastTimeouts.requestMs + 2 * fastTimeouts.checkIntervalMs + 200);
  expect(sqliteDb(running?.app).prepare('SELECT count(*) AS n FROM submissions').get()).toEqual({ n: 0 });
});

test('the documented limits are what Node is configured with: 10 s for headers and for the whole request, checked every 0.5 s', async () => {
  expect(defaultTimeouts).toEqual({ headersMs: 10_000, requestMs: 10_000, idleMs: 15_000, keepAliveMs: 5_000, checkIntervalMs: 500 });
  const app = await buildApp(testConfig());
  const server = app.server;
  expect(server.headersTimeout).toBe(10_000);
  expect(server.requestTimeout).toBe(10_000);
  expect(server.timeout).toBe(15_000);
  expect(server.keepAliveTimeout).toBe(5_000);
  // Node keeps the checking timer under a private symbol; its period is the interval it was given.
  await app.listen({ host: '127.0.0.1', port: 0 });
  const symbol = Object.getOwnPropertySymbols(server).find((s) => s.description === 'http.server.connectionsCheckingInterval');
  const timer = symbol && (server as unknown as Record<symbol, { _repeat?: number }>)[symbol];
  expect(timer?._repeat).toBe(500);
  await app.close();
});

test('no log line holds an address-shaped path segment', async () => {
  const port = await start();
  const base = `http://127.0.0.1:${port}`;
  await fetch(`${base}/results/someone@example.com`);
  await fetch(`${base}/someone%40example.com/x?email=someone@example.com`);
  await fetch(`${base}/api/someone@example.com`, { method: 'POST' });
  const lines = log.lines.join('');
  expect(lines).toContain('"url":"/results/[redacted]"');
  expect(lines).toContain('"url":"/[redacted]/x"');
  expect(lines).not.toMatch(/someone/i);
});

test.each([
  ['/results/someone@example.com', '/results/[redacted]'],
  ['/a/b%40c.de/d', '/a/[redacted]/d'],
  ['/quiz?email=x@y.z', '/quiz'],
  ['/assets/index-abc123.js', '/assets/index-abc123.js'],
])('the log shows %s as %s', (url, logged) => {
  expect(loggablePath(url)).toBe(logged);
});
