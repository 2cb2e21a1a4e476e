/**
 * kill -9 during a burst of leads into the coach's e-mail tool, on Postgres with two instances on one
 * database (the consent box off: each lead is pushed at submission). One instance is killed once 50
 * leads are acknowledged; the other carries on, and takes the rows the dead one had claimed once
 * their lease ends. Against the Mailchimp fake (10 connections at once per key, the 11th answered
 * 429), real server processes: every contact arrives with its tags, none twice (a member is one per
 * address; a push sent again is an update of the same member), and the two instances together never
 * earn a 429. Bounded: 150 leads, 12 at a time.
 */
import { afterEach, expect, test } from 'vitest';
import { burstWithKill } from '../test/crash-burst';
import { freshPostgresUrl } from '../test/postgres';
import { spawnServer } from '../test/server-process';
import { startMailchimpFake, type MailchimpFake } from './fakes/mailchimp-fake';
import { sampleContact } from './fakes/sample-contact';
import { subscriberHash } from './mailchimp';

const TOTAL = 150;
const AUDIENCE = 'a1b2c3';
let fake: MailchimpFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const ratings = [1, 2, 3, 3, 2, 1, 1, 2, 3];
const leadNumber = (index: number) => ({ email: `crash${index}@example.net`, firstName: `Crash ${index}`, ratings });

test('Postgres, two instances, kill -9 of one mid-burst: every contact reaches the tool once, tagged, and no 429', async () => {
  fake = await startMailchimpFake({ keys: ['mc-key-us21'], holdMs: 20 });
  const env = {
    DATABASE_URL: await freshPostgresUrl(),
    EMAIL_TOOL: 'mailchimp',
    EMAIL_TOOL_API_KEY: 'mc-key-us21',
    EMAIL_TOOL_API_URL: fake.url,
    EMAIL_TOOL_LIST: AUDIENCE,
    // A lease of 5 s, so rows the killed instance had claimed come back quickly.
    OUTBOX_LEASE_SECONDS: '5',
  };
  const [a, b] = await Promise.all([spawnServer(env), spawnServer(env)]);
  if (!a || !b) throw new Error('two instances');
  let turn = 0;
  // A balancer: a and b in turn while a lives, then b alone.
  const target = () => (a.child.signalCode === null && turn++ % 2 === 0 ? a.url : b.url);
  const started = Date.now();
  expect(await burstWithKill(TOTAL, leadNumber, target, a, 'tool-crash')).toBe(TOTAL);

  const mailchimp = fake;
  // Arrived: the member with every tag of its profile (a push cut by the kill may have left it untagged).
  const expectedTags = sampleContact(ratings.join('')).labels.toSorted();
  const members = () => Array.from({ length: TOTAL }, (_, index) => mailchimp.member(AUDIENCE, leadNumber(index).email));
  const arrived = () => members().filter((member) => member !== null && member.tags.join('\n') === expectedTags.join('\n')).length;
  // Within 30 s of the last lead: the rows the killed instance held come back after their 5 s lease,
  // and a stored lead wakes the loop at once (not at its idle look, a minute later).
  const deadline = Date.now() + 30_000;
  while (arrived() < TOTAL && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);

  expect(arrived()).toBe(TOTAL);
  expect(expectedTags).toContain('Core Drivers quiz');
  for (let index = 0; index < TOTAL; index += 1) {
    const member = mailchimp.member(AUDIENCE, leadNumber(index).email);
    expect(member?.status).toBe('subscribed');
    expect(member?.tags).toEqual(expectedTags);
    expect(member?.mergeFields.FNAME).toBe(`Crash ${index}`);
  }
  // Together under the limit: the fake never answered 429 (10 connections at once per key).
  expect(mailchimp.tooMany()).toBe(0);
  const puts = new Map<string, number>();
  for (const entry of mailchimp.log.filter((logged) => logged.method === 'PUT')) puts.set(entry.path, (puts.get(entry.path) ?? 0) + 1);
  const pushedAgain = [...puts.values()].filter((count) => count > 1).length;
  expect(puts.size).toBe(TOTAL);
  expect(puts.has(`/3.0/lists/${AUDIENCE}/members/${subscriberHash(leadNumber(TOTAL - 1).email)}`)).toBe(true);
  console.info(
    `tool crash test (Postgres, two instances): ${TOTAL} leads in, ${arrived()} contacts out in ${seconds} s, ${mailchimp.tooMany()} answers 429, ` +
      `${pushedAgain} contacts pushed again (updates of the same member), ${mailchimp.log.length} requests`,
  );
}, 180_000);
