/**
 * What every fake e-mail tool shares: a real HTTP server on 127.0.0.1 (never a mocked fetch), JSON in
 * and out, routes by method and path, a log of every request (with the status it got), a sliding
 * window for the vendor's rate limit, and answers a test may put first (a 500, a hang-up). Free of
 * any test runner, so the e2e tests and the screenshot scripts start the fakes too.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeRequest = { method: string; path: string; query: URLSearchParams; headers: IncomingHttpHeaders; body: unknown };
export type FakeAnswer = { status: number; body?: unknown; headers?: Record<string, string> };
export type FakeRoute = { method: string; path: RegExp; answer: (request: FakeRequest, match: RegExpExecArray) => FakeAnswer };
export type Logged = { method: string; path: string; status: number; at: number };

export type FakeServer = {
  url: string;
  log: Logged[];
  /** Answers given before any route, in order (each once): a test's 500 or 503. */
  upcoming: FakeAnswer[];
  /** The most requests of one bucket in flight at once, the one answered 429 for it included (with a `concurrent` limit). */
  mostAtOnce: () => number;
  /**
   * Holds every answer until the returned `release` is called (but the 429 for one request too many
   * at once, which comes at once): a test can crowd the limit of connections, or kill an instance
   * while it waits for its answer, on a machine of any speed. `holdMs` still applies after.
   */
  holdAnswers: () => () => void;
  close: () => Promise<void>;
};

export type FakeOptions = {
  routes: FakeRoute[];
  /** Checks the request's credentials; an answer refuses it (401, 403). Runs before the limit. */
  authorize: (request: FakeRequest) => FakeAnswer | null;
  /** The limit's bucket for an authorized request (the key, or the account every key shares), and its answer when over it. */
  limit: { requests: number; perMs: number; bucket: (request: FakeRequest) => string; tooMany: (waitMs: number) => FakeAnswer };
  /** Headers added to every authorized answer (a vendor's rate headers), given the bucket's state. */
  rateHeaders?: (state: { limit: number; remaining: number; resetMs: number }) => Record<string, string>;
  /**
   * A limit of requests at once per bucket (Mailchimp's 10 connections): each authorized request is
   * held `holdMs` before its answer, and one beyond `max` in flight gets `tooMany` at once.
   */
  concurrent?: { max: number; holdMs: number; tooMany: () => FakeAnswer };
  now?: () => number;
  /** A fixed port (an e2e server's environment names it before the fake starts); any free one by default. */
  port?: number;
};

/** Requests accepted per bucket within the window: a sliding log of their times. */
function slidingWindow(requests: number, perMs: number) {
  const times = new Map<string, number[]>();
  return (bucket: string, now: number) => {
    const recent = (times.get(bucket) ?? []).filter((at) => at > now - perMs);
    const allowed = recent.length < requests;
    if (allowed) recent.push(now);
    times.set(bucket, recent);
    const resetMs = recent.length > 0 ? (recent[0] ?? now) + perMs - now : 0;
    return { allowed, remaining: Math.max(0, requests - recent.length), resetMs };
  };
}

export async function startFakeServer(options: FakeOptions): Promise<FakeServer> {
  const now = options.now ?? Date.now;
  const window = slidingWindow(options.limit.requests, options.limit.perMs);
  const server: Server = createServer();
  const inFlight = new Map<string, number>();
  let most = 0;
  let holding: Promise<void> | null = null;
  const fake: FakeServer = {
    url: '',
    log: [],
    upcoming: [],
    mostAtOnce: () => most,
    holdAnswers: () => {
      let release = () => {};
      holding = new Promise<void>((resolve) => (release = resolve));
      return () => {
        holding = null;
        release();
      };
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  function answerFor(request: FakeRequest): FakeAnswer {
    const refused = options.authorize(request);
    if (refused) return refused;
    const state = window(options.limit.bucket(request), now());
    const extra = options.rateHeaders?.({ limit: options.limit.requests, remaining: state.remaining, resetMs: state.resetMs }) ?? {};
    const answer = !state.allowed
      ? options.limit.tooMany(state.resetMs)
      : (fake.upcoming.shift() ?? route(request) ?? { status: 404, body: { message: 'Not found' } });
    return { ...answer, headers: { ...extra, ...answer.headers } };
  }

  function route(request: FakeRequest): FakeAnswer | null {
    for (const candidate of options.routes) {
      const match = candidate.method === request.method ? candidate.path.exec(request.path) : null;
      if (match) return candidate.answer(request, match);
    }
    return null;
  }

  server.on('request', (incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const url = new URL(incoming.url ?? '/', 'http://fake');
      const text = Buffer.concat(chunks).toString();
      let body: unknown;
      try {
        body = text === '' ? null : (JSON.parse(text) as unknown);
      } catch {
        body = undefined;
      }
      const request: FakeRequest = { method: incoming.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: incoming.headers, body };
      const bucket = options.concurrent && body !== undefined && options.authorize(request) === null ? options.limit.bucket(request) : null;
      const held = bucket === null ? 0 : (inFlight.get(bucket) ?? 0) + 1;
      most = Math.max(most, held);
      const crowded = options.concurrent !== undefined && held > options.concurrent.max;
      const answer = body === undefined ? { status: 400, body: { message: 'The body is not JSON.' } } : crowded && options.concurrent ? options.concurrent.tooMany() : answerFor(request);
      fake.log.push({ method: request.method, path: request.path, status: answer.status, at: now() });
      // A text body (Kit's bare `Retry later`) goes as it is, with the content type its answer names.
      const payload = answer.body === undefined || answer.status === 204 ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      const reply = () => {
        response.writeHead(answer.status, { ...(payload ? { 'content-type': 'application/json' } : {}), ...answer.headers });
        response.end(payload);
      };
      if (crowded || (bucket === null && holding === null)) return reply();
      if (bucket !== null) inFlight.set(bucket, held);
      const answerAfterHold = () =>
        setTimeout(() => {
          if (bucket !== null) inFlight.set(bucket, (inFlight.get(bucket) ?? 1) - 1);
          reply();
        }, options.concurrent?.holdMs ?? 0);
      if (holding) void holding.then(answerAfterHold);
      else answerAfterHold();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** A number id counter, as the vendors hand out. */
export function ids(start = 1) {
  let next = start;
  return () => String(next++);
}

/** Whether an address looks like one a vendor accepts (one @, a dot in the domain, no space). */
export const plausibleEmail = (value: unknown): value is string =>
  typeof value === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254;
