/**
 * MailerLite, the current API (developers.mailerlite.com, `https://connect.mailerlite.com`): the key
 * as `Authorization: Bearer`. (Its official Node SDK sends through its own axios client, which
 * neither the pacer nor the outbound rule could see: the few calls are made here, through ToolHttp.)
 *
 * MailerLite has groups, not tags: each label is a group of that name, and the group the coach picks
 * (`list`) one more. A group must exist before a subscriber joins it: the account's groups are read
 * once (`GET /api/groups`, by page) and a missing one created (`POST /api/groups`). A push is
 * `POST /api/subscribers`, an upsert by address that only ADDS the groups it names (first name in
 * `fields.name`, the custom fields by key, `status: active`, and `opted_in_at` when the visitor
 * confirmed); the subscriber's own groups that no longer apply, from its answer, are left
 * (`DELETE /api/subscribers/{id}/groups/{group_id}`). A group the coach set by hand is kept.
 *
 * An erase is MailerLite's GDPR "forget" (`POST /api/subscribers/{id}/forget`): deleted, its data
 * removed within 30 days. Its limit: 120 requests a minute, a 429 with `Retry-After`, and
 * `X-RateLimit-Remaining` on every answer. Errors: 401 `{"message": "Unauthenticated."}`, 422
 * `{"message": ..., "errors": {"email": [...]}}`.
 */
import type { ConnectorFactory, EmailToolConnector, EraseOutcome, ToolContact, ToolList, ToolOutcome, ToolRequest, ToolResponse } from './connector';
import { failureOf, field, idOf, isOk, send, type NotDone } from './outcome';

/** What MailerLite said: its `message`, or the first message of each field in `errors`. */
function errorText(body: unknown): string {
  const errors = field(body, 'errors');
  const byField = typeof errors === 'object' && errors !== null ? Object.values(errors).map((messages: unknown) => (Array.isArray(messages) ? messages[0] : messages)) : [];
  const texts = byField.filter((text): text is string => typeof text === 'string');
  if (texts.length > 0) return texts.join('; ');
  const message = field(body, 'message');
  return typeof message === 'string' ? message : '';
}

const failure = (response: ToolResponse): NotDone => failureOf(response, errorText(response.body));

const key = (name: string) => name.trim().toLowerCase();
/** `yyyy-MM-dd HH:mm:ss` in UTC, as MailerLite takes its times. */
const mailerLiteTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' ');

export const mailerLite: ConnectorFactory = (settings, http) => {
  const call = (request: ToolRequest) => send(http, { ...request, headers: { Authorization: `Bearer ${settings.apiKey}`, ...request.headers } });
  /** Group name (lower case) → id, as learnt from the account. */
  const groupIds = new Map<string, string>();
  let groupsRead = false;

  /** Every group of the account, page by page. */
  async function allGroups(): Promise<ToolList[] | NotDone> {
    const groups: ToolList[] = [];
    for (let page = 1; page <= 50; page += 1) {
      const answer = await call({ method: 'GET', path: `/api/groups?limit=100&page=${page}` });
      if ('failed' in answer) return answer.failed;
      if (!isOk(answer)) return failure(answer);
      const data = field(answer.body, 'data');
      for (const group of Array.isArray(data) ? data : []) {
        const id = idOf(field(group, 'id'));
        const name = field(group, 'name');
        if (id && typeof name === 'string') groups.push({ id, name });
      }
      const last = field(field(answer.body, 'meta'), 'last_page');
      if (typeof last !== 'number' || page >= last) break;
    }
    return groups;
  }

  /** The ids of the groups named `names`: read once, the missing ones created. */
  async function groupIdsOf(names: readonly string[]): Promise<string[] | NotDone> {
    if (!groupsRead && names.some((name) => !groupIds.has(key(name)))) {
      const groups = await allGroups();
      if (!Array.isArray(groups)) return groups;
      for (const group of groups) groupIds.set(key(group.name), group.id);
      groupsRead = true;
    }
    for (const name of names) {
      if (groupIds.has(key(name))) continue;
      const made = await call({ method: 'POST', path: '/api/groups', body: { name } });
      if ('failed' in made) return made.failed;
      const id = isOk(made) ? idOf(field(field(made.body, 'data'), 'id')) : null;
      if (id === null) return failure(made);
      groupIds.set(key(name), id);
    }
    return names.map((name) => groupIds.get(key(name)) ?? '');
  }

  async function upsert(contact: ToolContact): Promise<ToolOutcome> {
    const ids = await groupIdsOf(contact.labels);
    if (!Array.isArray(ids)) return ids;
    const body = {
      email: contact.email,
      fields: { ...(contact.firstName === null ? {} : { name: contact.firstName }), ...contact.fields },
      groups: settings.list === null ? ids : [...ids, settings.list],
      status: 'active',
      ...(contact.confirmedAt === null ? {} : { opted_in_at: mailerLiteTime(contact.confirmedAt) }),
    };
    const saved = await call({ method: 'POST', path: '/api/subscribers', body });
    if ('failed' in saved) return saved.failed;
    if (!isOk(saved)) return failure(saved);
    const data = field(saved.body, 'data');
    const id = idOf(field(data, 'id'));
    if (id === null) return { kind: 'retry', status: saved.status, detail: 'MailerLite did not say which subscriber it saved.' };
    const own = new Set(contact.ownLabels.map(key));
    const wanted = new Set(contact.labels.map(key));
    const groups = field(data, 'groups');
    const stale = (Array.isArray(groups) ? groups : []).filter((group) => {
      const name = field(group, 'name');
      return typeof name === 'string' && own.has(key(name)) && !wanted.has(key(name));
    });
    for (const group of stale) {
      const left = await call({ method: 'DELETE', path: `/api/subscribers/${id}/groups/${idOf(field(group, 'id')) ?? ''}` });
      if ('failed' in left) return left.failed;
      if (!isOk(left) && left.status !== 404) return failure(left);
    }
    const verb = saved.status === 201 ? 'created' : 'updated';
    return { kind: 'done', detail: `Subscriber ${verb}: in ${ids.length} groups, left ${stale.length}.` };
  }

  async function erase(email: string): Promise<EraseOutcome> {
    const found = await call({ method: 'GET', path: `/api/subscribers/${encodeURIComponent(email)}` });
    if ('failed' in found) return { ...found.failed, how: 'deleted' };
    if (found.status === 404) return { kind: 'done', detail: 'MailerLite has no such subscriber.', how: 'absent' };
    if (!isOk(found)) return { ...failure(found), how: 'deleted' };
    const id = idOf(field(field(found.body, 'data'), 'id'));
    if (id === null) return { kind: 'retry', status: found.status, detail: 'MailerLite did not say which subscriber it found.', how: 'deleted' };
    const forgotten = await call({ method: 'POST', path: `/api/subscribers/${id}/forget` });
    if ('failed' in forgotten) return { ...forgotten.failed, how: 'deleted' };
    if (!isOk(forgotten) && forgotten.status !== 404) return { ...failure(forgotten), how: 'deleted' };
    return { kind: 'done', detail: 'Deleted in MailerLite ("forget": its data goes within 30 days).', how: 'deleted' };
  }

  const connector: EmailToolConnector = {
    tool: 'mailerlite',
    limit: { requests: 120, perMs: 60_000, concurrent: 4, scope: 'key' },
    listWord: 'group',
    async account() {
      // The API has no call that names the account: a key that can read the groups is the coach's.
      const answer = await call({ method: 'GET', path: '/api/groups?limit=1' });
      if ('failed' in answer) return { ok: false, outcome: answer.failed };
      if (!isOk(answer)) return { ok: false, outcome: failure(answer) };
      return { ok: true, name: 'Your MailerLite account (the key works)' };
    },
    async lists() {
      const groups = await allGroups();
      return Array.isArray(groups) ? { ok: true, lists: groups } : { ok: false, outcome: groups };
    },
    upsert,
    erase,
  };
  return connector;
};
