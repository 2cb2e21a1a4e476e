import { afterEach, expect, test } from 'vitest';
import { systemClock } from '../outbox/delivery-loop';
import { startMailchimpFake, type MailchimpFake } from './fakes/mailchimp-fake';
import { plainHttp } from './fakes/plain-http';
import { sampleContact as lead } from './fakes/sample-contact';
import { ToolClient } from './http';
import { mailchimp } from './mailchimp';
import { memoryPaceWindow } from '../storage/pace';
import { Pacer } from './pacer';

let fake: MailchimpFake | null = null;
const clients: ToolClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await fake?.close();
  fake = null;
});

const AUDIENCE = 'a1b2c3';
const withDrivers = (contact: ReturnType<typeof lead>) => ({ ...contact, fields: { DRIVERS: Object.values(contact.fields)[0] ?? '' } });

async function connect(options: { key?: string; list?: string | null; holdMs?: number } = {}) {
  fake = await startMailchimpFake({ keys: ['mc-key-us21'], holdMs: options.holdMs ?? 0 });
  const settings = { tool: 'mailchimp' as const, apiKey: options.key ?? 'mc-key-us21', apiUrl: fake.url, list: options.list === undefined ? AUDIENCE : options.list };
  return { fake, settings, connector: mailchimp(settings, plainHttp(fake.url)) };
}

test('a confirmed lead lands as a subscribed member of the audience with its tags, first name, ratings and confirmation time', async () => {
  const { fake, connector } = await connect();
  const outcome = await connector.upsert(withDrivers(lead('122222232', 'Ada@Example.com', Date.UTC(2026, 10, 26, 9, 30))));
  expect(outcome).toEqual({ kind: 'done', detail: 'Member saved: 4 tags added, 0 removed.' });
  expect(fake.member(AUDIENCE, 'ada@example.com')).toEqual({
    status: 'subscribed',
    tags: ['Core Drivers quiz', 'Needs support: Impulse Control', 'Pattern: Strong and needs support', 'Strength: Cognitive Flexibility'],
    mergeFields: { FNAME: 'Ada', DRIVERS: expect.stringMatching(/^Needs Support: Impulse Control\. Neutral: /) as unknown },
    timestampOpt: '2026-11-26T09:30:00.000Z',
  });
});

test('a retake sets the stale own tags inactive and the new ones active in one call, keeping a hand-set tag', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead('122222232'));
  fake.tagByHand(AUDIENCE, 'ada@example.com', 'VIP client');
  const before = fake.log.length;
  expect(await connector.upsert(lead('222222223'))).toEqual({ kind: 'done', detail: 'Member saved: 2 tags added, 3 removed.' });
  expect(fake.log.length - before).toBe(2);
  expect(fake.member(AUDIENCE, 'ada@example.com')?.tags).toEqual(['Core Drivers quiz', 'Pattern: Mixed', 'Strength: Self-Monitoring', 'VIP client']);
});

test('someone who unsubscribed in Mailchimp stays unsubscribed, unless they confirm the double opt-in again', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead('222222222'));
  fake.unsubscribeByHand(AUDIENCE, 'ada@example.com');
  await connector.upsert(lead('222222223'));
  expect(fake.member(AUDIENCE, 'ada@example.com')?.status).toBe('unsubscribed');
  await connector.upsert(lead('222222223', 'ada@example.com', Date.UTC(2026, 10, 27)));
  expect(fake.member(AUDIENCE, 'ada@example.com')?.status).toBe('subscribed');
});

test('an erase deletes the member for good; one the audience lacks is absent', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead('222222222'));
  expect(await connector.erase('ada@example.com')).toEqual({ kind: 'done', detail: 'Deleted from the Mailchimp audience for good.', how: 'deleted' });
  expect(fake.member(AUDIENCE, 'ada@example.com')).toBeNull();
  expect(await connector.erase('ada@example.com')).toMatchObject({ kind: 'done', how: 'absent' });
});

test('a bad key is bad-key; an invalid address is refused; no audience picked says so', async () => {
  const bad = await connect({ key: 'wrong-us21' });
  expect(await bad.connector.upsert(lead('222222222'))).toEqual({
    kind: 'bad-key',
    status: 401,
    detail: "API Key Invalid: Your API key may be invalid, or you've attempted to access the wrong datacenter.",
  });
  await fake?.close();
  const good = await connect();
  expect(await good.connector.upsert(lead('222222222', 'ada@example'))).toMatchObject({ kind: 'refused', status: 400, detail: expect.stringMatching(/^Invalid Resource: .*This value should be a valid email\.$/) as unknown });
  await fake?.close();
  const none = await connect({ list: null });
  expect(await none.connector.upsert(lead('222222222'))).toMatchObject({ kind: 'retry', detail: expect.stringMatching(/Pick the Mailchimp audience/) as unknown });
});

test('more than 10 connections at once earn a 429; paced to its limit, a burst of 30 never does', async () => {
  const { fake, settings, connector } = await connect({ holdMs: 40 });
  const contacts = Array.from({ length: 30 }, (_, index) => lead('222222222', `lead${index}@example.com`));
  // Answers held until the fake has refused one: a busy machine may send 30 requests slower than 40 ms apiece.
  const release = fake.holdAnswers();
  const unpacedRun = Promise.all(contacts.map((contact) => connector.upsert(contact)));
  await expect.poll(() => fake.tooMany()).toBeGreaterThan(0);
  release();
  const unpaced = await unpacedRun;
  expect(unpaced.some((outcome) => outcome.kind === 'slow-down')).toBe(true);
  expect(fake.mostAtOnce()).toBe(11);
  const crowded = fake.tooMany();

  const client = new ToolClient({ settings, limit: connector.limit, guard: null, pacer: new Pacer(memoryPaceWindow(), systemClock), requestLimitMs: 5_000, now: Date.now });
  clients.push(client);
  const paced = mailchimp(settings, client.http(Infinity));
  const outcomes = await Promise.all(contacts.map((contact) => paced.upsert(contact)));
  expect(outcomes.every((outcome) => outcome.kind === 'done')).toBe(true);
  expect(fake.tooMany()).toBe(crowded);
});

test('the account and the audiences, read live', async () => {
  const { connector } = await connect();
  expect(await connector.account()).toEqual({ ok: true, name: 'Sam Rivera Coaching (sam@coach.example)' });
  expect(await connector.lists()).toEqual({
    ok: true,
    lists: [
      { id: 'a1b2c3', name: 'Coaching clients' },
      { id: 'd4e5f6', name: 'Podcast listeners' },
    ],
  });
});
