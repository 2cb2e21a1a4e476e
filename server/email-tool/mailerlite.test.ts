import { afterEach, expect, test } from 'vitest';
import { startMailerLiteFake, type MailerLiteFake } from './fakes/mailerlite-fake';
import { plainHttp } from './fakes/plain-http';
import { sampleContact as lead } from './fakes/sample-contact';
import { mailerLite } from './mailerlite';

let fake: MailerLiteFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function connect(options: { key?: string; perMinute?: number; list?: string | null } = {}) {
  fake = await startMailerLiteFake({ keys: ['ml-key'], perMinute: options.perMinute ?? 1000, pageSize: 2 });
  const connector = mailerLite({ tool: 'mailerlite', apiKey: options.key ?? 'ml-key', apiUrl: fake.url, list: options.list ?? null }, plainHttp(fake.url));
  return { fake, connector };
}

test('a confirmed lead lands as an active subscriber in a group per label (made first) and the coach group, opted in at its confirmation', async () => {
  const { fake, connector } = await connect({ list: '900' });
  const outcome = await connector.upsert(lead('122222232', 'ada@example.com', Date.UTC(2026, 10, 26, 9, 30, 5)));
  expect(outcome).toEqual({ kind: 'done', detail: 'Subscriber created: in 4 groups, left 0.' });
  expect(fake.subscriber('ada@example.com')).toEqual({
    status: 'active',
    groups: ['Core Drivers quiz', 'Needs support: Impulse Control', 'Newsletter', 'Pattern: Strong and needs support', 'Strength: Cognitive Flexibility'],
    fields: {
      name: 'Ada',
      core_drivers: 'Needs Support: Impulse Control. Neutral: Working Memory, Emotional Regulation, Task Initiation, Planning & Prioritization, Organization, Time Management, Self-Monitoring. Strong: Cognitive Flexibility.',
    },
    optedInAt: '2026-11-26 09:30:05',
  });
});

test('a retake leaves the own groups that no longer apply, joins the new ones, and keeps a group the coach set by hand', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead('122222232'));
  fake.groupByHand('ada@example.com', 'VIP client');
  expect(await connector.upsert(lead('222222223'))).toEqual({ kind: 'done', detail: 'Subscriber updated: in 3 groups, left 3.' });
  expect(fake.subscriber('ada@example.com')?.groups).toEqual(['Core Drivers quiz', 'Pattern: Mixed', 'Strength: Self-Monitoring', 'VIP client']);
});

test('an erase is a GDPR forget: deleted; an unknown address is absent', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead('222222222'));
  expect(await connector.erase('ada@example.com')).toEqual({ kind: 'done', detail: 'Deleted in MailerLite ("forget": its data goes within 30 days).', how: 'deleted' });
  expect(fake.subscriber('ada@example.com')).toBeNull();
  expect(await connector.erase('ada@example.com')).toMatchObject({ kind: 'done', how: 'absent' });
});

test('a bad key is bad-key', async () => {
  const { connector } = await connect({ key: 'wrong' });
  expect(await connector.upsert(lead('222222222'))).toEqual({ kind: 'bad-key', status: 401, detail: 'Unauthenticated.' });
  expect(await connector.account()).toEqual({ ok: false, outcome: { kind: 'bad-key', status: 401, detail: 'Unauthenticated.' } });
});

test('an invalid address is refused for good', async () => {
  const { connector } = await connect();
  expect(await connector.upsert(lead('222222222', 'ada@'))).toEqual({ kind: 'refused', status: 422, detail: 'The email must be a valid email address.' });
});

test('a 429 is slow-down after its Retry-After', async () => {
  const { fake, connector } = await connect({ perMinute: 1 });
  const outcome = await connector.upsert(lead('222222222'));
  expect(outcome).toMatchObject({ kind: 'slow-down', status: 429, detail: 'Too Many Attempts.' });
  expect(outcome.kind === 'slow-down' ? outcome.retryAfterMs : null).toBeGreaterThan(50_000);
  expect(fake.tooMany()).toBe(1);
});

test('the key is checked, and the groups read live, every page', async () => {
  const { connector } = await connect();
  await connector.upsert(lead('122222232'));
  expect(await connector.account()).toEqual({ ok: true, name: 'Your MailerLite account (the key works)' });
  const lists = await connector.lists();
  expect(lists.ok && lists.lists.map((list) => list.name)).toEqual(['Newsletter', 'Core Drivers quiz', 'Needs support: Impulse Control', 'Strength: Cognitive Flexibility', 'Pattern: Strong and needs support']);
});
