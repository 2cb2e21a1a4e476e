/** Helpers for tests of the coach API: a password set cheaply, sign-in, and requests with the cookie. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../coach/password';
import { SESSION_COOKIE } from '../coach/sessions';

export const coachPassword = 'correct horse battery staple';

/** The default inject host is localhost:80, so this is the dashboard's own origin. */
export const ownOrigin = 'http://localhost:80';

/** Stores the password with cheap scrypt parameters (the real ones cost half a second per check). */
export async function setTestPassword(app: FastifyInstance, password = coachPassword): Promise<void> {
  await app.storage.sessions.storePasswordHash(await hashPassword(password, { log2N: 10, r: 8, p: 1 }), Date.now());
}

export function signIn(app: FastifyInstance, password = coachPassword, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/coach/session', headers: { origin: ownOrigin, ...headers }, payload: { password } });
}

/** Signs in and returns a function making requests with the session cookie (and the right Origin). */
export async function signedIn(app: FastifyInstance): Promise<(options: InjectOptions) => Promise<LightMyRequestResponse>> {
  const response = await signIn(app);
  const token = response.cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value;
  if (response.statusCode !== 200 || token === undefined) throw new Error(`sign-in failed with ${response.statusCode}`);
  return (options) => app.inject({ ...options, headers: { origin: ownOrigin, ...options.headers }, cookies: { [SESSION_COOKIE]: token } });
}

/** A request over HTTP as the signed-in coach: JSON body, the session cookie, the site's own Origin. */
export type CoachRequest = (method: string, path: string, body?: object) => Promise<Response>;

/** The coach's requests to the server at `url`, with the session cookie (`name=value`) a sign-in set. */
export function coachRequests(url: string, cookie: string): CoachRequest {
  return (method, path, body) =>
    fetch(`${url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), origin: url, ...(cookie === '' ? {} : { cookie }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** The session cookie (`name=value`) an answer set; empty when none. */
export const sessionCookieOf = (response: Response): string =>
  response.headers.getSetCookie().find((line) => line.startsWith(SESSION_COOKIE))?.split(';')[0] ?? '';

/** Signs in over HTTP to an app listening at `url` (server/test/helpers.ts `startApp`), the password set cheaply first. */
export async function signedInOver(app: FastifyInstance, url: string): Promise<CoachRequest> {
  await setTestPassword(app);
  const response = await coachRequests(url, '')('POST', '/api/coach/session', { password: coachPassword });
  const cookie = sessionCookieOf(response);
  if (response.status !== 200 || cookie === '') throw new Error(`sign-in failed with ${response.status}`);
  return coachRequests(url, cookie);
}
