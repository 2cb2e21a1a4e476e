/**
 * Brevo, API v3 (developers.brevo.com): the key in the `api-key` header, `https://api.brevo.com`.
 *
 * Brevo has no tags: a contact's nearest idea is the lists it is on. Each label is a list of the same
 * name in the folder "Core Drivers quiz" (made, with its lists, when missing), so the coach can start
 * an automation on "added to list" or send to a list. A push: custom attributes must exist first
 * (`GET /v3/contacts/attributes`, `POST /v3/contacts/attributes/normal/{NAME}`, text); then
 * `POST /v3/contacts` with `updateEnabled: true` creates (201) or updates (204) the contact by address,
 * its first name in `FIRSTNAME`, the ratings in the attributes the coach named, on the coach's list and
 * its label lists; then the label lists of the folder it should no longer be on are unlinked
 * (`PUT /v3/contacts/{email}` with `unlinkListIds`), any other list left as the coach set it.
 * Who just confirmed the double opt-in is subscribed again (`emailBlacklisted: false`); without that
 * confirmation an earlier unsubscribe stands. An erase deletes the contact (`DELETE /v3/contacts/{email}`).
 *
 * Its limit for the contacts endpoints: 10 a second (36,000 an hour) per key; every answer carries
 * `x-sib-ratelimit-limit`, `-remaining` and `-reset` (seconds), and a 429 has no `Retry-After`, so the
 * reset is the wait. Errors are `{ code, message }`: 401 a bad key, 400 an invalid parameter.
 */
import type { ConnectorFactory, EmailToolConnector, EraseOutcome, ToolContact, ToolList, ToolOutcome, ToolRequest, ToolResponse } from './connector';
import { failureOf, field, idOf, isOk, send } from './outcome';

/** The folder holding one list per label. */
export const BREVO_LABEL_FOLDER = 'Core Drivers quiz';

type Failure = Exclude<ToolOutcome, { kind: 'done' }>;

function failure(response: ToolResponse): Failure {
  const message = field(response.body, 'message');
  return failureOf(response, typeof message === 'string' ? message : '');
}

const key = (name: string) => name.trim().toLowerCase();
const contactPath = (email: string) => `/v3/contacts/${encodeURIComponent(email)}?identifierType=email_id`;

export const brevo: ConnectorFactory = (settings, http) => {
  const headers = { 'api-key': settings.apiKey, accept: 'application/json' };
  const call = (request: ToolRequest) => send(http, { ...request, headers: { ...headers, ...request.headers } });
  let folderId: string | null = null;
  /** Label list name (lower case) → id, within the folder. */
  const labelLists = new Map<string, string>();
  const attributes = new Set<string>();

  /** Every item of a paged collection (`limit`, `offset`, `count`). */
  async function all(path: string, name: string): Promise<unknown[] | Failure> {
    const items: unknown[] = [];
    for (let offset = 0; offset < 10_000; offset += 50) {
      const answer = await call({ method: 'GET', path: `${path}${path.includes('?') ? '&' : '?'}limit=50&offset=${offset}` });
      if ('failed' in answer) return answer.failed;
      if (!isOk(answer)) return failure(answer);
      const page = field(answer.body, name);
      if (!Array.isArray(page)) break;
      items.push(...page);
      if (page.length < 50) break;
    }
    return items;
  }

  /** The label folder's id: found by name, made when `make` and missing; null when missing. */
  async function folder(make: boolean): Promise<string | null | Failure> {
    if (folderId) return folderId;
    const folders = await all('/v3/contacts/folders', 'folders');
    if (!Array.isArray(folders)) return folders;
    const found = folders.find((entry) => field(entry, 'name') === BREVO_LABEL_FOLDER);
    folderId = idOf(field(found, 'id'));
    if (folderId || !make) return folderId;
    const made = await call({ method: 'POST', path: '/v3/contacts/folders', body: { name: BREVO_LABEL_FOLDER } });
    if ('failed' in made) return made.failed;
    folderId = idOf(field(made.body, 'id'));
    return isOk(made) && folderId ? folderId : failure(made);
  }

  /** The folder's lists by name, learnt from Brevo; the missing ones among `names` made. */
  async function listIds(names: readonly string[]): Promise<Failure | null> {
    if (names.every((name) => labelLists.has(key(name)))) return null;
    const id = await folder(true);
    if (typeof id !== 'string') return id ?? { kind: 'retry', status: null, detail: 'The label folder could not be made.' };
    const lists = await all(`/v3/contacts/folders/${id}/lists`, 'lists');
    if (!Array.isArray(lists)) return lists;
    for (const list of lists) {
      const listId = idOf(field(list, 'id'));
      const name = field(list, 'name');
      if (listId && typeof name === 'string') labelLists.set(key(name), listId);
    }
    for (const name of names.filter((label) => !labelLists.has(key(label)))) {
      const made = await call({ method: 'POST', path: '/v3/contacts/lists', body: { name, folderId: Number(id) } });
      if ('failed' in made) return made.failed;
      const listId = idOf(field(made.body, 'id'));
      if (!isOk(made) || !listId) return failure(made);
      labelLists.set(key(name), listId);
    }
    return null;
  }

  /** The attributes the push sets, made (as text) where the account lacks them. */
  async function ensureAttributes(names: string[]): Promise<Failure | null> {
    if (names.every((name) => attributes.has(name))) return null;
    const answer = await call({ method: 'GET', path: '/v3/contacts/attributes' });
    if ('failed' in answer) return answer.failed;
    if (!isOk(answer)) return failure(answer);
    const known = field(answer.body, 'attributes');
    for (const attribute of Array.isArray(known) ? known : []) {
      const name = field(attribute, 'name');
      if (typeof name === 'string') attributes.add(name.toUpperCase());
    }
    for (const name of names.filter((wanted) => !attributes.has(wanted))) {
      const made = await call({ method: 'POST', path: `/v3/contacts/attributes/normal/${encodeURIComponent(name)}`, body: { type: 'text' } });
      if ('failed' in made) return made.failed;
      if (!isOk(made)) return failure(made);
      attributes.add(name);
    }
    return null;
  }

  async function upsert(contact: ToolContact): Promise<ToolOutcome> {
    const values: Record<string, string> = {};
    if (contact.firstName) values.FIRSTNAME = contact.firstName;
    for (const [name, value] of Object.entries(contact.fields)) values[name.toUpperCase()] = value;
    const prepared = (await ensureAttributes(Object.keys(values))) ?? (await listIds(contact.labels));
    if (prepared) return prepared;
    const wanted = contact.labels.map((label) => labelLists.get(key(label))).filter((id): id is string => id !== undefined);
    const joined = [...(settings.list ? [settings.list] : []), ...wanted].map(Number);

    const saved = await call({
      method: 'POST',
      path: '/v3/contacts',
      body: { email: contact.email, attributes: values, listIds: [...new Set(joined)], updateEnabled: true, ...(contact.confirmedAt !== null ? { emailBlacklisted: false } : {}) },
    });
    if ('failed' in saved) return saved.failed;
    if (!isOk(saved)) {
      if (saved.status === 400 || saved.status === 404) labelLists.clear(); // a label list deleted in Brevo since: look again next time
      return failure(saved);
    }

    const found = await call({ method: 'GET', path: contactPath(contact.email) });
    if ('failed' in found) return found.failed;
    if (!isOk(found)) return failure(found);
    const current = field(found.body, 'listIds');
    const own = new Set(contact.ownLabels.map((label) => labelLists.get(key(label))).filter((id) => id !== undefined));
    const stale = (Array.isArray(current) ? current : []).map(idOf).filter((id): id is string => id !== null && own.has(id) && !wanted.includes(id));
    if (stale.length > 0) {
      const unlinked = await call({ method: 'PUT', path: contactPath(contact.email), body: { unlinkListIds: stale.map(Number) } });
      if ('failed' in unlinked) return unlinked.failed;
      if (!isOk(unlinked)) return failure(unlinked);
    }
    return { kind: 'done', detail: `Contact ${saved.status === 201 ? 'created' : 'updated'}: ${wanted.length} label lists, ${stale.length} left.` };
  }

  async function erase(email: string): Promise<EraseOutcome> {
    const answer = await call({ method: 'DELETE', path: contactPath(email) });
    if ('failed' in answer) return { ...answer.failed, how: 'deleted' };
    if (answer.status === 404) return { kind: 'done', detail: 'The tool had no such contact.', how: 'absent' };
    return isOk(answer) ? { kind: 'done', detail: 'Contact deleted.', how: 'deleted' } : { ...failure(answer), how: 'deleted' };
  }

  return {
    tool: 'brevo',
    limit: { requests: 10, perMs: 1000, concurrent: 10, scope: 'key' },
    listWord: 'list',
    async account() {
      const answer = await call({ method: 'GET', path: '/v3/account' });
      if ('failed' in answer) return { ok: false, outcome: answer.failed };
      if (!isOk(answer)) return { ok: false, outcome: failure(answer) };
      const company = field(answer.body, 'companyName');
      const person = [field(answer.body, 'firstName'), field(answer.body, 'lastName')].filter((part) => typeof part === 'string' && part !== '').join(' ');
      const email = field(answer.body, 'email');
      const who = (typeof company === 'string' && company !== '' ? company : person) || 'Brevo account';
      return { ok: true, name: typeof email === 'string' && email !== '' ? `${who} (${email})` : who };
    },
    async lists() {
      const labelFolder = await folder(false);
      if (typeof labelFolder === 'object' && labelFolder !== null) return { ok: false, outcome: labelFolder };
      const found = await all('/v3/contacts/lists', 'lists');
      if (!Array.isArray(found)) return { ok: false, outcome: found };
      const lists: ToolList[] = [];
      for (const list of found) {
        const id = idOf(field(list, 'id'));
        const name = field(list, 'name');
        // The label lists are the app's own, not a list to join everyone to.
        if (id && typeof name === 'string' && idOf(field(list, 'folderId')) !== labelFolder) lists.push({ id, name });
      }
      return { ok: true, lists };
    },
    upsert,
    erase,
  } satisfies EmailToolConnector;
};
