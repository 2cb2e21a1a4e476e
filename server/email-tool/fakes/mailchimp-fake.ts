/**
 * A fake Mailchimp account (Marketing API 3.0) on 127.0.0.1, behaving as its reference documents:
 * HTTP Basic with the key as password (401 `API Key Invalid` otherwise), audiences, members
 * addressed by the MD5 of the lower-case address (`PUT` adds or updates: `status_if_new` for a new
 * member, `status` for any; 400 `Invalid Resource` for an invalid address or a hash that is not the
 * address's), tags made on first use and set active or inactive in one call, permanent delete, and
 * problem documents for errors. Its limit: 10 connections at once per key (each request is held a
 * little, as a real one takes time), the 11th answered 429.
 */
import { createHash } from 'node:crypto';
import { plausibleEmail, startFakeServer, type FakeAnswer, type FakeRequest, type FakeRoute, type FakeServer } from './fake-server';

type Member = { email: string; status: string; mergeFields: Map<string, string>; tags: Set<string>; timestampOpt: string | null };

export type MailchimpFake = FakeServer & {
  /** The member of the audience as Mailchimp shows it; null when there is none. */
  member: (list: string, email: string) => { status: string; tags: string[]; mergeFields: Record<string, string>; timestampOpt: string | null } | null;
  tagByHand: (list: string, email: string, tag: string) => void;
  unsubscribeByHand: (list: string, email: string) => void;
  tooMany: () => number;
};

const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});
const problem = (status: number, title: string, detail: string, errors?: { field: string; message: string }[]): FakeAnswer => ({
  status,
  body: { type: 'https://mailchimp.com/developer/marketing/docs/errors/', title, status, detail, instance: 'f1a2b3c4', ...(errors ? { errors } : {}) },
});
const hashOf = (email: string) => createHash('md5').update(email.toLowerCase()).digest('hex');

export async function startMailchimpFake(options: { keys: string[]; holdMs?: number; maxConnections?: number }): Promise<MailchimpFake> {
  const audiences = new Map([
    ['a1b2c3', { name: 'Coaching clients', mergeTags: new Set(['FNAME', 'LNAME', 'DRIVERS']) }],
    ['d4e5f6', { name: 'Podcast listeners', mergeTags: new Set(['FNAME', 'LNAME']) }],
  ]);
  const members = new Map<string, Member>();
  const memberKey = (list: string, hash: string) => `${list}/${hash}`;
  const memberJson = (list: string, member: Member) => ({
    id: hashOf(member.email),
    email_address: member.email,
    status: member.status,
    list_id: list,
    merge_fields: Object.fromEntries(member.mergeFields),
    timestamp_opt: member.timestampOpt ?? '',
    tags_count: member.tags.size,
    tags: [...member.tags].map((name, index) => ({ id: index + 1, name })),
  });
  const notFound = problem(404, 'Resource Not Found', 'The requested resource could not be found.');

  function put(request: FakeRequest, match: RegExpExecArray): FakeAnswer {
    const list = match[1] ?? '';
    const audience = audiences.get(list);
    if (!audience) return notFound;
    const body = object(request.body);
    if (!plausibleEmail(body.email_address)) {
      return problem(400, 'Invalid Resource', 'The resource submitted could not be validated. For field-specific details, see the \'errors\' array.', [
        { field: 'email_address', message: 'This value should be a valid email.' },
      ]);
    }
    if (hashOf(body.email_address) !== match[2]) return problem(400, 'Invalid Resource', 'The email address does not match the subscriber hash.');
    const at = memberKey(list, match[2] ?? '');
    let member = members.get(at);
    if (!member) {
      const status = body.status ?? body.status_if_new;
      if (typeof status !== 'string') return problem(400, 'Invalid Resource', 'The resource submitted could not be validated.', [{ field: 'status', message: 'Status is required.' }]);
      member = { email: body.email_address, status, mergeFields: new Map(), tags: new Set(), timestampOpt: null };
      members.set(at, member);
    } else if (typeof body.status === 'string') member.status = body.status;
    for (const [tag, value] of Object.entries(object(body.merge_fields))) if (audience.mergeTags.has(tag)) member.mergeFields.set(tag, String(value));
    if (typeof body.timestamp_opt === 'string') member.timestampOpt = body.timestamp_opt;
    return { status: 200, body: memberJson(list, member) };
  }

  const routes: FakeRoute[] = [
    { method: 'GET', path: /^\/3\.0\/?$/, answer: () => ({ status: 200, body: { account_name: 'Sam Rivera Coaching', email: 'sam@coach.example' } }) },
    { method: 'GET', path: /^\/3\.0\/lists$/, answer: () => ({ status: 200, body: { lists: [...audiences].map(([id, { name }]) => ({ id, name })), total_items: audiences.size } }) },
    { method: 'PUT', path: /^\/3\.0\/lists\/(\w+)\/members\/([0-9a-f]{32})$/, answer: put },
    {
      method: 'POST',
      path: /^\/3\.0\/lists\/(\w+)\/members\/([0-9a-f]{32})\/tags$/,
      answer: (request, match) => {
        const member = members.get(memberKey(match[1] ?? '', match[2] ?? ''));
        if (!member) return notFound;
        const tags = object(request.body).tags;
        for (const tag of Array.isArray(tags) ? tags : []) {
          const { name, status } = object(tag);
          if (typeof name !== 'string' || (status !== 'active' && status !== 'inactive')) return problem(400, 'Invalid Resource', 'Each tag needs a name and a status.');
          if (status === 'active') member.tags.add(name);
          else member.tags.delete(name);
        }
        return { status: 204 };
      },
    },
    {
      method: 'POST',
      path: /^\/3\.0\/lists\/(\w+)\/members\/([0-9a-f]{32})\/actions\/delete-permanent$/,
      answer: (_request, match) => (members.delete(memberKey(match[1] ?? '', match[2] ?? '')) ? { status: 204 } : notFound),
    },
  ];

  const keyOf = (request: FakeRequest) => {
    const [scheme, encoded] = String(request.headers.authorization ?? '').split(' ');
    return scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString().split(':').slice(1).join(':') : '';
  };
  const server = await startFakeServer({
    routes,
    authorize: (request) => (options.keys.includes(keyOf(request)) ? null : problem(401, 'API Key Invalid', "Your API key may be invalid, or you've attempted to access the wrong datacenter.")),
    // No documented rate per minute: the window is never the limit here.
    limit: { requests: 1_000_000, perMs: 60_000, bucket: keyOf, tooMany: () => problem(429, 'Too Many Requests', 'Too many requests.') },
    concurrent: {
      max: options.maxConnections ?? 10,
      holdMs: options.holdMs ?? 0,
      tooMany: () => problem(429, 'Too Many Requests', 'You have exceeded the limit of 10 simultaneous connections.'),
    },
  });

  const find = (list: string, email: string) => members.get(memberKey(list, hashOf(email)));
  return Object.assign(server, {
    member(list: string, email: string) {
      const found = find(list, email);
      return found ? { status: found.status, tags: [...found.tags].sort(), mergeFields: Object.fromEntries(found.mergeFields), timestampOpt: found.timestampOpt } : null;
    },
    tagByHand(list: string, email: string, tag: string) {
      find(list, email)?.tags.add(tag);
    },
    unsubscribeByHand(list: string, email: string) {
      const found = find(list, email);
      if (found) found.status = 'unsubscribed';
    },
    tooMany: () => server.log.filter((entry) => entry.status === 429).length,
  });
}
