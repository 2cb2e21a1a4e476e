/**
 * `POST /api/leads`: the contract is documented in server/docs/leads-api.md ("The lead API").
 * Validation uses the schema the browser's gate uses; error answers name the field and never
 * repeat what was sent.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { isHoneypotFilled, type Lead, leadSchema } from '../../src/shared/lead';
import { leadsApiPath } from '../../src/shared/paths';
import { clientErrors, storageTooSlow } from '../client-errors';
import type { ServerConfig } from '../config';
import { type Routing, type Storage, StorageBusyError } from '../storage/storage';
import { sourceKey } from '../analytics/events';
import { consentRecord, type ConsentSettings } from './consent';

/** Printable ASCII without spaces, as clients generate them (a UUID, typically). */
const idempotencyKeyPattern = /^[\x21-\x7E]{1,255}$/;

const leadFields = new Set(['email', 'firstName', 'ratings', 'website', 'consent']);

type FieldError = { field: string | null; message: string };

/**
 * The parsed lead, or the first problem with the body in words a visitor could read (the field's
 * own message from the shared schema); never quotes the input.
 */
export function parseLead(body: unknown): { lead: Lead } | { problem: FieldError } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return { problem: { field: null, message: 'Send the lead as a JSON object.' } };
  }
  const result = v.safeParse(leadSchema, body, { abortPipeEarly: true });
  if (result.success) return { lead: result.output };
  const key = result.issues[0].path?.[0]?.key;
  if (typeof key !== 'string') return { problem: { field: null, message: 'The lead is not valid.' } };
  if (!leadFields.has(key)) {
    // An unexpected key; named only when it looks like a field name and not like arbitrary data.
    const field = /^[A-Za-z_][A-Za-z0-9_]{0,39}$/.test(key) ? key : null;
    return { problem: { field, message: 'This field is not expected.' } };
  }
  if (key === 'website' || key === 'consent') return { problem: { field: key, message: 'This field is not valid.' } };
  return { problem: { field: key, message: result.issues[0].message } };
}

function isJson(contentType: string | undefined): boolean {
  return /^application\/json\s*(;|$)/i.test(contentType ?? '');
}

const refuse = (reply: FastifyReply, status: number, body: { error: string } & FieldError) =>
  reply.code(status).header('cache-control', 'no-store').send(body);

/**
 * A lead not stored within this long gets `503` with `Retry-After` (a stalled disk or database);
 * the page retries with the same Idempotency-Key, so it is stored once even if the first try is
 * committed later. So does a lead given up sooner because the database stayed locked (another
 * writer stuck on that disk, or the coach's command holding the lock: `StorageBusyError`).
 */
export const LEAD_STORE_LIMIT_MS = 10_000;

/**
 * `work`'s result, or 'not_now' after the limit or when the database stayed locked, on a timer held
 * (and cleared) here. One promise settled by whichever comes first, not a race of two (a third
 * promise, an async function's own and its `finally`): a lead's whole wait costs about half as much.
 */
function withinLimit<T>(work: Promise<T>): Promise<T | 'not_now'> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => resolve('not_now'), LEAD_STORE_LIMIT_MS);
    work.then(
      (result) => {
        clearTimeout(timer);
        resolve(result);
      },
      (error: unknown) => {
        clearTimeout(timer);
        if (error instanceof StorageBusyError) resolve('not_now');
        else reject(error);
      },
    );
  });
}

type LeadRouteOptions = {
  store: Pick<Storage, 'leads'>;
  rateLimit: ServerConfig['rateLimit'];
  /** The consent settings in force now (the coach may change them at any time). */
  consent: () => ConsentSettings;
  /** Where a lead goes now: each delivery channel on or off (the settings in force). */
  routing: () => Routing;
  /** The site's own origin when PUBLIC_URL is set (its pages are not a source); otherwise the request's. */
  publicOrigin: string | null;
  /** Called once a new lead is stored (not for a replay): the offers count it (server/offers/). */
  onStored?: (lead: Lead) => void;
};

/** The host name in a Host header (no port, no brackets), worked out once for the host the last request named. */
function hostNames(): (host: string) => string {
  let last = { host: '', name: '' };
  return (host) => {
    if (host !== last.host) last = { host, name: new URL(`http://${host}`).hostname };
    return last.name;
  };
}

export const leadRoutes: FastifyPluginAsync<LeadRouteOptions> = async (app, { store, rateLimit, consent, routing, publicOrigin, onStored }) => {
  const publicHost = publicOrigin === null ? null : new URL(publicOrigin).hostname;
  const hostName = hostNames();
  app.post(
    leadsApiPath,
    { config: { rateLimit: { max: rateLimit.max, timeWindow: rateLimit.windowMs } } },
    async (request, reply) => {
      if (!isJson(request.headers['content-type'])) {
        return reply.code(415).header('cache-control', 'no-store').send(clientErrors[415]);
      }
      const key = request.headers['idempotency-key'];
      if (key !== undefined && (typeof key !== 'string' || !idempotencyKeyPattern.test(key))) {
        return refuse(reply, 400, {
          error: 'invalid_request',
          field: 'Idempotency-Key',
          message: 'The Idempotency-Key header must be 1 to 255 visible ASCII characters.',
        });
      }
      const parsed = parseLead(request.body);
      if ('problem' in parsed) return refuse(reply, 400, { error: 'invalid_request', ...parsed.problem });
      const { lead } = parsed;

      if (isHoneypotFilled(lead)) {
        request.log.info('honeypot filled: answered as usual, not stored');
        return reply.code(201).header('cache-control', 'no-store').send({ id: randomUUID() });
      }

      // The lead step is counted under the run's source when the lead is stored (server/storage/funnel-counts.ts).
      const ownHost = publicHost ?? hostName(request.host);
      const submission = { lead, idempotencyKey: key, consent: consentRecord(consent(), lead.consent), source: sourceKey(lead.source, ownHost), routing: routing() };
      const result = await withinLimit(store.leads.submit(submission));
      if (result === 'not_now') {
        request.log.error({ limitMs: LEAD_STORE_LIMIT_MS }, 'a lead was not stored in time, or the database stayed locked: answered 503');
        return reply.code(503).header('retry-after', '5').header('cache-control', 'no-store').send(storageTooSlow);
      }
      if (result.kind === 'key_conflict') {
        return refuse(reply, 422, {
          error: 'idempotency_key_reused',
          field: 'Idempotency-Key',
          message: 'This Idempotency-Key was already used for a different submission.',
        });
      }
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      else onStored?.(lead);
      // `mail`: the results e-mail was queued, held (the address had one within the hour: it is on its way), or mail is off.
      return reply.code(201).header('cache-control', 'no-store').send({ id: result.id, mail: result.mail });
    },
  );
};
