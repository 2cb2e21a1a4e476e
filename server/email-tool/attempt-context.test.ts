/**
 * A delivery to the coach's e-mail tool turns its attempt's AsyncLocalStorage on (./http.ts) only
 * while an attempt runs: once the contact is in the tool, the thread that answers leads has no async
 * context on (on Node 20 and 22, promise hooks: a tenth of every lead's CPU). A real server process
 * watched by ../test/async-context-watch.mjs, against the fake Mailchimp.
 */
import { afterEach, expect, test } from 'vitest';
import { postLead, validLead } from '../test/helpers';
import { spawnServer } from '../test/server-process';
import { startMailchimpFake, type MailchimpFake } from './fakes/mailchimp-fake';

const watch = new URL('../test/async-context-watch.mjs', import.meta.url).pathname;
const AUDIENCE = 'a1b2c3';

let mailchimp: MailchimpFake | null = null;
afterEach(async () => {
  await mailchimp?.close();
  mailchimp = null;
});

type Turn = { asyncContextTurnedOn?: string; asyncContextTurnedOff?: string; enabledNow: number; stack?: string };
/** Every async context the watch saw the main thread turn on or off, in order. */
const turnsIn = (output: string): Turn[] =>
  output
    .split('\n')
    .filter((line) => line.startsWith('{"asyncContextTurned'))
    .map((line) => JSON.parse(line) as Turn);

test("once a lead is in the e-mail tool, the thread answering requests has no async context on: the attempt's store is off again", async () => {
  mailchimp = await startMailchimpFake({ keys: ['mc-key-us21'] });
  const server = await spawnServer(
    { EMAIL_TOOL: 'mailchimp', EMAIL_TOOL_API_KEY: 'mc-key-us21', EMAIL_TOOL_API_URL: mailchimp.url, EMAIL_TOOL_LIST: AUDIENCE },
    ['--import', watch],
  );
  expect((await postLead(server.url, validLead)).status).toBe(201);
  const fake = mailchimp;
  await expect.poll(() => fake.member(AUDIENCE, validLead.email)?.status, { timeout: 15_000 }).toBe('subscribed');

  // The member is stored before the tool answers: the attempt ends a moment later.
  await expect.poll(() => turnsIn(server.output()).at(-1)?.enabledNow, { timeout: 10_000 }).toBe(0);
  expect(server.output()).toContain('"asyncContextWatch":"on"');
  const turns = turnsIn(server.output());
  // The watch saw the attempt turn it on: the delivery really ran in this thread.
  expect(turns[0]).toMatchObject({ asyncContextTurnedOn: 'AsyncLocalStorage.run', enabledNow: 1 });
  expect(turns[0]?.stack).toContain('email-tool/http.ts');
  expect(turns.at(-1)).toMatchObject({ asyncContextTurnedOff: 'AsyncLocalStorage.disable', enabledNow: 0 });
}, 60_000);
