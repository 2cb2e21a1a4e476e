/**
 * First run in the browser (rules: ./setup-code.ts). Inside the coach API, so its guard checks the
 * Origin; these routes need no session, since there is no password yet.
 *
 *   GET  /api/coach/setup       {passwordSet, resetByMail}: the set-up screen while no password is set
 *   POST /api/coach/setup       {code, password}: sets the password and signs in
 *   POST /api/coach/setup/link  a fresh set-up address in the server's log (an expired one's way out
 *                               without a shell), at most one a minute per instance, 3 per client an hour
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { coachApi, type CoachApiError, type CoachErrorCode } from '../../src/shared/coach-api/routes';
import type { SetupStatus } from '../../src/shared/coach-api/session';
import { coachAccessApi } from '../../src/shared/coach-api/access';
import type { Storage } from '../storage/storage';
import type { Door } from './door';
import { hashPassword, MAX_PASSWORD_LENGTH, passwordProblem } from './password';
import { hashSetupCode, isSetupCodeShaped, judgeSetupCode } from './setup-code';
import { dashboardActor } from './sessions';

type Options = {
  storage: Storage;
  door: Door;
  now: () => number;
  /** Makes a new set-up code and writes its address to this server's log. */
  writeSetupLink: () => Promise<void>;
  /** Whether "Forgot your password?" can send a link (mail is on). */
  resetByMail: () => boolean;
};

/** A fresh set-up address at most this often per instance, whoever asks. */
const SETUP_LINK_EVERY_MS = 60_000;

const refuse = (reply: FastifyReply, status: number, error: CoachErrorCode, message: string, field?: string) =>
  reply.code(status).send({ error, message, ...(field ? { field } : {}) } satisfies CoachApiError);

const copy = {
  badBody: 'Send {"code": "...", "password": "..."} as JSON.',
  wrongCode: 'This set-up address is not valid: it may have been used already, or copied only in part. Copy the whole address from the server’s log, or set the password with: npm run coach -- set-password',
  expired: 'This set-up address has expired (each works for one hour). Ask for a new one below (it appears in the server’s log), or set the password with: npm run coach -- set-password',
  linkWritten: 'A new set-up address is in the server’s log now. Open it within 1 hour.',
  linkTooSoon: 'A new set-up address was written to the log less than a minute ago: look for it there, or ask again in a minute.',
  alreadySet: 'A password is already set. Sign in with it.',
};

export const setupRoutes: FastifyPluginAsync<Options> = async (app, options) => {
  const { storage, door, now } = options;
  let lastLinkAt = Number.NEGATIVE_INFINITY;

  app.get(coachApi.setup, async () => ({ passwordSet: (await storage.sessions.readPasswordHash()) !== null, resetByMail: options.resetByMail() }) satisfies SetupStatus);

  app.post(coachAccessApi.setupLink, { config: { rateLimit: { max: 3, timeWindow: '1 hour' } } }, async (_request, reply) => {
    if ((await storage.sessions.readPasswordHash()) !== null) return refuse(reply, 409, 'password_already_set', copy.alreadySet);
    if (now() - lastLinkAt < SETUP_LINK_EVERY_MS) return refuse(reply, 429, 'too_many_attempts', copy.linkTooSoon);
    lastLinkAt = now();
    await options.writeSetupLink();
    return reply.code(202).send({ message: copy.linkWritten });
  });

  app.post(coachApi.setup, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as { code?: unknown; password?: unknown };
    if (typeof body.code !== 'string' || body.code === '') return refuse(reply, 400, 'invalid_request', copy.badBody, 'code');
    if (typeof body.password !== 'string' || body.password.length > MAX_PASSWORD_LENGTH) {
      return refuse(reply, 400, 'invalid_request', copy.badBody, 'password');
    }
    if (door.refusedInsecure(request, reply)) return reply;
    if ((await storage.sessions.readPasswordHash()) !== null) return refuse(reply, 409, 'password_already_set', copy.alreadySet);
    // Wrong set-up codes count against the sign-in throttle, as wrong passwords do (no password yet: no known browser).
    const attempt = await door.tryingSecret(request, reply, null);
    if (attempt === null) return reply;

    const hash = hashSetupCode(body.code);
    const found = isSetupCodeShaped(body.code) ? judgeSetupCode(await storage.setupCodes.find(hash), now()) : 'wrong';
    if (found === 'wrong') {
      await storage.audit.record('setup_failed', dashboardActor(null), now());
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
    await attempt.succeeded();
    await storage.audit.record('password_set', dashboardActor(null), now());
    return door.startSession(request, reply, passwordHash);
  });
};
