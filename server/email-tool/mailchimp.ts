/**
 * Mailchimp, Marketing API 3.0 (mailchimp.com/developer/marketing): the key as the password of HTTP
 * Basic, the data centre's host as the base address (`https://us21.api.mailchimp.com`: the part of
 * the key after its dash). Its Node SDK is stale: plain requests through ToolHttp.
 *
 * A contact is a member of the coach's audience (`list`, required), addressed by the MD5 of its
 * lower-case address. A push: `PUT /3.0/lists/{list}/members/{hash}` adds or updates it (first name
 * in the merge field `FNAME`, the ratings field by its merge tag; `status_if_new: subscribed`, and
 * `status: subscribed` with the confirmation time `timestamp_opt` when the visitor confirmed the
 * double opt-in, so an unsubscribe made in Mailchimp stands otherwise). Labels are the member's
 * **tags**, which Mailchimp makes on first use: one `POST .../members/{hash}/tags` sets the new ones
 * active and the member's own stale ones (from the PUT's answer) inactive. A tag the coach set by
 * hand is left.
 *
 * An erase deletes the member for good (`POST .../members/{hash}/actions/delete-permanent`). Its
 * limit: 10 connections at once per key (then 429); no rate per minute is documented. Errors are
 * problem documents (`{type, title, status, detail}`): 401 `API Key Invalid`, 400 `Invalid Resource`
 * (an invalid address), 404 `Resource Not Found`.
 */
import { createHash } from 'node:crypto';
import type { ConnectorFactory, EmailToolConnector, EraseOutcome, ToolContact, ToolList, ToolOutcome, ToolRequest, ToolResponse } from './connector';
import { failureOf, field, isOk, send, type NotDone } from './outcome';

/** What Mailchimp said: its `title` and `detail`, and the fields it named. */
function errorText(body: unknown): string {
  const parts = [field(body, 'title'), field(body, 'detail')].filter((part): part is string => typeof part === 'string' && part !== '');
  const errors = field(body, 'errors');
  const named = (Array.isArray(errors) ? errors : []).map((error) => field(error, 'message')).filter((message): message is string => typeof message === 'string');
  return [...parts, ...named].join(': ');
}

const failure = (response: ToolResponse): NotDone => failureOf(response, errorText(response.body));
const key = (name: string) => name.trim().toLowerCase();

/** The member's id in every path: the MD5 of the lower-case address. */
export const subscriberHash = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

const noAudience: NotDone = { kind: 'retry', status: null, detail: 'Pick the Mailchimp audience leads join (Settings → Your e-mail tool).' };

export const mailchimp: ConnectorFactory = (settings, http) => {
  const authorization = `Basic ${Buffer.from(`core-drivers:${settings.apiKey}`).toString('base64')}`;
  const call = (request: ToolRequest) => send(http, { ...request, headers: { Authorization: authorization, ...request.headers } });
  const member = (list: string, email: string) => `/3.0/lists/${encodeURIComponent(list)}/members/${subscriberHash(email)}`;

  async function upsert(contact: ToolContact): Promise<ToolOutcome> {
    if (settings.list === null) return noAudience;
    const body = {
      email_address: contact.email,
      status_if_new: 'subscribed',
      ...(contact.confirmedAt === null ? {} : { status: 'subscribed', timestamp_opt: new Date(contact.confirmedAt).toISOString() }),
      merge_fields: { ...(contact.firstName === null ? {} : { FNAME: contact.firstName }), ...contact.fields },
    };
    const saved = await call({ method: 'PUT', path: member(settings.list, contact.email), body });
    if ('failed' in saved) return saved.failed;
    if (!isOk(saved)) return failure(saved);
    const tags = field(saved.body, 'tags');
    const has = new Set((Array.isArray(tags) ? tags : []).map((tag) => field(tag, 'name')).filter((name): name is string => typeof name === 'string').map(key));
    const own = new Set(contact.ownLabels.map(key));
    const wanted = new Set(contact.labels.map(key));
    const adding = contact.labels.filter((label) => !has.has(key(label)));
    const removing = contact.ownLabels.filter((label) => has.has(key(label)) && own.has(key(label)) && !wanted.has(key(label)));
    if (adding.length + removing.length > 0) {
      const changes = [...adding.map((name) => ({ name, status: 'active' })), ...removing.map((name) => ({ name, status: 'inactive' }))];
      const tagged = await call({ method: 'POST', path: `${member(settings.list, contact.email)}/tags`, body: { tags: changes } });
      if ('failed' in tagged) return tagged.failed;
      if (!isOk(tagged)) return failure(tagged);
    }
    return { kind: 'done', detail: `Member saved: ${adding.length} tags added, ${removing.length} removed.` };
  }

  async function erase(email: string): Promise<EraseOutcome> {
    if (settings.list === null) return { ...noAudience, how: 'deleted' };
    const gone = await call({ method: 'POST', path: `${member(settings.list, email)}/actions/delete-permanent` });
    if ('failed' in gone) return { ...gone.failed, how: 'deleted' };
    if (gone.status === 404) return { kind: 'done', detail: 'The audience has no such member.', how: 'absent' };
    if (!isOk(gone)) return { ...failure(gone), how: 'deleted' };
    return { kind: 'done', detail: 'Deleted from the Mailchimp audience for good.', how: 'deleted' };
  }

  const connector: EmailToolConnector = {
    tool: 'mailchimp',
    // No rate per minute is documented: only 10 connections at once per key, every instance together
    // (held in storage, ./pacer.ts); the window is a loose guard.
    limit: { requests: 600, perMs: 60_000, concurrent: 10, connections: 10, scope: 'key' },
    listWord: 'audience',
    async account() {
      const answer = await call({ method: 'GET', path: '/3.0/?fields=account_name,email' });
      if ('failed' in answer) return { ok: false, outcome: answer.failed };
      if (!isOk(answer)) return { ok: false, outcome: failure(answer) };
      const name = field(answer.body, 'account_name');
      const email = field(answer.body, 'email');
      const who = typeof name === 'string' && name !== '' ? name : 'Your Mailchimp account';
      return { ok: true, name: typeof email === 'string' && email !== '' ? `${who} (${email})` : who };
    },
    async lists() {
      const answer = await call({ method: 'GET', path: '/3.0/lists?count=1000&fields=lists.id,lists.name' });
      if ('failed' in answer) return { ok: false, outcome: answer.failed };
      if (!isOk(answer)) return { ok: false, outcome: failure(answer) };
      const found = field(answer.body, 'lists');
      const lists: ToolList[] = (Array.isArray(found) ? found : []).flatMap((list) => {
        const id = field(list, 'id');
        const name = field(list, 'name');
        return typeof id === 'string' && typeof name === 'string' ? [{ id, name }] : [];
      });
      return { ok: true, lists };
    },
    upsert,
    erase,
  };
  return connector;
};
