/**
 * A fake MailerLite account (the current API, connect.mailerlite.com) on 127.0.0.1, behaving as
 * developers.mailerlite.com documents: `Authorization: Bearer` (401 `{"message": "Unauthenticated."}`),
 * `POST /api/subscribers` upserting by address (201 created, 200 updated) and only adding the groups
 * it names, 422 `{"message", "errors": {"email": [...]}}` for an invalid address, groups that must
 * exist first (paged: `meta.last_page`), assigning and unassigning, looking a subscriber up by id or
 * address, "forget" (GDPR delete), and the limit: 120 requests a minute, then 429 with `Retry-After`;
 * `X-RateLimit-Limit` and `X-RateLimit-Remaining` on every answer.
 */
import { ids, plausibleEmail, startFakeServer, type FakeAnswer, type FakeRequest, type FakeRoute, type FakeServer } from './fake-server';

type Subscriber = { id: string; email: string; status: string; fields: Map<string, string>; groups: Set<string>; optedInAt: string | null };

export type MailerLiteFake = FakeServer & {
  /** The subscriber as the account shows it (groups by name); null when there is none. */
  subscriber: (email: string) => { status: string; groups: string[]; fields: Record<string, string>; optedInAt: string | null } | null;
  /** A group the coach put the subscriber in by hand. */
  groupByHand: (email: string, group: string) => void;
  tooMany: () => number;
};

const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const lower = (value: string) => value.toLowerCase();
const notFound: FakeAnswer = { status: 404, body: { message: 'Resource not found.' } };

export async function startMailerLiteFake(options: { keys: string[]; perMinute?: number; now?: () => number; pageSize?: number }): Promise<MailerLiteFake> {
  const subscribers = new Map<string, Subscriber>();
  const groups = new Map<string, { id: string; name: string }>([['900', { id: '900', name: 'Newsletter' }]]);
  const fieldKeys = new Set(['name', 'last_name', 'core_drivers']);
  const subscriberId = ids(70_000);
  const groupId = ids(901);
  const pageSize = options.pageSize ?? 100;

  const byEmail = (email: string) => [...subscribers.values()].find((subscriber) => lower(subscriber.email) === lower(email));
  const groupJson = (id: string) => ({ id, name: groups.get(id)?.name ?? '' });
  const subscriberJson = (subscriber: Subscriber) => ({
    id: subscriber.id,
    email: subscriber.email,
    status: subscriber.status,
    fields: Object.fromEntries(subscriber.fields),
    groups: [...subscriber.groups].map(groupJson),
    opted_in_at: subscriber.optedInAt,
  });

  function upsert(request: FakeRequest): FakeAnswer {
    const body = object(request.body);
    if (!plausibleEmail(body.email)) {
      return { status: 422, body: { message: 'The email must be a valid email address.', errors: { email: ['The email must be a valid email address.'] } } };
    }
    const named = Array.isArray(body.groups) ? body.groups.map(String) : [];
    const unknown = named.find((id) => !groups.has(id));
    if (unknown !== undefined) return { status: 422, body: { message: 'The selected groups is invalid.', errors: { groups: ['The selected groups is invalid.'] } } };
    let subscriber = byEmail(body.email);
    const created = !subscriber;
    if (!subscriber) {
      subscriber = { id: subscriberId(), email: body.email, status: 'active', fields: new Map(), groups: new Set(), optedInAt: null };
      subscribers.set(subscriber.id, subscriber);
    }
    for (const [name, value] of Object.entries(object(body.fields))) if (fieldKeys.has(name)) subscriber.fields.set(name, String(value));
    for (const id of named) subscriber.groups.add(id);
    if (typeof body.status === 'string') subscriber.status = body.status;
    if (typeof body.opted_in_at === 'string') subscriber.optedInAt = body.opted_in_at;
    return { status: created ? 201 : 200, body: { data: subscriberJson(subscriber) } };
  }

  const subscriberOf = (match: RegExpExecArray) => subscribers.get(match[1] ?? '');
  const routes: FakeRoute[] = [
    {
      method: 'GET',
      path: /^\/api\/groups$/,
      answer: (request) => {
        const limit = Math.min(pageSize, Number(request.query.get('limit') ?? 25));
        const page = Number(request.query.get('page') ?? 1);
        const all = [...groups.values()];
        const data = all.slice((page - 1) * limit, page * limit);
        return { status: 200, body: { data, meta: { current_page: page, last_page: Math.max(1, Math.ceil(all.length / limit)), per_page: limit, total: all.length } } };
      },
    },
    {
      method: 'POST',
      path: /^\/api\/groups$/,
      answer: (request) => {
        const name = object(request.body).name;
        if (typeof name !== 'string' || name.trim() === '' || name.length > 255) {
          return { status: 422, body: { message: 'The name field is required.', errors: { name: ['The name field is required.'] } } };
        }
        const group = { id: groupId(), name };
        groups.set(group.id, group);
        return { status: 201, body: { data: group } };
      },
    },
    { method: 'POST', path: /^\/api\/subscribers$/, answer: upsert },
    {
      method: 'GET',
      path: /^\/api\/subscribers\/([^/]+)$/,
      answer: (_request, match) => {
        const reference = decodeURIComponent(match[1] ?? '');
        const subscriber = subscribers.get(reference) ?? byEmail(reference);
        return subscriber ? { status: 200, body: { data: subscriberJson(subscriber) } } : notFound;
      },
    },
    {
      method: 'POST',
      path: /^\/api\/subscribers\/(\d+)\/forget$/,
      answer: (_request, match) => {
        const subscriber = subscriberOf(match);
        if (!subscriber) return notFound;
        subscribers.delete(subscriber.id);
        return { status: 200, body: { message: 'Subscriber data will be completely deleted and forgotten within 30 days.' } };
      },
    },
    {
      method: 'POST',
      path: /^\/api\/subscribers\/(\d+)\/groups\/(\d+)$/,
      answer: (_request, match) => {
        const subscriber = subscriberOf(match);
        if (!subscriber || !groups.has(match[2] ?? '')) return notFound;
        subscriber.groups.add(match[2] ?? '');
        return { status: 200, body: { data: groupJson(match[2] ?? '') } };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/subscribers\/(\d+)\/groups\/(\d+)$/,
      answer: (_request, match) => {
        const subscriber = subscriberOf(match);
        if (!subscriber || !groups.has(match[2] ?? '')) return notFound;
        subscriber.groups.delete(match[2] ?? '');
        return { status: 204 };
      },
    },
  ];

  const server = await startFakeServer({
    routes,
    authorize: (request) => (options.keys.some((key) => request.headers.authorization === `Bearer ${key}`) ? null : { status: 401, body: { message: 'Unauthenticated.' } }),
    limit: {
      requests: options.perMinute ?? 120,
      perMs: 60_000,
      bucket: (request) => String(request.headers.authorization),
      tooMany: (waitMs) => ({ status: 429, body: { message: 'Too Many Attempts.' }, headers: { 'retry-after': String(Math.ceil(waitMs / 1000)) } }),
    },
    rateHeaders: ({ limit, remaining }) => ({ 'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining) }),
    ...(options.now ? { now: options.now } : {}),
  });

  return Object.assign(server, {
    subscriber(email: string) {
      const found = byEmail(email);
      if (!found) return null;
      const names = [...found.groups].map((id) => groups.get(id)?.name ?? '?').sort();
      return { status: found.status, groups: names, fields: Object.fromEntries(found.fields), optedInAt: found.optedInAt };
    },
    groupByHand(email: string, name: string) {
      const found = byEmail(email);
      if (!found) throw new Error('no such subscriber');
      const group = [...groups.values()].find((candidate) => candidate.name === name) ?? { id: groupId(), name };
      groups.set(group.id, group);
      found.groups.add(group.id);
    },
    tooMany: () => server.log.filter((entry) => entry.status === 429).length,
  });
}
