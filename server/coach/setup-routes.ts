/**
 * First run in the browser (rules: ./setup-code.ts). Inside the coach API, so its guard checks the
 * Origin; these two routes alone need no session, since there is no password yet.
 *
 *   GET  /api/coach/setup  {passwordSet}: the dashboard shows the set-up screen while it is false
 *   POST /api/coach/setup  {code, password}: sets the password and signs in
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { coachApi, type CoachApiError, type CoachErrorCode, type SessionStatus, type SetupStatus } from '../../src/shared/coach-api';
import type { Storage } from '../storage/storage';
import { hashPassword, MAX_PASSWORD_LENGTH, passwordProblem } from './password';
import { hashSetupCode, isSetupCodeShaped, judgeSetupCode } from './setup-code';
import { signInClientOf } from './device-cookie';
import type { SignInThrottle } from './throttle';

type Options = {
  storage: Storage;
  throttle: SignInThrottle;
  now: () => number;
  /** Refuses sign-in over plain http to another host (the cookie needs HTTPS); true when it did. */
  refusedInsecure: (request: FastifyRequest, reply: FastifyReply) => boolean;
  /** Starts a session, sets its cookie and answers as sign-in does. */
  startSession: (reply: FastifyReply, passwordHash: string) => Promise<SessionStatus>;
  tooManyAttempts: (reply: FastifyReply, retryAfterMs: number) => FastifyReply;
};

const refuse = (reply: FastifyReply, status: number, error: CoachErrorCode, message: string, field?: string) =>
  reply.code(status).send({ error, message, ...(field ? { field } : {}) } satisfies CoachApiError);

const copy = {
  badBody: 'Send {"code": "...", "password": "..."} as JSON.',
  wrongCode: 'This set-up address is not valid: it may have been used already, or copied only in part. Copy the whole address from the server’s log, or set the password with: npm run coach -- set-password',
  expired: 'This set-up address has expired (each works for one hour). Restart the server for a new one, or set the password with: npm run coach -- set-password',
  alreadySet: 'A password is already set. Sign in with it.',
};

export const setupRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { storage, throttle, now } = options;

  app.get(coachApi.setup, async () => ({ passwordSet: (await storage.readPasswordHash()) !== null }) satisfies SetupStatus);

  app.post(coachApi.setup, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as { code?: unknown; password?: unknown };
    if (typeof body.code !== 'string' || body.code === '') return refuse(reply, 400, 'invalid_request', copy.badBody, 'code');
    if (typeof body.password !== 'string' || body.password.length > MAX_PASSWORD_LENGTH) {
      return refuse(reply, 400, 'invalid_request', copy.badBody, 'password');
    }
    if (options.refusedInsecure(request, reply)) return reply;
    // Wrong set-up codes count against the sign-in throttle, as wrong passwords do (no password yet: no known browser).
    const who = signInClientOf(request.ip, undefined, null);
    const verdict = await throttle.check(who, now());
    if (!verdict.allowed) return options.tooManyAttempts(reply, verdict.retryAfterMs);
    if ((await storage.readPasswordHash()) !== null) return refuse(reply, 409, 'password_already_set', copy.alreadySet);

    const hash = hashSetupCode(body.code);
    const found = isSetupCodeShaped(body.code) ? judgeSetupCode(await storage.setupCodes.find(hash), now()) : 'wrong';
    if (found === 'wrong') {
      await throttle.countFailedTry(who, now());
      await storage.recordAudit('setup_failed', { actor: 'dashboard', sessionId: null }, now());
      return refuse(reply, 401, 'wrong_setup_code', copy.wrongCode, 'code');
    }
    if (found === 'expired') return refuse(reply, 401, 'setup_code_expired', copy.expired, 'code');
    // The code is right: only now is the password checked (a problem keeps the code usable).
    const problem = passwordProblem(body.password);
    if (problem !== null) return refuse(reply, 400, 'invalid_request', problem, 'password');

    const passwordHash = await hashPassword(body.password);
    const outcome = await storage.setupCodes.use(hash, passwordHash, now());
    if (outcome === 'password_set') return refuse(reply, 409, 'password_already_set', copy.alreadySet);
    if (outcome === 'wrong') return refuse(reply, 401, 'wrong_setup_code', copy.wrongCode, 'code');
    if (outcome === 'expired') return refuse(reply, 401, 'setup_code_expired', copy.expired, 'code');
    await throttle.succeeded(who, false);
    await storage.recordAudit('password_set', { actor: 'dashboard', sessionId: null }, now());
    return options.startSession(reply, passwordHash);
  });
};
