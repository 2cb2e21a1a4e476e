/**
 * Passkeys on the dashboard (rules: ./passkeys.ts), inside the coach API and its guard:
 *
 *   GET    /api/coach/passkeys                      the list
 *   POST   /api/coach/passkeys/options              creation options (a stored challenge)
 *   POST   /api/coach/passkeys  {response, name}    adds the passkey the browser made
 *   PATCH  /api/coach/passkeys/:id  {name}          renames it
 *   DELETE /api/coach/passkeys/:id                  removes it
 *   POST   /api/coach/passkeys/sign-in/options      (no session) request options, rate-limited
 *   POST   /api/coach/passkeys/sign-in  {response}  (no session) signs in: both factors at once
 */
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { coachAccessApi, PASSKEY_NAME_MAX_LENGTH, type PasskeyList } from '../../../src/shared/coach-api/access';
import type { StoredPasskey } from '../../storage/access';
import type { Actor, Storage } from '../../storage/storage';
import { type Door, refuse } from '../door';
import { Passkeys, relyingPartyOf } from './passkeys';

export type PasskeyRouteOptions = {
  storage: Storage;
  door: Door;
  now: () => number;
  actor: (request: FastifyRequest) => Actor;
  ownOrigin: (request: FastifyRequest) => string;
};

const copy = {
  badName: `Give the passkey a name of 1 to ${PASSKEY_NAME_MAX_LENGTH} characters, such as “Laptop” or “Phone”.`,
  badAnswer: 'Send the browser’s answer as {"response": {...}}.',
  notAdded: 'The passkey could not be checked (the request may have taken longer than 5 minutes). Try adding it again.',
  refused: 'That passkey was not accepted here. Use another one, or your password.',
  noPassword: 'No password is set yet. Set one first.',
  notFound: 'No such passkey (it may have been removed already).',
};

const listOf = (passkeys: StoredPasskey[]): PasskeyList => ({
  passkeys: passkeys.map((passkey) => ({
    id: passkey.id,
    name: passkey.name,
    createdAt: new Date(passkey.createdAt).toISOString(),
    lastUsedAt: passkey.lastUsedAt === null ? null : new Date(passkey.lastUsedAt).toISOString(),
  })),
});

/** A name as typed: trimmed, runs of space made one; null when empty, too long or holding control characters. */
function nameOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const name = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (name === '' || [...name].length > PASSKEY_NAME_MAX_LENGTH || /[\p{Cc}\p{Cf}]/u.test(name)) return null;
  return name;
}

const bodyOf = (request: FastifyRequest) => (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
const idOf = (request: FastifyRequest) => (request.params as { id?: string }).id ?? '';

export const passkeyRoutes: FastifyPluginAsync<PasskeyRouteOptions> = async (app, { storage, door, now, actor, ownOrigin }) => {
  const passkeys = new Passkeys(storage, now);
  const rp = (request: FastifyRequest) => relyingPartyOf(ownOrigin(request));

  app.get(coachAccessApi.passkeys, async () => listOf(await storage.access.listPasskeys()));

  app.post(coachAccessApi.passkeyOptions, async (request) => passkeys.registrationOptions(rp(request)));

  app.post(coachAccessApi.passkeys, { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const body = bodyOf(request);
    const name = nameOf(body.name);
    if (name === null) return refuse(reply, 400, 'invalid_request', copy.badName, { field: 'name' });
    if (typeof body.response !== 'object' || body.response === null) return refuse(reply, 400, 'invalid_request', copy.badAnswer, { field: 'response' });
    const added = await passkeys.register(rp(request), body.response, name);
    if (added === null) return refuse(reply, 400, 'passkey_refused', copy.notAdded, { field: 'response' });
    await storage.audit.record('passkey_added', actor(request), now());
    return listOf(await storage.access.listPasskeys());
  });

  app.patch(coachAccessApi.passkey, { bodyLimit: 4 * 1024 }, async (request, reply) => {
    const name = nameOf(bodyOf(request).name);
    if (name === null) return refuse(reply, 400, 'invalid_request', copy.badName, { field: 'name' });
    if (!(await storage.access.renamePasskey(idOf(request), name))) return refuse(reply, 404, 'not_found', copy.notFound);
    await storage.audit.record('passkey_renamed', actor(request), now());
    return listOf(await storage.access.listPasskeys());
  });

  app.delete(coachAccessApi.passkey, async (request, reply) => {
    if (!(await storage.access.removePasskey(idOf(request)))) return refuse(reply, 404, 'not_found', copy.notFound);
    await storage.audit.record('passkey_removed', actor(request), now());
    return listOf(await storage.access.listPasskeys());
  });

  // Without a session: anyone may ask for a challenge, so each client may ask only so often.
  app.post(coachAccessApi.passkeySignInOptions, { config: { rateLimit: { max: 30, timeWindow: 60_000 } } }, async (request) =>
    passkeys.signInOptions(rp(request)),
  );

  app.post(coachAccessApi.passkeySignIn, { bodyLimit: 64 * 1024 }, async (request, reply) => {
    const body = bodyOf(request);
    if (typeof body.response !== 'object' || body.response === null) return refuse(reply, 400, 'invalid_request', copy.badAnswer, { field: 'response' });
    if (door.refusedInsecure(request, reply)) return reply;
    const hash = await storage.sessions.readPasswordHash();
    if (hash === null) return refuse(reply, 409, 'password_not_set', copy.noPassword);
    const attempt = await door.tryingSecret(request, reply, hash);
    if (attempt === null) return reply;
    if ((await passkeys.signIn(rp(request), body.response)) === null) {
      await storage.audit.record('sign_in_failed', door.anonymous, now());
      return refuse(reply, 401, 'passkey_refused', copy.refused);
    }
    await attempt.succeeded();
    return door.startSession(request, reply, hash);
  });
};
