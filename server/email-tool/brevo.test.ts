import { afterEach, expect, test } from 'vitest';
import { brevo } from './brevo';
import type { ToolContact } from './connector';
import { startBrevoFake, type BrevoFake } from './fakes/brevo-fake';
import { plainHttp } from './fakes/plain-http';

let fake: BrevoFake | null = null;
afterEach(async () => {
  await fake?.close();
  fake = null;
});

async function connect(options: { key?: string; perSecond?: number } = {}) {
  fake = await startBrevoFake({ keys: ['xkeysib-good'], perSecond: options.perSecond ?? 1000 });
  const http = plainHttp(fake.url);
  const connector = brevo({ tool: 'brevo', apiKey: options.key ?? 'xkeysib-good', apiUrl: fake.url, list: '2' }, http);
  return { fake, http, connector };
}

const own = ['Core Drivers quiz', 'Needs support: Task Initiation', 'Strength: Focus', 'Pattern: Steady'];
const lead = (labels: string[], fields: Record<string, string> = {}, confirmedAt: number | null = null): ToolContact => ({
  email: 'ada@example.com',
  firstName: 'Ada',
  labels,
  ownLabels: own,
  fields,
  confirmedAt,
});

test('a lead lands on the coach list and one list per label (in their folder, made first), its first name and rating attribute set', async () => {
  const { fake, connector } = await connect();
  const outcome = await connector.upsert(lead(['Core Drivers quiz', 'Needs support: Task Initiation'], { core_drivers_focus: 'Focus: a strength' }));
  expect(outcome).toEqual({ kind: 'done', detail: 'Contact created: 2 label lists, 0 left.' });
  expect(fake.contact('ada@example.com')).toEqual({
    lists: ['Core Drivers quiz', 'Needs support: Task Initiation', 'Newsletter'],
    attributes: { FIRSTNAME: 'Ada', CORE_DRIVERS_FOCUS: 'Focus: a strength' },
    emailBlacklisted: false,
  });
  expect(fake.folderNames()).toEqual(['Core Drivers quiz', 'Your first folder']);
});

test('a retake leaves the label lists that no longer apply, joins the new ones, and keeps a list the coach added by hand', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead(['Core Drivers quiz', 'Needs support: Task Initiation', 'Pattern: Steady']));
  fake.addToListByHand('ada@example.com', 'Course waitlist');
  const outcome = await connector.upsert(lead(['Core Drivers quiz', 'Strength: Focus']));
  expect(outcome).toEqual({ kind: 'done', detail: 'Contact updated: 2 label lists, 2 left.' });
  expect(fake.contact('ada@example.com')?.lists).toEqual(['Core Drivers quiz', 'Course waitlist', 'Newsletter', 'Strength: Focus']);
});

test('who confirms the double opt-in is subscribed again; without a confirmation an unsubscribe in Brevo stands', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead(['Core Drivers quiz']));
  fake.unsubscribeByHand('ada@example.com');
  await connector.upsert(lead(['Core Drivers quiz']));
  expect(fake.contact('ada@example.com')?.emailBlacklisted).toBe(true);
  await connector.upsert(lead(['Core Drivers quiz'], {}, Date.UTC(2026, 10, 26)));
  expect(fake.contact('ada@example.com')?.emailBlacklisted).toBe(false);
});

test('the coach list to pick from leaves out the label lists', async () => {
  const { connector } = await connect();
  expect(await connector.lists()).toEqual({
    ok: true,
    lists: [
      { id: '2', name: 'Newsletter' },
      { id: '3', name: 'Course waitlist' },
    ],
  });
  await connector.upsert(lead(['Core Drivers quiz']));
  expect(await connector.lists()).toMatchObject({ ok: true, lists: [{ name: 'Newsletter' }, { name: 'Course waitlist' }] });
  expect(await connector.account()).toEqual({ ok: true, name: 'Focus Coaching (sam@coach.example)' });
});

test('an erase deletes the contact; erasing it again finds none', async () => {
  const { fake, connector } = await connect();
  await connector.upsert(lead(['Core Drivers quiz']));
  expect(await connector.erase('ada@example.com')).toEqual({ kind: 'done', detail: 'Contact deleted.', how: 'deleted' });
  expect(fake.contact('ada@example.com')).toBeNull();
  expect(await connector.erase('ada@example.com')).toMatchObject({ kind: 'done', how: 'absent' });
});

test('a bad key is bad-key (401) everywhere, and nothing lands', async () => {
  const { fake, connector } = await connect({ key: 'xkeysib-wrong' });
  expect(await connector.upsert(lead(['Core Drivers quiz']))).toEqual({ kind: 'bad-key', status: 401, detail: 'Key not found' });
  expect(await connector.account()).toMatchObject({ ok: false, outcome: { kind: 'bad-key', status: 401 } });
  expect(await connector.lists()).toMatchObject({ ok: false, outcome: { kind: 'bad-key' } });
  expect(fake.contact('ada@example.com')).toBeNull();
});

test('an invalid address is refused for that contact with the tool answer', async () => {
  const { connector } = await connect();
  expect(await connector.upsert({ ...lead(['Core Drivers quiz']), email: 'ada@example' })).toEqual({ kind: 'refused', status: 400, detail: 'Invalid email address' });
});

test('a 429 asks to slow down for as long as its x-sib-ratelimit-reset says', async () => {
  const { fake, connector } = await connect({ perSecond: 2 });
  expect(await connector.account()).toMatchObject({ ok: true });
  const outcome = await connector.upsert(lead(['Core Drivers quiz']));
  expect(outcome).toEqual({ kind: 'slow-down', status: 429, retryAfterMs: 1000, detail: 'The expected rate limit is exceeded.' });
  expect(fake.contact('ada@example.com')).toBeNull();
});

test('a label list deleted in Brevo is made again on the next push', async () => {
  const { fake, connector, http } = await connect();
  await connector.upsert(lead(['Core Drivers quiz']));
  fake.upcoming.push({ status: 404, body: { code: 'document_not_found', message: 'List ID does not exist' } });
  expect(await connector.upsert(lead(['Core Drivers quiz']))).toMatchObject({ kind: 'retry', status: 404 });
  http.sent.length = 0;
  expect(await connector.upsert(lead(['Core Drivers quiz']))).toMatchObject({ kind: 'done' });
  expect(http.sent.map((request) => request.path)).toContain('/v3/contacts/folders/5/lists?limit=50&offset=0');
});
