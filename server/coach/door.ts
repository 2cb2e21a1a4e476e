/**
 * What every way into the dashboard shares (the password, a passkey, the first-run set-up, a reset
 * link): HTTPS for the cookie, the sign-in throttle around each secret tried, and the start of a
 * session with its cookies. One place, so each way in follows the same rules.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CoachApiError, CoachErrorCode } from '../../src/shared/coach-api/routes';
import type { SessionStatus } from '../../src/shared/coach-api/session';
import { isLoopbackHost } from '../../src/shared/loopback';
import type { Actor, Session, Storage } from '../storage/storage';
import { browserInWords } from './access/browser-words';
import { DEVICE_COOKIE, DEVICE_COOKIE_MAX_AGE_SECONDS, deviceCookieKey, issueDeviceCookie, type SignInClientKey, signInClientOf } from './device-cookie';
import { dashboardActor, SESSION_COOKIE, sessionTimings, type SessionStore } from './sessions';
import type { SignInThrottle } from './throttle';

export const refuse = (reply: FastifyReply, status: number, error: CoachErrorCode, message: string, extra: Partial<CoachApiError> = {}) =>
  reply.code(status).send({ error, message, ...extra } satisfies CoachApiError);

const cookieOptions = { path: '/', httpOnly: true, secure: true, sameSite: 'strict' } as const;

export type Door = ReturnType<typeof coachDoor>;

export function coachDoor(options: {
  storage: Storage;
  sessions: SessionStore;
  throttle: SignInThrottle;
  publicUrl: string | null;
  now: () => number;
  status: (session: Session) => SessionStatus;
}) {
  const { storage, sessions, throttle, now } = options;

  /** Sign-in sets a `Secure` cookie: over plain http, browsers keep it only for this computer (localhost, 127.0.0.0/8, ::1). */
  const refusedInsecure = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const secure = options.publicUrl ? options.publicUrl.startsWith('https:') : request.protocol === 'https';
    if (secure || isLoopbackHost(request.hostname)) return false;
    refuse(reply, 403, 'https_required', 'Sign in over HTTPS: the session cookie is only kept on a secure connection.');
    return true;
  };

  /** A try too early for the sign-in throttle (server/coach/throttle.ts): when to try again, never a lock. */
  const tooManyAttempts = (reply: FastifyReply, retryAfterMs: number) => {
    const retryAfterSeconds = Math.ceil(retryAfterMs / 1000);
    reply.header('retry-after', String(retryAfterSeconds));
    return refuse(reply, 429, 'too_many_attempts', `Too many wrong tries: wait ${retryAfterSeconds} s before trying again.`, { retryAfterSeconds });
  };

  /**
   * A secret is about to be tried (a password, a code, a passkey's answer, a reset link): null when
   * the throttle refused (the 429 is sent); else who tries, already counted as a failure until
   * `succeeded` clears it, so parallel guesses are throttled too.
   */
  const tryingSecret = async (request: FastifyRequest, reply: FastifyReply, passwordHash: string | null) => {
    const who: SignInClientKey = signInClientOf(request.ip, request.cookies[DEVICE_COOKIE], passwordHash);
    const verdict = await throttle.check(who, now());
    if (!verdict.allowed) {
      tooManyAttempts(reply, verdict.retryAfterMs);
      return null;
    }
    await throttle.countFailedTry(who, now());
    return {
      who,
      trusted: verdict.trusted,
      succeeded: async () => {
        await throttle.succeeded(who, verdict.trusted);
        await throttle.prune(now());
      },
    };
  };

  /**
   * A new session, its cookie, and the session's status as the answer. The browser is known from
   * now on (its device cookie, a new id each time, signed with a key from the password hash): never
   * slowed by others' wrong passwords. The session names the browser in words for the coach's list.
   */
  const startSession = async (request: FastifyRequest, reply: FastifyReply, passwordHash: string): Promise<SessionStatus> => {
    reply.setCookie(DEVICE_COOKIE, issueDeviceCookie(deviceCookieKey(passwordHash)).value, { ...cookieOptions, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
    const { token, session } = await sessions.create(now(), browserInWords(request.headers['user-agent']));
    await storage.audit.record('sign_in', dashboardActor(session), now());
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOptions, maxAge: sessionTimings.maxLifetimeMs / 1000 });
    return options.status(session);
  };

  const endSessionCookie = (reply: FastifyReply) => reply.clearCookie(SESSION_COOKIE, cookieOptions);

  const anonymous: Actor = dashboardActor(null);

  return { refusedInsecure, tooManyAttempts, tryingSecret, startSession, endSessionCookie, anonymous };
}
