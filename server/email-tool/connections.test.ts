/**
 * Mailchimp's limit is 10 connections at once per key, whoever opens them: three instances on one
 * Postgres database, each free to run 10 requests at once of its own, push a burst of leads into the
 * Mailchimp fake (which counts the requests in flight and answers the 11th with 429, as Mailchimp
 * does). The connections they hold are kept in the database (server/storage/pace.ts), so together
 * they never have more than 10 in flight, every contact arrives with its tags, and no 429.
 */
import { afterEach, expect, test } from 'vitest';
import type { ToolContact, ToolOutcome } from './connector';
import { systemClock } from '../outbox/delivery-loop';
import { PostgresStorage } from '../storage/postgres/storage';
import { freshPostgres } from '../test/postgres';
import { startMailchimpFake, type MailchimpFake } from './fakes/mailchimp-fake';
import { sampleContact } from './fakes/sample-contact';
import { ToolClient } from './http';
import { mailchimp } from './mailchimp';
import { Pacer } from './pacer';

const AUDIENCE = 'a1b2c3';
const INSTANCES = 3;
const LEADS = 90;
const opened: { close(): Promise<void> }[] = [];
let fake: MailchimpFake | null = null;
afterEach(async () => {
  for (const part of opened.splice(0)) await part.close();
  await fake?.close();
  fake = null;
});

/** Nine ratings for lead `index`: the profiles differ, so the tags do. */
const digitsOf = (index: number) => index.toString(3).padStart(9, '0').replace(/[012]/g, (digit) => String(Number(digit) + 1));

test('three Postgres instances together never hold more than 10 connections to Mailchimp: every contact arrives, no 429', { timeout: 60_000 }, async () => {
  // Each request held 30 ms at the fake, as a real one takes time: 30 workers at once would be 30 in flight.
  fake = await startMailchimpFake({ keys: ['mc-key-us21'], holdMs: 30 });
  const settings = { tool: 'mailchimp' as const, apiKey: 'mc-key-us21', apiUrl: fake.url, list: AUDIENCE };
  const database = await freshPostgres(10);
  const queue: ToolContact[] = Array.from({ length: LEADS }, (_, index) => sampleContact(digitsOf(index * 7), `lead${index}@example.com`));
  const outcomes: ToolOutcome[] = [];

  const instances = await Promise.all(
    Array.from({ length: INSTANCES }, async () => {
      const storage = await PostgresStorage.open(database, {});
      opened.push(storage);
      const connectorLimit = mailchimp(settings, () => Promise.reject(new Error('unused'))).limit;
      const client = new ToolClient({ settings, limit: connectorLimit, guard: null, pacer: new Pacer(storage.paceWindow, systemClock), requestLimitMs: 10_000, now: Date.now });
      opened.push(client);
      return { connector: mailchimp(settings, client.http(Infinity)), limit: connectorLimit };
    }),
  );
  // Each instance alone would open its 10: only the shared hold keeps the three within Mailchimp's 10.
  for (const { limit } of instances) expect(limit.concurrent).toBe(10);

  await Promise.all(
    instances.flatMap(({ connector }) =>
      Array.from({ length: 10 }, async () => {
        for (let contact = queue.shift(); contact; contact = queue.shift()) outcomes.push(await connector.upsert(contact));
      }),
    ),
  );

  const mailchimpFake = fake;
  expect(outcomes.filter((outcome) => outcome.kind !== 'done')).toEqual([]);
  for (let index = 0; index < LEADS; index += 1) {
    expect(mailchimpFake.member(AUDIENCE, `lead${index}@example.com`)?.tags).toEqual(sampleContact(digitsOf(index * 7)).labels.toSorted());
  }
  expect(mailchimpFake.tooMany()).toBe(0);
  expect(mailchimpFake.mostAtOnce()).toBeLessThanOrEqual(10);
  console.info(`three instances, ${LEADS} leads: ${mailchimpFake.log.length} requests, at most ${mailchimpFake.mostAtOnce()} at once, ${mailchimpFake.tooMany()} answered 429`);
});
