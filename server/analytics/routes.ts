/**
 * `POST /api/events`: one funnel step from the visitor's page (src/lib/funnel-beacon.ts). The
 * contract is in server/docs/leads-api.md ("Counting the funnel"). Answers 204 whether the event was
 * counted or ignored (from a bot, or the `lead` step, which only a stored lead counts); a bad event
 * gets a 4xx and changes nothing.
 */
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { funnelEventsEndpoint } from '../../src/shared/funnel-event';
import { clientErrors } from '../client-errors';
import type { FunnelCounter } from './counter';
import { countsFromBeacon, isBotRequest, parseFunnelEvent } from './events';

/** An event is under 500 bytes. */
const EVENT_BODY_LIMIT = 1024;

const refuse = (reply: FastifyReply, status: number, body: object) => reply.code(status).header('cache-control', 'no-store').send(body);

export type EventRouteOptions = {
  counter: FunnelCounter;
  /** The calendar day, in the analytics time zone, of now. */
  today: () => string;
  /** The site's own origin when PUBLIC_URL is set; otherwise taken from the request. */
  publicOrigin: string | null;
  /** Events per client address per minute (EVENTS_RATE_LIMIT_MAX): a whole quiz run is 14; the address is never stored. */
  eventsPerMinute: number;
};

export const eventRoutes: FastifyPluginAsync<EventRouteOptions> = async (app, { counter, today, publicOrigin, eventsPerMinute }) => {
  app.post(
    funnelEventsEndpoint,
    { bodyLimit: EVENT_BODY_LIMIT, config: { rateLimit: { max: eventsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const contentType = request.headers['content-type'] ?? '';
      if (!/^(text\/plain|application\/json)\s*(;|$)/i.test(contentType)) {
        return refuse(reply, 415, { error: 'unsupported_media_type', message: 'Send the event as JSON (text/plain or application/json).' });
      }
      // A page of another site may not count steps here (the embed is this site's page in a frame).
      const origin = request.headers.origin;
      const ownOrigin = publicOrigin ?? `${request.protocol}://${request.host}`;
      if (origin !== undefined && origin !== ownOrigin) {
        return refuse(reply, 403, { error: 'forbidden_origin', message: 'Events are accepted from this site only.' });
      }
      let body: unknown = request.body;
      if (typeof body === 'string') {
        try {
          body = JSON.parse(body);
        } catch {
          return refuse(reply, 400, { ...clientErrors[400], field: null });
        }
      }
      const parsed = parseFunnelEvent(body, new URL(ownOrigin).hostname);
      if ('problem' in parsed) return refuse(reply, 400, { error: 'invalid_event', ...parsed.problem });
      if (countsFromBeacon(parsed.key.step) && !isBotRequest(request.headers['user-agent'])) counter.add(today(), parsed.key);
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};
