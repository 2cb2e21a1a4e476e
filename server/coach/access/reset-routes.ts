/**
 * "Forgot your password?" (rules: ./reset.ts), inside the coach API; both routes without a session:
 *
 *   POST /api/coach/password-reset          {email}            202, the same answer whatever the address
 *   POST /api/coach/password-reset/confirm  {token, password}  204: the new password is set
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { resetEmailCopy } from '../../../src/content/email';
import { coachAccessApi, type ResetRequested } from '../../../src/shared/coach-api/access';
import { clientKey } from '../../client-key';
import type { LiveMail } from '../../mail/mail-setup';
import type { Storage } from '../../storage/storage';
import { deviceCookieKey } from '../device-cookie';
import { type Door, refuse } from '../door';
import { hashPassword, MAX_PASSWORD_LENGTH, passwordProblem } from '../password';
import {
  comparableAddress,
  hashResetToken,
  isResetTokenShaped,
  newResetToken,
  RESET_REQUESTS_PER_WINDOW,
  RESET_WINDOW_MS,
  resetThrottleKeys,
  resetUrl,
} from './reset';

export type ResetRouteOptions = {
  storage: Storage;
  door: Door;
  mail: LiveMail;
  now: () => number;
  /** The coach's recovery address in force, or null. */
  recoveryAddress: () => string | null;
  ownOrigin: (request: FastifyRequest) => string;
  /** Told when a reset e-mail could not be sent (never the address). */
  log: { warn(object: object, message: string): void };
};

export const resetCopy = {
  sent: 'If that is your recovery address, a reset link is on its way to it. It works once, for 30 minutes. Nothing arrived? Check the spam folder, or use: npm run coach -- set-password',
  badEmail: 'Type your recovery address as {"email": "you@example.com"}.',
  tooMany: 'Too many reset requests: wait before asking again.',
  badBody: 'Send {"token": "...", "password": "..."} as JSON.',
  wrong: 'This reset link is not valid: it was used already, replaced by a newer one, or copied only in part. Ask for a new one on the sign-in screen.',
  expired: 'This reset link has expired (each works for 30 minutes). Ask for a new one on the sign-in screen.',
  noPassword: 'No password is set yet: use the set-up address from the server’s log.',
};

const bodyOf = (request: FastifyRequest) => (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;

export const resetRoutes: FastifyPluginAsync<ResetRouteOptions> = async (app, options) => {
  const { storage, door, mail, now } = options;

  app.post(coachAccessApi.passwordReset, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const email = bodyOf(request).email;
    if (typeof email !== 'string' || email.trim() === '' || email.length > 320) return refuse(reply, 400, 'invalid_request', resetCopy.badEmail, { field: 'email' });
    const hash = await storage.sessions.readPasswordHash();
    if (hash === null) return refuse(reply, 409, 'password_not_set', resetCopy.noPassword);
    // Counted per typed address and per client, whether or not the address matches: the answer says nothing.
    const counts = await Promise.all(
      resetThrottleKeys(deviceCookieKey(hash), email, clientKey(request.ip)).map((key) => storage.throttle.addFailure(key, now(), now() - RESET_WINDOW_MS)),
    );
    if (counts.some((entry) => entry.failures > RESET_REQUESTS_PER_WINDOW)) {
      const retryAfterSeconds = Math.ceil(RESET_WINDOW_MS / 1000);
      reply.header('retry-after', String(retryAfterSeconds));
      return refuse(reply, 429, 'too_many_attempts', resetCopy.tooMany, { retryAfterSeconds });
    }
    const recovery = options.recoveryAddress();
    const transport = mail.transport();
    if (recovery !== null && transport !== null && comparableAddress(recovery) === comparableAddress(email)) {
      const link = newResetToken(now());
      await storage.access.addResetToken(link.hash, link.expiresAt, now());
      await storage.audit.record('password_reset_sent', door.anonymous, now());
      const { settings } = transport;
      // Sent after the answer, so a matching address takes no longer to answer than any other.
      setImmediate(() => {
        transport.mailer
          .send({
            to: recovery,
            subject: resetEmailCopy.subject,
            text: resetEmailCopy.text(resetUrl(options.ownOrigin(request), link.token)),
            messageId: `<reset_${randomUUID()}@${settings.domain}>`,
          })
          .then((outcome) => {
            if (outcome.result !== 'accepted') options.log.warn({ result: outcome.result, smtpCode: outcome.smtpCode }, 'the password-reset e-mail was not sent');
          })
          .catch(() => options.log.warn({}, 'the password-reset e-mail was not sent'));
      });
    }
    return reply.code(202).send({ message: resetCopy.sent } satisfies ResetRequested);
  });

  app.post(coachAccessApi.passwordResetConfirm, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const body = bodyOf(request);
    if (typeof body.token !== 'string' || body.token === '') return refuse(reply, 400, 'invalid_request', resetCopy.badBody, { field: 'token' });
    if (typeof body.password !== 'string' || body.password.length > MAX_PASSWORD_LENGTH) {
      return refuse(reply, 400, 'invalid_request', resetCopy.badBody, { field: 'password' });
    }
    if (door.refusedInsecure(request, reply)) return reply;
    const problem = passwordProblem(body.password);
    if (problem !== null) return refuse(reply, 400, 'invalid_request', problem, { field: 'password' });
    // A wrong link counts against the sign-in throttle, as a wrong password does.
    const attempt = await door.tryingSecret(request, reply, await storage.sessions.readPasswordHash());
    if (attempt === null) return reply;
    if (!isResetTokenShaped(body.token)) return refuse(reply, 401, 'wrong_reset_link', resetCopy.wrong, { field: 'token' });
    const outcome = await storage.access.useResetToken(hashResetToken(body.token), await hashPassword(body.password), now());
    if (outcome === 'wrong') return refuse(reply, 401, 'wrong_reset_link', resetCopy.wrong, { field: 'token' });
    if (outcome === 'expired') return refuse(reply, 401, 'reset_link_expired', resetCopy.expired, { field: 'token' });
    await attempt.succeeded();
    await storage.audit.record('password_reset', door.anonymous, now());
    return reply.code(204).send();
  });
};
