/**
 * The e-mail tool's channel of the outbox against the Kit fake: what each answer makes of a row, and
 * the pause a refused key puts on the channel until the settings change. The queue here is a small
 * one in memory with the contract's meaning (claim due rows under a lease, record outcomes); storage's
 * own queues are tested by the storage contract suite.
 */
import { afterEach, expect, test } from 'vitest';
import { effectiveSettings, type SettingValues } from '../../src/shared/coach-settings';
import { externalOnly } from '../outbound/allowed-hosts';
import { outboxTimings } from '../outbox/delivery-loop';
import { memoryPaceWindow } from '../storage/pace';
import { steppingClock } from '../test/stepping-clock';
import type { DueRow, OutboxQueue, OutboxUpdate } from '../storage/storage';
import { startKitFake, type KitFake } from './fakes/kit-fake';
import type { SettingsInForce } from './in-force';
import { ToolOutbox, type ToolPause } from './tool-outbox';
import { SecretBox } from '../settings/secret-box';
import { randomBytes } from 'node:crypto';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Rows in memory, claimed and recorded as the contract says. */
function memoryQueue(rows: DueRow[]) {
  const states = new Map<number, OutboxUpdate>();
  const queue: OutboxQueue = {
    claimDue: async (now, limit) =>
      rows.filter((row) => (states.get(row.id)?.state ?? 'pending') === 'pending' && (states.get(row.id)?.nextAttemptAt ?? 0) <= now).slice(0, limit),
    record: async (updates) => {
      for (const update of updates) states.set(update.row.id, update);
    },
    nextDueAt: async () => {
      const due = rows.filter((row) => (states.get(row.id)?.state ?? 'pending') === 'pending').map((row) => states.get(row.id)?.nextAttemptAt ?? row.created_at);
      return due.length === 0 ? null : Math.min(...due);
    },
    pendingErases: async () => [],
  };
  return { queue, stateOf: (id: number) => states.get(id) };
}

const START = Date.UTC(2026, 10, 26, 9);
let id = 0;
function row(email: string, ratings: string, confirmedAt: number | null): DueRow {
  id += 1;
  return {
    id,
    message_id: `msg_${id}`,
    event: confirmedAt === null ? 'lead.submitted' : 'lead.confirmed',
    submission_id: id,
    attempts: 0,
    created_at: START,
    email,
    first_name: 'Ada',
    ratings,
    submitted_at: 0,
    public_id: `p${id}`,
    consent_version: null,
    consent_wording: null,
    marketing_consent: confirmedAt === null ? null : 1,
    marketing_confirmed_at: confirmedAt,
    previous_ratings: null,
    previous_submitted_at: null,
    lease: null,
    erase_address: null,
  };
}

/** The settings in force, as set in the environment (the operator's address: not filtered). */
function settingsOf(environment: Partial<SettingValues>): SettingsInForce & { set(change: Partial<SettingValues>): void } {
  let current = effectiveSettings({}, environment);
  let env = environment;
  return {
    get values() {
      return current.values;
    },
    get sources() {
      return current.sources;
    },
    secret: (key) => (current.values[key] as string | null) ?? null,
    set(change) {
      env = { ...env, ...change };
      current = effectiveSettings({}, env);
    },
  };
}

let fake: KitFake | null = null;
let outbox: ToolOutbox | null = null;
afterEach(async () => {
  await outbox?.stop();
  await fake?.close();
});

async function setUp(rows: DueRow[], key = 'kit-key', perMinute = 1000) {
  fake = await startKitFake({ keys: ['kit-key'], perMinute });
  const settings = settingsOf({ emailTool: 'kit', emailToolApiKey: key, emailToolApiUrl: fake.url });
  const { queue, stateOf } = memoryQueue(rows);
  const pauses: ToolPause[] = [];
  const clock = steppingClock(START);
  outbox = new ToolOutbox({ queue, settings, outbound: externalOnly, paceWindow: memoryPaceWindow(), log: silent, clock, onPause: (pause) => pauses.push(pause), secrets: new SecretBox(randomBytes(32)) });
  return { fake, settings, outbox, stateOf, pauses, clock };
}

test('a confirmed lead lands in Kit tagged by its profile; the row is delivered', async () => {
  const confirmed = row('ada@example.com', '122222232', Date.UTC(2026, 10, 26, 9));
  const { fake, outbox, stateOf } = await setUp([confirmed]);
  expect(await outbox.deliverDue()).toMatchObject({ delivered: 1 });
  expect(stateOf(confirmed.id)).toMatchObject({ state: 'delivered', status: 200 });
  expect(fake.subscriber('ada@example.com')).toMatchObject({
    firstName: 'Ada',
    tags: ['Core Drivers quiz', 'Needs support: Impulse Control', 'Pattern: Strong and needs support', 'Strength: Cognitive Flexibility'],
  });
});

test('an invalid address is refused for good; the others go on', async () => {
  const bad = row('not-an-address', '222222222', null);
  const good = row('bea@example.com', '222222222', null);
  const { outbox, stateOf } = await setUp([bad, good]);
  expect(await outbox.deliverDue()).toMatchObject({ delivered: 1, gone: 1 });
  // The tool's own words are the technical answer the dashboard shows.
  expect(stateOf(bad.id)).toMatchObject({ state: 'gone', status: 422, reply: 'Email address is invalid' });
});

test('a refused key pauses the channel and says why, until the key changes; then the rows go', async () => {
  const waiting = row('ada@example.com', '222222222', null);
  const { fake, settings, outbox, stateOf, pauses, clock } = await setUp([waiting, row('bea@example.com', '222222222', null)], 'old-key');
  await outbox.deliverDue();
  expect(pauses).toEqual([{ status: 401, detail: 'The access token is invalid', at: START }]);
  expect(await outbox.paused()).toMatchObject({ status: 401, detail: 'The access token is invalid' });
  expect(stateOf(waiting.id)).toMatchObject({ state: 'pending' });
  // Paused: nothing is claimed, nothing sent.
  const sent = fake.log.length;
  expect(await outbox.deliverDue()).toEqual({ delivered: 0, retrying: 0, gone: 0, expired: 0 });
  expect(fake.log.length).toBe(sent);

  settings.set({ emailToolApiKey: 'kit-key' });
  expect(await outbox.paused()).toBeNull();
  // Due again after its short wait.
  await clock.advanceTo(START + 5_000);
  expect(await outbox.deliverDue()).toMatchObject({ delivered: 2 });
  expect(fake.subscriberCount()).toBe(2);
});

test('a key refused for a while (the account blocked, then unblocked in the tool): Retry lifts the pause and the rows go with the same key; refused again, it pauses again', async () => {
  const waiting = row('ada@example.com', '222222222', null);
  const { fake, outbox, stateOf, pauses, clock } = await setUp([waiting]);
  fake.upcoming.push({ status: 401, body: { errors: ['The access token is invalid'] } });
  await outbox.deliverDue();
  expect(await outbox.paused()).toMatchObject({ status: 401 });
  await clock.advanceTo(START + 5_000);
  expect(await outbox.deliverDue()).toEqual({ delivered: 0, retrying: 0, gone: 0, expired: 0 });

  // Refused again at once: paused again, and told again.
  fake.upcoming.push({ status: 401, body: { errors: ['The access token is invalid'] } });
  await outbox.retry();
  expect(await outbox.paused()).toBeNull();
  await outbox.deliverDue();
  expect(await outbox.paused()).toMatchObject({ status: 401 });
  expect(pauses).toHaveLength(2);

  // The tool takes the key again: the retried row goes.
  await outbox.retry();
  await clock.advanceTo(START + 10_000);
  expect(await outbox.deliverDue()).toMatchObject({ delivered: 1 });
  expect(stateOf(waiting.id)).toMatchObject({ state: 'delivered' });
  expect(fake.subscriber('ada@example.com')).toMatchObject({ firstName: 'Ada' });
});

test('paused, the loop leaves the waiting rows be until the settings change, instead of looking at them again and again', async () => {
  const waiting = row('ada@example.com', '222222222', null);
  const { fake, settings, outbox, stateOf, clock } = await setUp([waiting], 'old-key');
  outbox.start();
  await clock.advanceTo(START);
  await expect.poll(() => stateOf(waiting.id), { timeout: 10_000 }).toMatchObject({ state: 'pending', status: 401 });
  // Due again in 5 s, but the channel is paused: the next look is the idle one, a minute on (or a wake).
  await expect.poll(() => clock.nextAt(), { timeout: 10_000 }).toBe(START + outboxTimings.idlePollMs);
  const sent = fake.log.length;
  await clock.advanceTo(START + 30_000);
  expect(clock.nextAt()).toBe(START + outboxTimings.idlePollMs);
  expect(fake.log.length).toBe(sent);

  // A new key: every settings change wakes the loop (server/compose.ts), and the row goes at once.
  settings.set({ emailToolApiKey: 'kit-key' });
  outbox.wake();
  await clock.advanceTo(clock.now());
  await expect.poll(() => stateOf(waiting.id), { timeout: 10_000 }).toMatchObject({ state: 'delivered' });
  expect(fake.subscriberCount()).toBe(1);
});

test("a 429 is tried again when the slot comes, not after the backoff, and is not the contact's fault", async () => {
  const first = row('ada@example.com', '222222222', null);
  const { outbox, stateOf } = await setUp([first], 'kit-key', 2);
  await outbox.deliverDue();
  // Kit's bare 429: the pacer's first backoff, not the outbox's (10 s, doubling).
  expect(stateOf(first.id)).toMatchObject({ state: 'pending', status: 429, nextAttemptAt: START + 5_000 });
});

test('an erase is told to the tool in force: Kit unsubscribes (its API cannot delete)', async () => {
  const { fake, outbox } = await setUp([row('ada@example.com', '222222222', null)]);
  await outbox.deliverDue();
  expect(await outbox.eraseContact('ada@example.com')).toMatchObject({ kind: 'done', how: 'unsubscribed' });
  expect(fake.subscriber('ada@example.com')?.state).toBe('cancelled');
  expect(await outbox.eraseContact('nobody@example.com')).toMatchObject({ kind: 'done', how: 'absent' });
});
