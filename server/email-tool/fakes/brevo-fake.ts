/**
 * A fake Brevo account (API v3) on 127.0.0.1, behaving as its reference documents: the `api-key`
 * header (401 `{ code: "unauthorized" }` without a known one); `POST /v3/contacts` creating (201
 * `{ id }`) or, with `updateEnabled`, updating (204) by address, and 400 `duplicate_parameter` without
 * it; attributes that must exist (400 otherwise); lists in folders; `PUT` with `unlinkListIds`;
 * `DELETE` (204, 404 `document_not_found`); 400 `invalid_parameter` for an invalid address; and the
 * contacts endpoints' limit per key with `x-sib-ratelimit-limit/-remaining/-reset` on every answer
 * and a 429 without `Retry-After`.
 */
import { ids, plausibleEmail, startFakeServer, type FakeAnswer, type FakeRequest, type FakeRoute, type FakeServer } from './fake-server';

type Contact = { id: number; email: string; attributes: Record<string, string>; listIds: Set<number>; emailBlacklisted: boolean };

export type BrevoFake = FakeServer & {
  /** The contact as Brevo shows it: its lists by name, attributes, whether it is blacklisted for e-mail. */
  contact: (email: string) => { lists: string[]; attributes: Record<string, string>; emailBlacklisted: boolean } | null;
  /** A list the coach put the contact on in Brevo itself. */
  addToListByHand: (email: string, listName: string) => void;
  unsubscribeByHand: (email: string) => void;
  folderNames: () => string[];
};

const error = (status: number, code: string, message: string): FakeAnswer => ({ status, body: { code, message } });
const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const page = <T>(request: FakeRequest, items: T[]) => {
  const offset = Number(request.query.get('offset') ?? 0);
  return items.slice(offset, offset + Number(request.query.get('limit') ?? 10));
};

export async function startBrevoFake(options: { keys: string[]; perSecond?: number; now?: () => number; port?: number }): Promise<BrevoFake> {
  const contacts = new Map<string, Contact>();
  const folders = new Map<number, string>([[1, 'Your first folder']]);
  const lists = new Map<number, { id: number; name: string; folderId: number }>([
    [2, { id: 2, name: 'Newsletter', folderId: 1 }],
    [3, { id: 3, name: 'Course waitlist', folderId: 1 }],
  ]);
  const attributes = new Set(['FIRSTNAME', 'LASTNAME', 'SMS']);
  const contactId = ids();
  const folderId = ids(5);
  const listId = ids(10);
  const byEmail = (identifier: string) => contacts.get(identifier.toLowerCase());
  const unknownLists = (given: unknown) => (Array.isArray(given) ? given : []).filter((id) => !lists.has(Number(id)));

  function save(request: FakeRequest): FakeAnswer {
    const body = object(request.body);
    if (typeof body.email !== 'string' || body.email === '') return error(400, 'missing_parameter', 'An email or SMS phone number is mandatory to create a new contact.');
    if (!plausibleEmail(body.email)) return error(400, 'invalid_parameter', 'Invalid email address');
    const given = object(body.attributes);
    const missing = Object.keys(given).find((name) => !attributes.has(name));
    if (missing) return error(400, 'invalid_parameter', `Attribute ${missing} does not exist`);
    if (unknownLists(body.listIds).length > 0) return error(404, 'document_not_found', 'List ID does not exist');
    let contact = byEmail(body.email);
    if (contact && body.updateEnabled !== true) return error(400, 'duplicate_parameter', 'Unable to create contact, email is already associated with another Contact');
    const created = !contact;
    contact ??= { id: Number(contactId()), email: body.email, attributes: {}, listIds: new Set(), emailBlacklisted: false };
    contacts.set(body.email.toLowerCase(), contact);
    Object.assign(contact.attributes, Object.fromEntries(Object.entries(given).map(([name, value]) => [name, String(value)])));
    for (const id of Array.isArray(body.listIds) ? body.listIds : []) contact.listIds.add(Number(id));
    if (typeof body.emailBlacklisted === 'boolean') contact.emailBlacklisted = body.emailBlacklisted;
    return created ? { status: 201, body: { id: contact.id } } : { status: 204 };
  }

  const routes: FakeRoute[] = [
    { method: 'GET', path: /^\/v3\/account$/, answer: () => ({ status: 200, body: { email: 'sam@coach.example', firstName: 'Sam', lastName: 'Rivera', companyName: 'Focus Coaching', plan: [{ type: 'free' }] } }) },
    { method: 'POST', path: /^\/v3\/contacts$/, answer: save },
    { method: 'GET', path: /^\/v3\/contacts\/attributes$/, answer: () => ({ status: 200, body: { attributes: [...attributes].map((name) => ({ name, category: 'normal', type: 'text' })) } }) },
    {
      method: 'POST',
      path: /^\/v3\/contacts\/attributes\/normal\/([^/]+)$/,
      answer: (_request, [, name = '']) => {
        if (attributes.has(name)) return error(400, 'invalid_parameter', 'Attribute name must be unique');
        attributes.add(name);
        return { status: 201 };
      },
    },
    {
      method: 'GET',
      path: /^\/v3\/contacts\/folders$/,
      answer: (request) => ({ status: 200, body: { folders: page(request, [...folders].map(([id, name]) => ({ id, name }))), count: folders.size } }),
    },
    {
      method: 'POST',
      path: /^\/v3\/contacts\/folders$/,
      answer: (request) => {
        const id = Number(folderId());
        folders.set(id, String(object(request.body).name));
        return { status: 201, body: { id } };
      },
    },
    {
      method: 'GET',
      path: /^\/v3\/contacts\/folders\/(\d+)\/lists$/,
      answer: (request, [, id = '']) => {
        if (!folders.has(Number(id))) return error(404, 'document_not_found', 'Folder ID does not exist');
        const inFolder = [...lists.values()].filter((list) => list.folderId === Number(id));
        return { status: 200, body: { lists: page(request, inFolder), count: inFolder.length } };
      },
    },
    { method: 'GET', path: /^\/v3\/contacts\/lists$/, answer: (request) => ({ status: 200, body: { lists: page(request, [...lists.values()]), count: lists.size } }) },
    {
      method: 'POST',
      path: /^\/v3\/contacts\/lists$/,
      answer: (request) => {
        const body = object(request.body);
        if (!folders.has(Number(body.folderId))) return error(400, 'invalid_parameter', 'Folder ID does not exist');
        const list = { id: Number(listId()), name: String(body.name), folderId: Number(body.folderId) };
        lists.set(list.id, list);
        return { status: 201, body: { id: list.id } };
      },
    },
    // Last: a contact's address, once the named collections above did not match.
    {
      method: 'GET',
      path: /^\/v3\/contacts\/([^/]+)$/,
      answer: (_request, [, identifier = '']) => {
        const contact = byEmail(decodeURIComponent(identifier));
        if (!contact) return error(404, 'document_not_found', 'Contact does not exist');
        return { status: 200, body: { id: contact.id, email: contact.email, attributes: contact.attributes, listIds: [...contact.listIds], emailBlacklisted: contact.emailBlacklisted } };
      },
    },
    {
      method: 'PUT',
      path: /^\/v3\/contacts\/([^/]+)$/,
      answer: (request, [, identifier = '']) => {
        const contact = byEmail(decodeURIComponent(identifier));
        if (!contact) return error(404, 'document_not_found', 'Contact does not exist');
        const body = object(request.body);
        if (unknownLists(body.unlinkListIds).length > 0) return error(400, 'invalid_parameter', 'List ID does not exist');
        for (const id of Array.isArray(body.unlinkListIds) ? body.unlinkListIds : []) contact.listIds.delete(Number(id));
        return { status: 204 };
      },
    },
    {
      method: 'DELETE',
      path: /^\/v3\/contacts\/([^/]+)$/,
      answer: (_request, [, identifier = '']) => (contacts.delete(decodeURIComponent(identifier).toLowerCase()) ? { status: 204 } : error(404, 'document_not_found', 'Contact does not exist')),
    },
  ];

  const server = await startFakeServer({
    routes,
    authorize: (request) => (options.keys.includes(String(request.headers['api-key'] ?? '')) ? null : error(401, 'unauthorized', 'Key not found')),
    limit: {
      requests: options.perSecond ?? 10,
      perMs: 1000,
      bucket: (request) => String(request.headers['api-key']),
      tooMany: () => error(429, 'too_many_requests', 'The expected rate limit is exceeded.'),
    },
    rateHeaders: ({ limit, remaining, resetMs }) => ({
      'x-sib-ratelimit-limit': String(limit),
      'x-sib-ratelimit-remaining': String(remaining),
      'x-sib-ratelimit-reset': String(Math.ceil(resetMs / 1000)),
    }),
    ...(options.now ? { now: options.now } : {}),
    ...(options.port ? { port: options.port } : {}),
  });

  return {
    ...server,
    contact(email) {
      const found = byEmail(email);
      if (!found) return null;
      const names = [...found.listIds].map((id) => lists.get(id)?.name ?? '?').sort();
      return { lists: names, attributes: { ...found.attributes }, emailBlacklisted: found.emailBlacklisted };
    },
    addToListByHand(email, listName) {
      const list = [...lists.values()].find((entry) => entry.name === listName);
      const found = byEmail(email);
      if (!list || !found) throw new Error('no such list or contact');
      found.listIds.add(list.id);
    },
    unsubscribeByHand(email) {
      const found = byEmail(email);
      if (found) found.emailBlacklisted = true;
    },
    folderNames: () => [...folders.values()].sort(),
  };
}
