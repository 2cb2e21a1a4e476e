/**
 * ActiveCampaign, API v3 (developers.activecampaign.com/reference): the key in the `Api-Token` header,
 * the account's own host as the base address (`https://ACCOUNT.api-us1.com`).
 *
 * A push: `POST /api/3/contact/sync` creates or updates the contact by address (first name, custom
 * field values by field id); `POST /api/3/contactLists` subscribes it to the coach's list (status 1);
 * then its tags. Tags must exist before a contact can carry one: each label is looked up by name
 * (`GET /api/3/tags?search=`) and created when missing (`POST /api/3/tags`), and the ids are kept for
 * the next push. The contact's own labels that no longer apply (`GET /api/3/contacts/{id}/contactTags`)
 * are removed (`DELETE /api/3/contactTags/{id}`), a tag the coach set by hand is left.
 * An erase deletes the contact (`DELETE /api/3/contacts/{id}`).
 *
 * Its limit is 5 requests a second per ACCOUNT, shared by every key of it (scope `account`). Its errors:
 * 403 for a bad key, 422 with `errors[].title` for a bad parameter (an invalid address), 429.
 */
import type { ConnectorFactory, EmailToolConnector, EraseOutcome, ToolContact, ToolList, ToolOutcome, ToolRequest, ToolResponse } from './connector';
import { failureOf, field, idOf, isOk, send } from './outcome';

/** What ActiveCampaign said went wrong: its `errors[].title`s, or its `message`. */
function errorText(body: unknown): string {
  const errors = field(body, 'errors');
  if (Array.isArray(errors)) {
    const titles = errors.map((error) => field(error, 'title')).filter((title): title is string => typeof title === 'string');
    if (titles.length > 0) return titles.join('; ');
  }
  const message = field(body, 'message');
  return typeof message === 'string' ? message : '';
}

const failure = (response: ToolResponse) => failureOf(response, errorText(response.body));

const key = (name: string) => name.trim().toLowerCase();

export const activeCampaign: ConnectorFactory = (settings, http) => {
  const headers = { 'Api-Token': settings.apiKey, Accept: 'application/json' };
  const call = (request: ToolRequest) => send(http, { ...request, headers: { ...headers, ...request.headers } });
  /** Tag name (lower case) → id, and id → name, as learnt from the account. */
  const tagIds = new Map<string, string>();
  const tagNames = new Map<string, string>();
  const learn = (id: string, name: string) => {
    tagIds.set(key(name), id);
    tagNames.set(id, key(name));
  };

  /** The id of the tag named `name`, created when the account has none. */
  async function tagId(name: string): Promise<string | ToolOutcome> {
    const known = tagIds.get(key(name));
    if (known) return known;
    const found = await call({ method: 'GET', path: `/api/3/tags?search=${encodeURIComponent(name)}&limit=100` });
    if ('failed' in found) return found.failed;
    if (!isOk(found)) return failure(found);
    const tags = field(found.body, 'tags');
    for (const tag of Array.isArray(tags) ? tags : []) {
      const id = idOf(field(tag, 'id'));
      const tagName = field(tag, 'tag');
      if (id && typeof tagName === 'string') learn(id, tagName);
    }
    const existing = tagIds.get(key(name));
    if (existing) return existing;
    const made = await call({ method: 'POST', path: '/api/3/tags', body: { tag: { tag: name, tagType: 'contact', description: 'Set by the Core Drivers quiz' } } });
    if ('failed' in made) return made.failed;
    const id = idOf(field(field(made.body, 'tag'), 'id'));
    if (!isOk(made) || !id) return failure(made);
    learn(id, name);
    return id;
  }

  /** The name of a tag the contact carries, looked up once by id. */
  async function tagName(id: string): Promise<string | ToolOutcome> {
    const known = tagNames.get(id);
    if (known !== undefined) return known;
    const found = await call({ method: 'GET', path: `/api/3/tags/${encodeURIComponent(id)}` });
    if ('failed' in found) return found.failed;
    const name = field(field(found.body, 'tag'), 'tag');
    if (!isOk(found) || typeof name !== 'string') return failure(found);
    learn(id, name);
    return key(name);
  }

  /** The contact's tags: each link's id and its tag's name. */
  async function contactTags(contactId: string): Promise<{ linkId: string; tagId: string; name: string }[] | ToolOutcome> {
    const found = await call({ method: 'GET', path: `/api/3/contacts/${contactId}/contactTags` });
    if ('failed' in found) return found.failed;
    if (!isOk(found)) return failure(found);
    const links = field(found.body, 'contactTags');
    const tags: { linkId: string; tagId: string; name: string }[] = [];
    for (const link of Array.isArray(links) ? links : []) {
      const linkId = idOf(field(link, 'id'));
      const id = idOf(field(link, 'tag'));
      if (!linkId || !id) continue;
      const name = await tagName(id);
      if (typeof name !== 'string') return name;
      tags.push({ linkId, tagId: id, name });
    }
    return tags;
  }

  /** Each step in turn; the first that is not done ends the push with its outcome. */
  async function steps(list: (() => Promise<ToolResponse | { failed: ToolOutcome }>)[]): Promise<ToolOutcome | null> {
    for (const step of list) {
      const answer = await step();
      if ('failed' in answer) return answer.failed;
      if (!isOk(answer)) return failure(answer);
    }
    return null;
  }

  async function upsert(contact: ToolContact): Promise<ToolOutcome> {
    const fieldValues = Object.entries(contact.fields).map(([fieldId, value]) => ({ field: fieldId, value }));
    const synced = await call({
      method: 'POST',
      path: '/api/3/contact/sync',
      body: { contact: { email: contact.email, ...(contact.firstName ? { firstName: contact.firstName } : {}), ...(fieldValues.length > 0 ? { fieldValues } : {}) } },
    });
    if ('failed' in synced) return synced.failed;
    const contactId = idOf(field(field(synced.body, 'contact'), 'id'));
    if (!isOk(synced) || !contactId) return failure(synced);

    const wanted: string[] = [];
    for (const label of contact.labels) {
      const id = await tagId(label);
      if (typeof id !== 'string') return id;
      wanted.push(id);
    }
    const current = await contactTags(contactId);
    if (!Array.isArray(current)) return current;
    const own = new Set(contact.ownLabels.map(key));
    const stale = current.filter((tag) => own.has(tag.name) && !wanted.includes(tag.tagId));
    const missing = wanted.filter((id) => !current.some((tag) => tag.tagId === id));

    const failed = await steps([
      ...(settings.list ? [() => call({ method: 'POST', path: '/api/3/contactLists', body: { contactList: { list: settings.list, contact: contactId, status: 1 } } })] : []),
      ...stale.map((tag) => () => call({ method: 'DELETE', path: `/api/3/contactTags/${tag.linkId}` })),
      ...missing.map((id) => () => call({ method: 'POST', path: '/api/3/contactTags', body: { contactTag: { contact: contactId, tag: id } } })),
    ]);
    if (failed) {
      // A tag the coach deleted since its id was learnt: look the names up again next time.
      tagIds.clear();
      tagNames.clear();
      return failed;
    }
    return { kind: 'done', detail: `Contact ${synced.status === 201 ? 'created' : 'updated'}: ${wanted.length} tags, ${stale.length} removed.` };
  }

  async function erase(email: string): Promise<EraseOutcome> {
    const found = await call({ method: 'GET', path: `/api/3/contacts?email=${encodeURIComponent(email)}` });
    if ('failed' in found) return { ...found.failed, how: 'absent' };
    if (!isOk(found)) return { ...failure(found), how: 'absent' };
    const contacts = field(found.body, 'contacts');
    const id = Array.isArray(contacts) ? idOf(field(contacts[0], 'id')) : null;
    if (!id) return { kind: 'done', detail: 'The tool had no such contact.', how: 'absent' };
    const deleted = await call({ method: 'DELETE', path: `/api/3/contacts/${id}` });
    if ('failed' in deleted) return { ...deleted.failed, how: 'deleted' };
    if (deleted.status === 404) return { kind: 'done', detail: 'The tool had no such contact.', how: 'absent' };
    return isOk(deleted) ? { kind: 'done', detail: 'Contact deleted.', how: 'deleted' } : { ...failure(deleted), how: 'deleted' };
  }

  return {
    tool: 'activecampaign',
    limit: { requests: 5, perMs: 1000, concurrent: 5, scope: 'account' },
    listWord: 'list',
    async account() {
      const answer = await call({ method: 'GET', path: '/api/3/users/me' });
      if ('failed' in answer) return { ok: false, outcome: answer.failed };
      const user = field(answer.body, 'user');
      if (!isOk(answer) || user === undefined) return { ok: false, outcome: failure(answer) };
      const name = [field(user, 'firstName'), field(user, 'lastName')].filter((part) => typeof part === 'string' && part !== '').join(' ');
      const email = field(user, 'email');
      const who = name || (typeof field(user, 'username') === 'string' ? String(field(user, 'username')) : 'ActiveCampaign user');
      return { ok: true, name: typeof email === 'string' && email !== '' ? `${who} (${email})` : who };
    },
    async lists() {
      const lists: ToolList[] = [];
      for (let offset = 0; offset < 10_000; offset += 100) {
        const answer = await call({ method: 'GET', path: `/api/3/lists?limit=100&offset=${offset}` });
        if ('failed' in answer) return { ok: false, outcome: answer.failed };
        const page = field(answer.body, 'lists');
        if (!isOk(answer) || !Array.isArray(page)) return { ok: false, outcome: failure(answer) };
        for (const list of page) {
          const id = idOf(field(list, 'id'));
          const name = field(list, 'name');
          if (id && typeof name === 'string') lists.push({ id, name });
        }
        if (page.length < 100) break;
      }
      return { ok: true, lists };
    },
    upsert,
    erase,
  } satisfies EmailToolConnector;
};
