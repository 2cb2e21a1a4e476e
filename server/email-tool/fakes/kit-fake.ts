/**
 * A fake Kit account (API v4) on 127.0.0.1, behaving as developers.kit.com documents: the
 * `X-Kit-Api-Key` header (401 `{"errors": ["The access token is invalid"]}` without a known one),
 * `POST /v4/subscribers` as an upsert by address (201 created, 200 updated; 422 for an invalid
 * address; custom fields the account lacks ignored with a `warnings` entry), tags that must exist
 * before a subscriber carries one (`POST /v4/tags` answers 200 with an existing tag), forms,
 * unsubscribing (no delete), cursor pagination, and the limit: 120 requests per 60 s per key, then a
 * bare `429 Retry later` with no `Retry-After`.
 */
import { ids, plausibleEmail, startFakeServer, type FakeAnswer, type FakeRequest, type FakeRoute, type FakeServer } from './fake-server';

type Subscriber = { id: string; email: string; firstName: string | null; state: 'active' | 'cancelled'; fields: Map<string, string>; tags: Set<string>; forms: Set<string> };

export type KitFake = FakeServer & {
  /** The subscriber as the account shows it: its tags by name, forms, fields; null when Kit has none. */
  subscriber: (email: string) => { firstName: string | null; state: string; tags: string[]; forms: string[]; fields: Record<string, string> } | null;
  /** A tag the coach set in Kit itself. */
  tagByHand: (email: string, tag: string) => void;
  subscriberCount: () => number;
  /** How many requests got a 429. */
  tooMany: () => number;
};

const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const errors = (status: number, ...messages: string[]): FakeAnswer => ({ status, body: { errors: messages } });
const lower = (value: string) => value.toLowerCase();

/**
 * `perMinute` requests per `windowMs` (120 per 60 s, as Kit's; a test of real processes, which must
 * not wait real minutes, shortens the window, and the servers' pacers alike: server/test/short-kit-window.ts).
 */
export async function startKitFake(options: { keys: string[]; perMinute?: number; windowMs?: number; now?: () => number; pageSize?: number }): Promise<KitFake> {
  const subscribers = new Map<string, Subscriber>();
  const tags = new Map<string, { id: string; name: string }>();
  const forms = [
    { id: '501', name: 'Quiz sign-up', type: 'embed' },
    { id: '502', name: 'Course waitlist', type: 'hosted' },
  ];
  const fieldKeys = new Set(['core_drivers', 'last_name']);
  const subscriberId = ids(1000);
  const tagId = ids(10);
  const maxPage = options.pageSize ?? 1000;

  const byEmail = (email: string) => [...subscribers.values()].find((subscriber) => lower(subscriber.email) === lower(email));
  const tagByName = (name: string) => [...tags.values()].find((tag) => lower(tag.name) === lower(name.trim()));
  const subscriberJson = (subscriber: Subscriber) => ({
    id: Number(subscriber.id),
    first_name: subscriber.firstName,
    email_address: subscriber.email,
    state: subscriber.state,
    created_at: '2026-11-26T09:00:00Z',
    fields: Object.fromEntries(subscriber.fields),
  });
  const tagJson = (tag: { id: string; name: string }) => ({ id: Number(tag.id), name: tag.name, created_at: '2026-11-26T09:00:00Z' });

  /** One page of `items` after the cursor (an index, base64 as Kit's cursors look). */
  function page<T>(request: FakeRequest, name: string, items: T[]): FakeAnswer {
    const perPage = Math.min(maxPage, Number(request.query.get('per_page') ?? 500));
    const after = request.query.get('after');
    const start = after === null ? 0 : Number(Buffer.from(after, 'base64').toString());
    const slice = items.slice(start, start + perPage);
    const end = start + slice.length;
    const pagination = {
      has_previous_page: start > 0,
      has_next_page: end < items.length,
      start_cursor: Buffer.from(String(start)).toString('base64'),
      end_cursor: Buffer.from(String(end)).toString('base64'),
      per_page: perPage,
    };
    return { status: 200, body: { [name]: slice, pagination } };
  }

  function upsert(request: FakeRequest): FakeAnswer {
    const body = object(request.body);
    if (!plausibleEmail(body.email_address)) return errors(422, 'Email address is invalid');
    let subscriber = byEmail(body.email_address);
    const created = !subscriber;
    if (!subscriber) {
      subscriber = { id: subscriberId(), email: body.email_address, firstName: null, state: 'active', fields: new Map(), tags: new Set(), forms: new Set() };
      subscribers.set(subscriber.id, subscriber);
    }
    if (typeof body.first_name === 'string') subscriber.firstName = body.first_name;
    const warnings: string[] = [];
    for (const [name, value] of Object.entries(object(body.fields))) {
      if (fieldKeys.has(name)) subscriber.fields.set(name, String(value));
      else warnings.push(`Custom field ${name} does not exist and was ignored`);
    }
    return { status: created ? 201 : 200, body: { subscriber: subscriberJson(subscriber), ...(warnings.length > 0 ? { warnings } : {}) } };
  }

  const subscriberOf = (match: RegExpExecArray, index: number) => subscribers.get(match[index] ?? '');
  const routes: FakeRoute[] = [
    {
      method: 'GET',
      path: /^\/v4\/account$/,
      answer: () => ({ status: 200, body: { user: { email: 'sam@coach.example' }, account: { id: 7, name: 'Sam Rivera Coaching', plan_type: 'creator', primary_email_address: 'sam@coach.example' } } }),
    },
    { method: 'GET', path: /^\/v4\/forms$/, answer: (request) => page(request, 'forms', forms) },
    { method: 'POST', path: /^\/v4\/subscribers$/, answer: upsert },
    {
      method: 'GET',
      path: /^\/v4\/subscribers$/,
      answer: (request) => {
        const email = request.query.get('email_address');
        const found = [...subscribers.values()].filter((subscriber) => email === null || lower(subscriber.email) === lower(email));
        const status = request.query.get('status') ?? 'active';
        return page(request, 'subscribers', found.filter((subscriber) => status === 'all' || subscriber.state === status).map(subscriberJson));
      },
    },
    {
      method: 'POST',
      path: /^\/v4\/subscribers\/(\d+)\/unsubscribe$/,
      answer: (_request, match) => {
        const subscriber = subscriberOf(match, 1);
        if (!subscriber) return errors(404, 'Not Found');
        subscriber.state = 'cancelled';
        return { status: 204 };
      },
    },
    {
      method: 'GET',
      path: /^\/v4\/subscribers\/(\d+)\/tags$/,
      answer: (request, match) => {
        const subscriber = subscriberOf(match, 1);
        if (!subscriber) return errors(404, 'Not Found');
        return page(request, 'tags', [...subscriber.tags].map((id) => tags.get(id)).filter((tag) => tag !== undefined).map(tagJson));
      },
    },
    { method: 'GET', path: /^\/v4\/tags$/, answer: (request) => page(request, 'tags', [...tags.values()].map(tagJson)) },
    {
      method: 'POST',
      path: /^\/v4\/tags$/,
      answer: (request) => {
        const name = object(request.body).name;
        if (typeof name !== 'string' || name.trim() === '') return errors(422, "Name can't be blank");
        const existing = tagByName(name);
        if (existing) return { status: 200, body: { tag: tagJson(existing) } };
        const tag = { id: tagId(), name: name.trim() };
        tags.set(tag.id, tag);
        return { status: 201, body: { tag: tagJson(tag) } };
      },
    },
    {
      method: 'POST',
      path: /^\/v4\/tags\/(\d+)\/subscribers\/(\d+)$/,
      answer: (_request, match) => {
        const tag = tags.get(match[1] ?? '');
        const subscriber = subscriberOf(match, 2);
        if (!tag || !subscriber) return errors(404, 'Not Found');
        const had = subscriber.tags.has(tag.id);
        subscriber.tags.add(tag.id);
        return { status: had ? 200 : 201, body: { subscriber: { ...subscriberJson(subscriber), tagged_at: '2026-11-26T09:00:00Z' } } };
      },
    },
    {
      method: 'DELETE',
      path: /^\/v4\/tags\/(\d+)\/subscribers\/(\d+)$/,
      answer: (_request, match) => {
        const subscriber = subscriberOf(match, 2);
        if (!tags.has(match[1] ?? '') || !subscriber) return errors(404, 'Not Found');
        subscriber.tags.delete(match[1] ?? '');
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: /^\/v4\/forms\/(\d+)\/subscribers\/(\d+)$/,
      answer: (_request, match) => {
        const form = forms.find((candidate) => candidate.id === match[1]);
        const subscriber = subscriberOf(match, 2);
        if (!form || !subscriber) return errors(404, 'Not Found');
        const had = subscriber.forms.has(form.id);
        subscriber.forms.add(form.id);
        return { status: had ? 200 : 201, body: { subscriber: subscriberJson(subscriber) } };
      },
    },
  ];

  const server = await startFakeServer({
    routes,
    authorize: (request) => (options.keys.includes(String(request.headers['x-kit-api-key'] ?? '')) ? null : errors(401, 'The access token is invalid')),
    limit: {
      requests: options.perMinute ?? 120,
      perMs: options.windowMs ?? 60_000,
      bucket: (request) => String(request.headers['x-kit-api-key']),
      // Kit's documented answer: a bare text, no Retry-After.
      tooMany: () => ({ status: 429, body: 'Retry later', headers: { 'content-type': 'text/plain' } }),
    },
    ...(options.now ? { now: options.now } : {}),
  });

  return Object.assign(server, {
    subscriber(email: string) {
      const found = byEmail(email);
      if (!found) return null;
      const names = [...found.tags].map((id) => tags.get(id)?.name ?? '?').sort();
      return { firstName: found.firstName, state: found.state, tags: names, forms: [...found.forms], fields: Object.fromEntries(found.fields) };
    },
    tagByHand(email: string, name: string) {
      const found = byEmail(email);
      if (!found) throw new Error('no such subscriber');
      const tag = tagByName(name) ?? { id: tagId(), name };
      tags.set(tag.id, tag);
      found.tags.add(tag.id);
    },
    subscriberCount: () => subscribers.size,
    tooMany: () => server.log.filter((entry) => entry.status === 429).length,
  });
}
