import { afterEach, expect, test } from 'vitest';
import { startKitFake, type KitFake } from './fakes/kit-fake';
import { plainHttp } from './fakes/plain-http';
import { sampleContact } from './fakes/sample-contact';
import { kit } from './kit';

let fake: KitFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function connect(options: { key?: string; perMinute?: number; list?: string | null } = {}) {
  fake = await startKitFake({ keys: ['kit-key'], perMinute: options.perMinute ?? 1000, pageSize: 3 });
  const http = plainHttp(fake.url);
  const connector = kit({ tool: 'kit', apiKey: options.key ?? 'kit-key', apiUrl: fake.url, list: options.list ?? null }, http);
  return { fake, http, connector };
}

const lead = sampleContact;

test('a lead lands as an active subscriber on the coach form, with its tags (made first) and its ratings field', async () => {
  const { fake, connector } = await connect({ list: '501' });
  const outcome = await connector.upsert(lead('122222232'));
  expect(outcome).toEqual({ kind: 'done', detail: 'Subscriber created: 4 tags added, 0 removed.' });
  expect(fake.subscriber('ada@example.com')).toEqual({
    firstName: 'Ada',
    state: 'active',
    forms: ['501'],
    tags: ['Core Drivers quiz', 'Needs support: Impulse Control', 'Pattern: Strong and needs support', 'Strength: Cognitive Flexibility'],
    fields: { core_drivers: 'Needs Support: Impulse Control. Neutral: Working Memory, Emotional Regulation, Task Initiation, Planning & Prioritization, Organization, Time Management, Self-Monitoring. Strong: Cognitive Flexibility.' },
  });
});

test('a retake removes the own tags that no longer apply, adds the new ones, and keeps a tag the coach set by hand', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead('122222232'));
  fake.tagByHand('ada@example.com', 'VIP client');
  // Many tags: the subscriber's tags and the account's come in several pages.
  const outcome = await connector.upsert(lead('133332333'));
  expect(outcome).toEqual({ kind: 'done', detail: 'Subscriber updated: 7 tags added, 1 removed.' });
  expect(fake.subscriber('ada@example.com')?.tags).toEqual([
    'Core Drivers quiz',
    'Needs support: Impulse Control',
    'Pattern: Mostly strong',
    'Strength: Cognitive Flexibility',
    'Strength: Emotional Regulation',
    'Strength: Planning & Prioritization',
    'Strength: Self-Monitoring',
    'Strength: Task Initiation',
    'Strength: Time Management',
    'Strength: Working Memory',
    'VIP client',
  ]);
});

test('a field the account lacks is ignored by Kit, and the outcome says so', async () => {
  const { connector } = await connect();
  const outcome = await connector.upsert({ ...lead('222222222'), fields: { drivers_in_words: 'Neutral: …' } });
  expect(outcome).toMatchObject({ kind: 'done', detail: expect.stringMatching(/no custom field of that key/) as unknown });
});

test('an erase unsubscribes (Kit cannot delete); an unknown address is absent', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead('222222222'));
  expect(await connector.erase('ADA@example.com')).toEqual({ kind: 'done', detail: 'Unsubscribed in Kit (its API cannot delete a subscriber).', how: 'unsubscribed' });
  expect(fake.subscriber('ada@example.com')?.state).toBe('cancelled');
  expect(await connector.erase('nobody@example.com')).toMatchObject({ kind: 'done', how: 'absent' });
});

test('a bad key is bad-key, with what Kit said', async () => {
  const { connector } = await connect({ key: 'wrong' });
  expect(await connector.upsert(lead('222222222'))).toEqual({ kind: 'bad-key', status: 401, detail: 'The access token is invalid' });
  expect(await connector.account()).toEqual({ ok: false, outcome: { kind: 'bad-key', status: 401, detail: 'The access token is invalid' } });
});

test('an invalid address is refused for good, and its answer never repeats the address', async () => {
  const { connector } = await connect();
  expect(await connector.upsert(lead('222222222', 'not-an-address'))).toEqual({ kind: 'refused', status: 422, detail: 'Email address is invalid' });
});

test("Kit's bare 429 (no Retry-After) is slow-down without a wait: the pacer backs off", async () => {
  const { fake, connector } = await connect({ perMinute: 2 });
  const outcome = await connector.upsert(lead('222222222'));
  expect(outcome).toEqual({ kind: 'slow-down', status: 429, retryAfterMs: null, detail: 'Retry later' });
  expect(fake.tooMany()).toBe(1);
});

test('the account and the forms, read live', async () => {
  const { connector } = await connect();
  expect(await connector.account()).toEqual({ ok: true, name: 'Sam Rivera Coaching (sam@coach.example)' });
  expect(await connector.lists()).toEqual({
    ok: true,
    lists: [
      { id: '501', name: 'Quiz sign-up' },
      { id: '502', name: 'Course waitlist' },
    ],
  });
});
