/**
 * Kit (formerly ConvertKit), API v4 (developers.kit.com): the key in the `X-Kit-Api-Key` header,
 * `https://api.kit.com` as the base address.
 *
 * A push: `POST /v4/subscribers` is an upsert by address (first name, custom fields by key; Kit
 * ignores a field the account does not have, and says so in `warnings`); with a form picked, the
 * subscriber is added to it (`POST /v4/forms/{form_id}/subscribers/{id}`). Then its tags: a tag must
 * exist before a subscriber can carry it, so the account's tags are read once (`GET /v4/tags`) and a
 * missing one created (`POST /v4/tags`, which answers 200 with the tag that already exists); the
 * subscriber's own tags (`GET /v4/subscribers/{id}/tags`) that no longer apply are removed
 * (`DELETE /v4/tags/{tag_id}/subscribers/{id}`), the new ones added (`POST` there). A tag the coach
 * set by hand is left.
 *
 * Kit's API cannot delete a subscriber: an erase unsubscribes it (`POST /v4/subscribers/{id}/unsubscribe`).
 * Its limit: 120 requests per 60 s per key, then a bare `429 Retry later` without `Retry-After`.
 * Errors: 401 `{"errors": ["The access token is invalid"]}`, 422 `{"errors": [...]}` (an invalid address).
 */
import type { ConnectorFactory, EmailToolConnector, EraseOutcome, ToolContact, ToolList, ToolOutcome, ToolRequest, ToolResponse } from './connector';
import { failureOf, field, idOf, isOk, send, type NotDone } from './outcome';

/** What Kit said: its `errors` strings, or its text (`Retry later`). */
function errorText(body: unknown): string {
  const errors = field(body, 'errors');
  if (Array.isArray(errors)) return errors.filter((error): error is string => typeof error === 'string').join('; ');
  return typeof body === 'string' ? body : '';
}

const failure = (response: ToolResponse): NotDone => failureOf(response, errorText(response.body));

const key = (name: string) => name.trim().toLowerCase();
const PAGE = 1000;

export const kit: ConnectorFactory = (settings, http) => {
  const call = (request: ToolRequest) => send(http, { ...request, headers: { 'X-Kit-Api-Key': settings.apiKey, ...request.headers } });
  /** Tag name (lower case) → id, as learnt from the account. */
  const tagIds = new Map<string, string>();
  let tagsRead = false;

  /** Every page of a list (`tags`, `forms`): its items, or why not. */
  async function pages(path: string, name: string): Promise<unknown[] | NotDone> {
    const items: unknown[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page += 1) {
      const cursor: string = after === null ? '' : `&after=${encodeURIComponent(after)}`;
      const answer = await call({ method: 'GET', path: `${path}?per_page=${PAGE}${cursor}` });
      if ('failed' in answer) return answer.failed;
      if (!isOk(answer)) return failure(answer);
      const found = field(answer.body, name);
      items.push(...(Array.isArray(found) ? found : []));
      const pagination = field(answer.body, 'pagination');
      const next = field(pagination, 'end_cursor');
      if (field(pagination, 'has_next_page') !== true || typeof next !== 'string') break;
      after = next;
    }
    return items;
  }

  const learn = (tag: unknown) => {
    const id = idOf(field(tag, 'id'));
    const name = field(tag, 'name');
    if (id && typeof name === 'string') tagIds.set(key(name), id);
    return id;
  };

  /** The ids of `names`: read from the account once, the missing ones created. */
  async function tagIdsOf(names: readonly string[]): Promise<Map<string, string> | NotDone> {
    if (!tagsRead && names.some((name) => !tagIds.has(key(name)))) {
      const tags = await pages('/v4/tags', 'tags');
      if (!Array.isArray(tags)) return tags;
      tags.forEach(learn);
      tagsRead = true;
    }
    for (const name of names) {
      if (tagIds.has(key(name))) continue;
      const made = await call({ method: 'POST', path: '/v4/tags', body: { name } });
      if ('failed' in made) return made.failed;
      if (!isOk(made) || learn(field(made.body, 'tag')) === null) return failure(made);
    }
    return tagIds;
  }

  /** The subscriber's id by address, or null when Kit has none. */
  async function findId(email: string): Promise<string | null | NotDone> {
    const found = await call({ method: 'GET', path: `/v4/subscribers?email_address=${encodeURIComponent(email)}&status=all` });
    if ('failed' in found) return found.failed;
    if (!isOk(found)) return failure(found);
    const subscribers = field(found.body, 'subscribers');
    return Array.isArray(subscribers) && subscribers.length > 0 ? idOf(field(subscribers[0], 'id')) : null;
  }

  async function upsert(contact: ToolContact): Promise<ToolOutcome> {
    const body = { email_address: contact.email, first_name: contact.firstName ?? undefined, fields: contact.fields };
    const saved = await call({ method: 'POST', path: '/v4/subscribers', body });
    if ('failed' in saved) return saved.failed;
    if (!isOk(saved)) return failure(saved);
    const id = idOf(field(field(saved.body, 'subscriber'), 'id'));
    if (id === null) return { kind: 'retry', status: saved.status, detail: 'Kit did not say which subscriber it saved.' };
    if (settings.list !== null) {
      const joined = await call({ method: 'POST', path: `/v4/forms/${encodeURIComponent(settings.list)}/subscribers/${id}`, body: {} });
      if ('failed' in joined) return joined.failed;
      if (!isOk(joined)) return failure(joined);
    }
    const current = await pages(`/v4/subscribers/${id}/tags`, 'tags');
    if (!Array.isArray(current)) return current;
    const has = new Set(current.map((tag) => field(tag, 'name')).filter((name): name is string => typeof name === 'string').map(key));
    const own = new Set(contact.ownLabels.map(key));
    const wanted = new Set(contact.labels.map(key));
    const adding = contact.labels.filter((label) => !has.has(key(label)));
    const removing = current.filter((tag) => {
      const name = field(tag, 'name');
      return typeof name === 'string' && own.has(key(name)) && !wanted.has(key(name));
    });
    const ids = await tagIdsOf(adding);
    if (!(ids instanceof Map)) return ids;
    for (const label of adding) {
      const tagged = await call({ method: 'POST', path: `/v4/tags/${ids.get(key(label)) ?? ''}/subscribers/${id}`, body: {} });
      if ('failed' in tagged) return tagged.failed;
      if (!isOk(tagged)) return failure(tagged);
    }
    for (const tag of removing) {
      const removed = await call({ method: 'DELETE', path: `/v4/tags/${idOf(field(tag, 'id')) ?? ''}/subscribers/${id}` });
      if ('failed' in removed) return removed.failed;
      if (!isOk(removed) && removed.status !== 404) return failure(removed);
    }
    const warnings = field(saved.body, 'warnings');
    const unknownField = Array.isArray(warnings) && warnings.length > 0 ? ' Kit has no custom field of that key: create it in Kit.' : '';
    const verb = saved.status === 201 ? 'created' : 'updated';
    return { kind: 'done', detail: `Subscriber ${verb}: ${adding.length} tags added, ${removing.length} removed.${unknownField}` };
  }

  async function erase(email: string): Promise<EraseOutcome> {
    const id = await findId(email);
    if (id === null) return { kind: 'done', detail: 'Kit has no such subscriber.', how: 'absent' };
    if (typeof id !== 'string') return { ...id, how: 'unsubscribed' };
    const gone = await call({ method: 'POST', path: `/v4/subscribers/${id}/unsubscribe`, body: {} });
    if ('failed' in gone) return { ...gone.failed, how: 'unsubscribed' };
    if (!isOk(gone)) return { ...failure(gone), how: 'unsubscribed' };
    return { kind: 'done', detail: 'Unsubscribed in Kit (its API cannot delete a subscriber).', how: 'unsubscribed' };
  }

  const connector: EmailToolConnector = {
    tool: 'kit',
    limit: { requests: 120, perMs: 60_000, concurrent: 4, scope: 'key' },
    listWord: 'form',
    async account() {
      const answer = await call({ method: 'GET', path: '/v4/account' });
      if ('failed' in answer) return { ok: false, outcome: answer.failed };
      if (!isOk(answer)) return { ok: false, outcome: failure(answer) };
      // `account.name` is "" when the coach set none: the account's address then names it.
      const account = field(answer.body, 'account');
      const name = field(account, 'name');
      const email = field(account, 'primary_email_address');
      const address = typeof email === 'string' && email !== '' ? email : null;
      const who = typeof name === 'string' && name.trim() !== '' ? `${name.trim()}${address ? ` (${address})` : ''}` : (address ?? 'Your Kit account');
      return { ok: true, name: who };
    },
    async lists() {
      const forms = await pages('/v4/forms', 'forms');
      if (!Array.isArray(forms)) return { ok: false, outcome: forms };
      const lists: ToolList[] = forms.flatMap((form) => {
        const id = idOf(field(form, 'id'));
        const name = field(form, 'name');
        return id && typeof name === 'string' ? [{ id, name }] : [];
      });
      return { ok: true, lists };
    },
    upsert,
    erase,
  };
  return connector;
};
