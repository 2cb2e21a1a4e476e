/**
 * The signed-in coach's account (inside the coach API and its guard):
 *
 *   GET    /api/coach/second-factor             on or off, since when, recovery codes left
 *   POST   /api/coach/second-factor/enrolment   a new secret (and its otpauth:// address for the QR code)
 *   POST   /api/coach/second-factor  {code}     the first code confirms it: 10 recovery codes, shown
 *                                               once; every other browser is signed out
 *   DELETE /api/coach/second-factor  {password} turns it off
 *   POST   /api/coach/password  {currentPassword, password}  a new password; every other browser signed out
 *   GET    /api/coach/browsers                  the signed-in browsers, in words, with when each last acted
 *   POST   /api/coach/browsers/sign-out-others  ends every session but this one
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { type BrowserList, coachAccessApi, type RecoveryCodes, type SecondFactorStatus, type SignedOutOthers, type TotpEnrolment } from '../../../src/shared/coach-api/access';
import type { Actor, Session, Storage } from '../../storage/storage';
import { type Door, refuse } from '../door';
import { hashPassword, MAX_PASSWORD_LENGTH, passwordProblem, verifyPassword } from '../password';
import { sessionTimings } from '../sessions';
import { hashRecoveryCode, matchingStep, newRecoveryCodes, newTotpSecret } from './second-factor';
import { type SecondFactor, secondFactorCopy } from './second-factor-check';

export type AccountRouteOptions = {
  storage: Storage;
  door: Door;
  secondFactor: SecondFactor;
  now: () => number;
  actor: (request: FastifyRequest) => Actor;
};

const copy = {
  badCode: 'Send the 6-digit code your app shows as {"code": "123456"}.',
  badPassword: 'Send your password as {"password": "..."}.',
  wrongCurrent: 'Your current password is not right, so the password is unchanged.',
};

const bodyOf = (request: FastifyRequest) => (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
const sessionOf = (request: FastifyRequest) => request.coachSession as Session;

export const accountRoutes: FastifyPluginAsync<AccountRouteOptions> = async (app, { storage, door, secondFactor, now, actor }) => {
  /** The password, checked before anything that weakens or replaces the door; a wrong one counts against the throttle. */
  const passwordHolds = async (request: FastifyRequest, reply: FastifyReply, password: unknown, wrong: string): Promise<string | null> => {
    if (typeof password !== 'string' || password === '' || password.length > MAX_PASSWORD_LENGTH) {
      refuse(reply, 400, 'invalid_request', copy.badPassword, { field: 'password' });
      return null;
    }
    const hash = await storage.sessions.readPasswordHash();
    const attempt = await door.tryingSecret(request, reply, hash);
    if (attempt === null || hash === null) return null;
    if (!(await verifyPassword(password, hash, { priority: 1 }))) {
      refuse(reply, 401, 'wrong_password', wrong, { field: 'password' });
      return null;
    }
    await attempt.succeeded();
    return hash;
  };

  app.get(coachAccessApi.secondFactor, async () => {
    const stored = await storage.access.readSecondFactor();
    return { on: stored.secret !== null, enabledAt: iso(stored.enabledAt), recoveryCodesLeft: stored.recoveryCodesLeft } satisfies SecondFactorStatus;
  });

  app.post(coachAccessApi.secondFactorEnrolment, async () => {
    const fresh = newTotpSecret();
    await storage.access.startEnrolment(secondFactor.seal(fresh.secret));
    return fresh satisfies TotpEnrolment;
  });

  app.post(coachAccessApi.secondFactor, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const code = bodyOf(request).code;
    if (typeof code !== 'string' || code.length > 20) return refuse(reply, 400, 'invalid_request', copy.badCode, { field: 'code' });
    const { pending } = await storage.access.readSecondFactor();
    if (pending === null) return refuse(reply, 409, 'invalid_request', secondFactorCopy.enrolFirst, { field: 'code' });
    const attempt = await door.tryingSecret(request, reply, await storage.sessions.readPasswordHash());
    if (attempt === null) return reply;
    const step = await matchingStep(secondFactor.open(pending), code.replace(/\s/g, ''), now());
    if (step === null) return refuse(reply, 401, 'wrong_code', secondFactorCopy.wrongFirstCode, { field: 'code' });
    const recoveryCodes = newRecoveryCodes();
    const session = sessionOf(request);
    if (!(await storage.access.confirmEnrolment(pending, recoveryCodes.map(hashRecoveryCode), step, session.id, now()))) {
      return refuse(reply, 409, 'invalid_request', secondFactorCopy.enrolFirst, { field: 'code' });
    }
    await attempt.succeeded();
    await storage.audit.record('second_factor_on', actor(request), now());
    return { recoveryCodes } satisfies RecoveryCodes;
  });

  app.delete(coachAccessApi.secondFactor, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    if ((await passwordHolds(request, reply, bodyOf(request).password, secondFactorCopy.wrongPassword)) === null) return reply;
    await storage.access.clearSecondFactor();
    await storage.audit.record('second_factor_off', actor(request), now());
    return reply.code(204).send();
  });

  app.post(coachAccessApi.password, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const body = bodyOf(request);
    if (typeof body.password !== 'string' || body.password.length > MAX_PASSWORD_LENGTH) {
      return refuse(reply, 400, 'invalid_request', 'Send the new password as {"password": "..."}.', { field: 'password' });
    }
    const problem = passwordProblem(body.password);
    if (problem !== null) return refuse(reply, 400, 'invalid_request', problem, { field: 'password' });
    if ((await passwordHolds(request, reply, body.currentPassword, copy.wrongCurrent)) === null) return reply;
    // A new password ends every session (and makes every browser a stranger again); this browser starts a new one.
    await storage.sessions.storePasswordHash(await hashPassword(body.password), now());
    await storage.audit.record('password_set', actor(request), now());
    const hash = (await storage.sessions.readPasswordHash()) ?? '';
    return door.startSession(request, reply, hash);
  });

  app.get(coachAccessApi.browsers, async (request) => {
    const current = sessionOf(request).id;
    const browsers = await storage.access.listBrowsers(now(), now() - sessionTimings.idleTimeoutMs);
    return {
      browsers: browsers.map((browser) => ({
        id: browser.id,
        browser: browser.browser === '' ? 'Unknown browser' : browser.browser,
        signedInAt: new Date(browser.createdAt).toISOString(),
        lastActiveAt: new Date(browser.id === current ? now() : browser.lastSeenAt).toISOString(),
        current: browser.id === current,
      })),
    } satisfies BrowserList;
  });

  app.post(coachAccessApi.signOutOthers, async (request) => {
    const signedOut = await storage.access.endOtherSessions(sessionOf(request).id);
    await storage.audit.record('signed_out_others', actor(request), now());
    return { signedOut } satisfies SignedOutOthers;
  });
};
