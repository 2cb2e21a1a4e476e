/**
 * `POST /api/profile` and `POST /api/confirm`: what the pages behind the results e-mail's two links
 * ask for (contract: src/shared/profile-api.ts; server/README.md, "The visitor keeps their profile").
 * The token comes in the body, is checked for shape, hashed, and looked up by hash. A link that is
 * unknown, expired, used or erased is answered the same way: `404 link_dead`.
 *
 * Answers are never cached and send no Referer on; the log sees only the path (never the body), so
 * no token and no address is ever written down.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { decodeRatings } from '../../src/shared/ratings';
import { marketingState, mayShowCourse } from '../../src/shared/marketing';
import { type ConfirmResponse, type LinkError, profileApi, type ProfileResponse } from '../../src/shared/profile-api';
import type { LinkStore, Routing } from '../storage/storage';
import { hashLinkToken, isLinkToken } from './links';

/** Link requests allowed per client address per minute: far more than a person needs, far too few to guess. */
export const LINK_REQUESTS_PER_MINUTE = 30;

const dead: LinkError = {
  error: 'link_dead',
  message: 'This link no longer works. Links to a profile expire, confirm links work once, and both stop when the details are deleted.',
};
const notAToken: LinkError = { error: 'invalid_request', message: 'Send the token from the link as {"token": "..."}.' };

const privateAnswer = (reply: FastifyReply) => reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');

type LinkRouteOptions = {
  store: LinkStore;
  now: () => number;
  /** Where a confirmation goes now: each delivery channel on or off (the settings in force). */
  routing: () => Routing;
  /** The coach's name as it is now (settings may change it). */
  coachName: () => string | null;
};

/** The token of a `{"token": "..."}` body, or null. */
function tokenOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const { token, ...rest } = body as Record<string, unknown>;
  return Object.keys(rest).length === 0 && isLinkToken(token) ? token : null;
}

export const linkRoutes: FastifyPluginAsync<LinkRouteOptions> = async (app, { store, now, routing, coachName }) => {
  const rateLimit = { max: LINK_REQUESTS_PER_MINUTE, timeWindow: 60_000 };

  app.post(profileApi.profile, { config: { rateLimit } }, async (request, reply) => {
    const token = tokenOf(request.body);
    if (token === null) return privateAnswer(reply).code(400).send(notAToken);
    const profile = await store.profileByLink(hashLinkToken(token), now());
    if (profile === null) return privateAnswer(reply).code(404).send(dead);
    const answer: ProfileResponse = {
      firstName: profile.firstName,
      ratings: decodeRatings(profile.ratings),
      submittedAt: new Date(profile.submittedAt).toISOString(),
      previous: profile.previous && { ratings: decodeRatings(profile.previous.ratings), submittedAt: new Date(profile.previous.submittedAt).toISOString() },
      showCourse: mayShowCourse(marketingState(profile.consent)),
      coachName: coachName(),
      linkExpiresAt: new Date(profile.linkExpiresAt).toISOString(),
    };
    return privateAnswer(reply).send(answer);
  });

  app.post(profileApi.confirm, { config: { rateLimit } }, async (request, reply) => {
    const token = tokenOf(request.body);
    if (token === null) return privateAnswer(reply).code(400).send(notAToken);
    const confirmed = await store.confirmByLink(hashLinkToken(token), now(), routing());
    if (confirmed === null) return privateAnswer(reply).code(404).send(dead);
    request.log.info('marketing consent confirmed');
    const answer: ConfirmResponse = { confirmed: true, confirmedAt: new Date(confirmed.confirmedAt).toISOString() };
    return privateAnswer(reply).send(answer);
  });
};
