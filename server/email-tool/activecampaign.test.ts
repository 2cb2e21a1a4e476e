import { afterEach, expect, test } from 'vitest';
import { activeCampaign } from './activecampaign';
import type { ToolContact } from './connector';
import { startActiveCampaignFake, type ActiveCampaignFake } from './fakes/activecampaign-fake';
import { plainHttp } from './fakes/plain-http';

let fake: ActiveCampaignFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function connect(options: { keys?: string[]; key?: string; perSecond?: number } = {}) {
  fake = await startActiveCampaignFake({ keys: options.keys ?? ['ac-key'], perSecond: options.perSecond ?? 1000 });
  const http = plainHttp(fake.url);
  const connector = activeCampaign({ tool: 'activecampaign', apiKey: options.key ?? 'ac-key', apiUrl: fake.url, list: '2' }, http);
  return { fake, http, connector };
}

const own = ['Core Drivers quiz', 'Needs support: Task Initiation', 'Strength: Focus', 'Pattern: Steady'];
const lead = (labels: string[], fields: Record<string, string> = {}): ToolContact => ({
  email: 'ada@example.com',
  firstName: 'Ada',
  labels,
  ownLabels: own,
  fields,
  confirmedAt: Date.UTC(2026, 10, 26, 9),
});

test('a lead lands as a contact on the coach list, subscribed, with its tags (made first) and its field', async () => {
  const { fake, connector } = await connect();
  const outcome = await connector.upsert(lead(['Core Drivers quiz', 'Needs support: Task Initiation'], { '1': 'Task Initiation: needs support' }));
  expect(outcome).toEqual({ kind: 'done', detail: 'Contact created: 2 tags, 0 removed.' });
  expect(fake.contact('ada@example.com')).toEqual({
    firstName: 'Ada',
    tags: ['Core Drivers quiz', 'Needs support: Task Initiation'],
    lists: { '2': 1 },
    fields: { '1': 'Task Initiation: needs support' },
  });
  expect(fake.tagNames()).toEqual(['Core Drivers quiz', 'Needs support: Task Initiation']);
});

test('a retake removes the own tags that no longer apply, adds the new ones and keeps the coach hand-set one', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead(['Core Drivers quiz', 'Needs support: Task Initiation', 'Pattern: Steady']));
  fake.tagByHand('ada@example.com', 'VIP');
  const outcome = await connector.upsert(lead(['Core Drivers quiz', 'Strength: Focus']));
  expect(outcome).toMatchObject({ kind: 'done', detail: 'Contact updated: 2 tags, 2 removed.' });
  expect(fake.contact('ada@example.com')?.tags).toEqual(['Core Drivers quiz', 'Strength: Focus', 'VIP']);
});

test('a second connector (another instance) finds the tags the first made instead of making them twice', async () => {
  const { fake, connector, http } = await connect();
  await connector.upsert(lead(['Core Drivers quiz']));
  const other = activeCampaign({ tool: 'activecampaign', apiKey: 'ac-key', apiUrl: fake.url, list: null }, http);
  await other.upsert({ ...lead(['Core Drivers quiz']), email: 'bo@example.com' });
  expect(fake.tagNames()).toEqual(['Core Drivers quiz']);
  expect(fake.contact('bo@example.com')).toMatchObject({ tags: ['Core Drivers quiz'], lists: {} });
});

test('an erase deletes the contact; erasing it again finds none', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead(['Core Drivers quiz']));
  expect(await connector.erase('ada@example.com')).toEqual({ kind: 'done', detail: 'Contact deleted.', how: 'deleted' });
  expect(fake.contact('ada@example.com')).toBeNull();
  expect(await connector.erase('ada@example.com')).toMatchObject({ kind: 'done', how: 'absent' });
});

test('a bad key is bad-key (403) for every call, and nothing lands', async () => {
  const { fake, connector } = await connect({ key: 'wrong' });
  expect(await connector.upsert(lead(['Core Drivers quiz']))).toEqual({ kind: 'bad-key', status: 403, detail: 'No Result found for Subscriber with id 0' });
  expect(await connector.account()).toMatchObject({ ok: false, outcome: { kind: 'bad-key' } });
  expect(await connector.lists()).toMatchObject({ ok: false, outcome: { kind: 'bad-key' } });
  expect(fake.contact('ada@example.com')).toBeNull();
});

test('an invalid address is refused for that contact, with the tool answer and without the address', async () => {
  const { connector } = await connect();
  const outcome = await connector.upsert({ ...lead(['Core Drivers quiz']), email: 'ada@@example' });
  expect(outcome).toEqual({ kind: 'refused', status: 422, detail: 'Email address is not valid.' });
});

test('over the limit a 429 asks to slow down; the limit is the account one, shared by its keys', async () => {
  const { fake } = await connect({ keys: ['first-key', 'second-key'], perSecond: 2 });
  const first = activeCampaign({ tool: 'activecampaign', apiKey: 'first-key', apiUrl: fake.url, list: null }, plainHttp(fake.url));
  const second = activeCampaign({ tool: 'activecampaign', apiKey: 'second-key', apiUrl: fake.url, list: null }, plainHttp(fake.url));
  expect(await first.account()).toMatchObject({ ok: true });
  expect(await first.account()).toMatchObject({ ok: true });
  const outcome = await second.upsert(lead(['Core Drivers quiz']));
  expect(outcome).toEqual({ kind: 'slow-down', status: 429, retryAfterMs: null, detail: 'Too Many Requests' });
  expect(fake.contact('ada@example.com')).toBeNull();
});

test('a server error is retried; an unreachable tool too', async () => {
  const { fake, connector } = await connect();
  fake.upcoming.push({ status: 503, body: { message: 'Service Unavailable' } });
  expect(await connector.upsert(lead(['Core Drivers quiz']))).toEqual({ kind: 'retry', status: 503, detail: 'Service Unavailable' });
  await fake.close();
  expect(await connector.upsert(lead(['Core Drivers quiz']))).toMatchObject({ kind: 'retry', status: null });
});

test('the account the key belongs to, and the lists to pick from, come from the tool', async () => {
  const { connector } = await connect();
  expect(await connector.account()).toEqual({ ok: true, name: 'Sam Rivera (sam@coach.example)' });
  expect(await connector.lists()).toEqual({
    ok: true,
    lists: [
      { id: '1', name: 'Newsletter' },
      { id: '2', name: 'ADHD course waitlist' },
    ],
  });
  expect(connector.limit).toEqual({ requests: 5, perMs: 1000, concurrent: 5, scope: 'account' });
});
