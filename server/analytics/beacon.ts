/**
 * What every counting beacon's route checks first (the funnel's `POST /api/events`, the offers'
 * `POST /api/offer-events`): JSON sent as text/plain or application/json, from this site only, that
 * parses. Answers the refusal itself; returns the parsed body and the site's own origin otherwise.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { clientErrors } from '../client-errors';

/** An event is under 500 bytes. */
export const BEACON_BODY_LIMIT = 1024;

export const refuseBeacon = (reply: FastifyReply, status: number, body: object) => reply.code(status).header('cache-control', 'no-store').send(body);

export function readBeacon(request: FastifyRequest, reply: FastifyReply, publicOrigin: string | null): { body: unknown; ownOrigin: string } | null {
  const contentType = request.headers['content-type'] ?? '';
  if (!/^(text\/plain|application\/json)\s*(;|$)/i.test(contentType)) {
    void refuseBeacon(reply, 415, { error: 'unsupported_media_type', message: 'Send the event as JSON (text/plain or application/json).' });
    return null;
  }
  // A page of another site may not count here (the embed is this site's page in a frame).
  const origin = request.headers.origin;
  const ownOrigin = publicOrigin ?? `${request.protocol}://${request.host}`;
  if (origin !== undefined && origin !== ownOrigin) {
    void refuseBeacon(reply, 403, { error: 'forbidden_origin', message: 'Events are accepted from this site only.' });
    return null;
  }
  let body: unknown = request.body;
  if (typeof body === 'string') {
    try {
      body = JSON.parse(body);
    } catch {
      void refuseBeacon(reply, 400, { ...clientErrors[400], field: null });
      return null;
    }
  }
  return { body, ownOrigin };
}
