/**
 * `POST /api/events`: one funnel step from the visitor's page (src/lib/funnel-beacon.ts). The
 * contract is in server/docs/leads-api.md ("Counting the funnel"). Answers 204 whether the event was
 * counted or ignored (from a bot, or the `lead` step, which only a stored lead counts); a bad event
 * gets a 4xx and changes nothing.
 */
import type { FastifyPluginAsync } from 'fastify';
import { funnelEventsEndpoint } from '../../src/shared/funnel-event';
import { BEACON_BODY_LIMIT, readBeacon, refuseBeacon } from './beacon';
import type { FunnelCounter } from './counter';
import { countsFromBeacon, isBotRequest, parseFunnelEvent } from './events';

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
    { bodyLimit: BEACON_BODY_LIMIT, config: { rateLimit: { max: eventsPerMinute, timeWindow: 60_000 } } },
    async (request, reply) => {
      const beacon = readBeacon(request, reply, publicOrigin);
      if (beacon === null) return reply;
      const { body, ownOrigin } = beacon;
      const parsed = parseFunnelEvent(body, new URL(ownOrigin).hostname);
      if ('problem' in parsed) return refuseBeacon(reply, 400, { error: 'invalid_event', ...parsed.problem });
      if (countsFromBeacon(parsed.key.step) && !isBotRequest(request.headers['user-agent'])) counter.add(today(), parsed.key);
      return reply.code(204).header('cache-control', 'no-store').send();
    },
  );
};
