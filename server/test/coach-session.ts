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
