/**
 * A burst of 200 leads into the Kit fake at its 120-requests-a-minute limit: the pacer keeps every
 * request under it, so every contact arrives with its tags and the fake answers no 429. The pacer
 * and the fake share a clock that jumps on whenever every worker waits for a slot (no request is on
 * its way then), so some fifteen minutes of Kit's limit pass in a few seconds.
 */
import { afterEach, expect, test } from 'vitest';
import { steppingClock } from '../test/stepping-clock';
import type { ToolOutcome } from './connector';
import { startKitFake, type KitFake } from './fakes/kit-fake';
import { sampleContact } from './fakes/sample-contact';
import { ToolClient } from './http';
import { kit } from './kit';
import { memoryPaceWindow } from '../storage/pace';
import { Pacer } from './pacer';

let fake: KitFake | null = null;
let client: ToolClient | null = null;
afterEach(async () => {
  await client?.close();
  await fake?.close();
});

/** Nine ratings for lead `index`: every profile differs, so the tags vary. */
const digitsOf = (index: number) => index.toString(3).padStart(9, '0').replace(/[012]/g, (digit) => String(Number(digit) + 1));

test('200 leads at once reach Kit at 120 requests a minute: every contact arrives, no 429', { timeout: 120_000 }, async () => {
  const clock = steppingClock(Date.UTC(2026, 10, 26, 9));
  fake = await startKitFake({ keys: ['kit-key'], now: clock.now });
  const settings = { tool: 'kit' as const, apiKey: 'kit-key', apiUrl: fake.url, list: '501' };
  const limit = kit(settings, () => Promise.reject(new Error('unused'))).limit;
  client = new ToolClient({ settings, limit, guard: null, pacer: new Pacer(memoryPaceWindow(), clock), requestLimitMs: 10_000, now: clock.now });
  const connector = kit(settings, client.http(Infinity));

  const queue = Array.from({ length: 200 }, (_, index) => sampleContact(digitsOf(index * 97), `lead${index}@example.com`));
  const outcomes: ToolOutcome[] = [];
  const started = clock.now();
  const WORKERS = 4;
  clock.workers(WORKERS);
  await Promise.all(
    Array.from({ length: WORKERS }, async () => {
      for (let contact = queue.shift(); contact; contact = queue.shift()) outcomes.push(await connector.upsert(contact));
      clock.workers(-1);
    }),
  );

  expect(outcomes.filter((outcome) => outcome.kind !== 'done')).toEqual([]);
  expect(fake.subscriberCount()).toBe(200);
  for (const index of [0, 57, 199]) {
    expect(fake.subscriber(`lead${index}@example.com`)?.tags).toEqual(sampleContact(digitsOf(index * 97)).labels.toSorted());
  }
  expect(fake.tooMany()).toBe(0);
  // The limit was the bottleneck: never more than 120 requests in any 60 s of the fake's clock.
  const times = fake.log.map((entry) => entry.at);
  for (const at of times) expect(times.filter((other) => other >= at && other < at + 60_000).length).toBeLessThanOrEqual(120);
  const minutes = (clock.now() - started) / 60_000;
  expect(minutes).toBeGreaterThan(fake.log.length / 120 - 1);
});
