/**
 * A fake ActiveCampaign account (API v3) on 127.0.0.1, behaving as its reference documents: the
 * `Api-Token` header (403 without a known one), `POST /api/3/contact/sync` creating (201) or updating
 * (200) by address, 422 with `errors[].title` for an invalid address or a missing parameter, tags that
 * must exist before a contact carries one, contactTags, lists and contactLists, deleting a contact,
 * and the limit: 5 requests a second per ACCOUNT, every key of the account counted together (429).
 */
import { ids, plausibleEmail, startFakeServer, type FakeAnswer, type FakeRequest, type FakeRoute, type FakeServer } from './fake-server';

type Contact = { id: string; email: string; firstName: string; fields: Map<string, string>; lists: Map<string, number> };

export type ActiveCampaignFake = FakeServer & {
  /** The contact as the account shows it: its tags by name, lists by id and status, field values by field id. */
  contact: (email: string) => { firstName: string; tags: string[]; lists: Record<string, number>; fields: Record<string, string> } | null;
  /** A tag set on the contact by the coach in ActiveCampaign itself. */
  tagByHand: (email: string, tag: string) => void;
  tagNames: () => string[];
};

const lower = (value: string) => value.toLowerCase();
const unprocessable = (title: string, code: string): FakeAnswer => ({ status: 422, body: { errors: [{ title, detail: '', code, source: { pointer: '/data/attributes' } }] } });
const noResult = (what: string, id: string): FakeAnswer => ({ status: 404, body: { message: `No Result found for ${what} with id ${id}` } });
const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

export async function startActiveCampaignFake(options: { keys: string[]; perSecond?: number; now?: () => number }): Promise<ActiveCampaignFake> {
  const contacts = new Map<string, Contact>();
  const tags = new Map<string, { id: string; tag: string }>();
  const contactTags = new Map<string, { id: string; contact: string; tag: string }>();
  const lists = [
    { id: '1', name: 'Newsletter' },
    { id: '2', name: 'ADHD course waitlist' },
  ];
  const fields = new Set(['1', '2']);
  const contactId = ids();
  const tagId = ids(10);
  const linkId = ids(100);

  const byEmail = (email: string) => [...contacts.values()].find((contact) => lower(contact.email) === lower(email));
  const contactJson = (contact: Contact) => ({ id: contact.id, email: contact.email, firstName: contact.firstName });
  const addTag = (name: string) => {
    const tag = { id: tagId(), tag: name };
    tags.set(tag.id, tag);
    return tag;
  };
  const link = (contact: string, tag: string) => {
    const existing = [...contactTags.values()].find((entry) => entry.contact === contact && entry.tag === tag);
    if (existing) return { existing: true, entry: existing };
    const entry = { id: linkId(), contact, tag };
    contactTags.set(entry.id, entry);
    return { existing: false, entry };
  };

  function sync(request: FakeRequest): FakeAnswer {
    const given = object(object(request.body).contact);
    if (given.email === undefined || given.email === '') return unprocessable('Email address is required.', 'field_missing');
    if (!plausibleEmail(given.email)) return unprocessable('Email address is not valid.', 'email_invalid');
    let contact = byEmail(given.email);
    const created = !contact;
    if (!contact) {
      contact = { id: contactId(), email: given.email, firstName: '', fields: new Map(), lists: new Map() };
      contacts.set(contact.id, contact);
    }
    if (typeof given.firstName === 'string') contact.firstName = given.firstName;
    for (const value of Array.isArray(given.fieldValues) ? given.fieldValues : []) {
      const fieldId = String(object(value).field);
      if (fields.has(fieldId)) contact.fields.set(fieldId, String(object(value).value));
    }
    return { status: created ? 201 : 200, body: { contact: contactJson(contact) } };
  }

  const routes: FakeRoute[] = [
    { method: 'GET', path: /^\/api\/3\/users\/me$/, answer: () => ({ status: 200, body: { user: { id: '1', username: 'sam', firstName: 'Sam', lastName: 'Rivera', email: 'sam@coach.example' } } }) },
    {
      method: 'GET',
      path: /^\/api\/3\/lists$/,
      answer: (request) => {
        const offset = Number(request.query.get('offset') ?? 0);
        const limit = Number(request.query.get('limit') ?? 20);
        return { status: 200, body: { lists: lists.slice(offset, offset + limit), meta: { total: String(lists.length) } } };
      },
    },
    { method: 'POST', path: /^\/api\/3\/contact\/sync$/, answer: sync },
    {
      method: 'GET',
      path: /^\/api\/3\/contacts$/,
      answer: (request) => {
        const found = byEmail(request.query.get('email') ?? '');
        return { status: 200, body: { contacts: found ? [contactJson(found)] : [], meta: { total: found ? '1' : '0' } } };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/3\/contacts\/(\d+)$/,
      answer: (_request, [, id = '']) => {
        if (!contacts.delete(id)) return noResult('Subscriber', id);
        for (const [key, entry] of contactTags) if (entry.contact === id) contactTags.delete(key);
        return { status: 200, body: {} };
      },
    },
    {
      method: 'POST',
      path: /^\/api\/3\/contactLists$/,
      answer: (request) => {
        const given = object(object(request.body).contactList);
        const contact = contacts.get(String(given.contact));
        if (!contact) return unprocessable('The contact does not exist.', 'related_missing');
        if (!lists.some((list) => list.id === String(given.list))) return unprocessable('The list does not exist.', 'related_missing');
        contact.lists.set(String(given.list), Number(given.status));
        return { status: 200, body: { contactList: { contact: contact.id, list: String(given.list), status: String(given.status) } } };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/3\/tags$/,
      answer: (request) => {
        const search = lower(request.query.get('search') ?? '');
        const found = [...tags.values()].filter((tag) => lower(tag.tag).includes(search));
        return { status: 200, body: { tags: found.map((tag) => ({ ...tag, tagType: 'contact' })), meta: { total: String(found.length) } } };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/3\/tags\/(\d+)$/,
      answer: (_request, [, id = '']) => {
        const tag = tags.get(id);
        return tag ? { status: 200, body: { tag: { ...tag, tagType: 'contact' } } } : noResult('Tag', id);
      },
    },
    {
      method: 'POST',
      path: /^\/api\/3\/tags$/,
      answer: (request) => {
        const name = object(object(request.body).tag).tag;
        if (typeof name !== 'string' || name.trim() === '') return unprocessable('Tag name is required.', 'field_missing');
        return { status: 201, body: { tag: { ...addTag(name), tagType: 'contact' } } };
      },
    },
    {
      method: 'GET',
      path: /^\/api\/3\/contacts\/(\d+)\/contactTags$/,
      answer: (_request, [, id = '']) =>
        contacts.has(id) ? { status: 200, body: { contactTags: [...contactTags.values()].filter((entry) => entry.contact === id) } } : noResult('Subscriber', id),
    },
    {
      method: 'POST',
      path: /^\/api\/3\/contactTags$/,
      answer: (request) => {
        const given = object(object(request.body).contactTag);
        if (!contacts.has(String(given.contact)) || !tags.has(String(given.tag))) return unprocessable('The contact or the tag does not exist.', 'related_missing');
        const { existing, entry } = link(String(given.contact), String(given.tag));
        return { status: existing ? 200 : 201, body: { contactTag: entry } };
      },
    },
    {
      method: 'DELETE',
      path: /^\/api\/3\/contactTags\/(\d+)$/,
      answer: (_request, [, id = '']) => (contactTags.delete(id) ? { status: 200, body: {} } : noResult('ContactTag', id)),
    },
  ];

  const server = await startFakeServer({
    routes,
    authorize: (request) => (options.keys.includes(String(request.headers['api-token'] ?? '')) ? null : { status: 403, body: { message: 'No Result found for Subscriber with id 0' } }),
    // One bucket: the limit is the account's, whichever of its keys a request carries.
    limit: { requests: options.perSecond ?? 5, perMs: 1000, bucket: () => 'account', tooMany: () => ({ status: 429, body: { message: 'Too Many Requests' } }) },
    ...(options.now ? { now: options.now } : {}),
  });

  return {
    ...server,
    contact(email) {
      const found = byEmail(email);
      if (!found) return null;
      const names = [...contactTags.values()].filter((entry) => entry.contact === found.id).map((entry) => tags.get(entry.tag)?.tag ?? '?');
      return { firstName: found.firstName, tags: names.sort(), lists: Object.fromEntries(found.lists), fields: Object.fromEntries(found.fields) };
    },
    tagByHand(email, name) {
      const found = byEmail(email);
      if (!found) throw new Error('no such contact');
      const tag = [...tags.values()].find((entry) => entry.tag === name) ?? addTag(name);
      link(found.id, tag.id);
    },
    tagNames: () => [...tags.values()].map((tag) => tag.tag).sort(),
  };
}
