/**
 * kill -9 while an erase is on its way to the coach's e-mail tool, on Postgres: the instance that
 * erased the person is killed once its request to the Mailchimp fake has arrived (the fake deletes
 * the member, then holds its answer), before it could record the outcome. Another instance takes
 * the erase once the lease ends: the tool now answers 404, which counts as done. The person stays
 * gone, the Deliveries screen shows the erase done with its address wiped, and the audit log says
 * once what the tool did. Real server processes.
 */
import { spawnSync } from 'node:child_process';
import { afterEach, expect, test } from 'vitest';
import type { DeliveriesResponse } from '../../src/shared/coach-api/deliveries';
import type { EraseResponse, LeadListResponse } from '../../src/shared/coach-api/leads';
import { SESSION_COOKIE } from '../coach/sessions';
import { postLead, tempDir, validLead } from '../test/helpers';
import { freshPostgresUrl } from '../test/postgres';
import { spawnServer } from '../test/server-process';
import { entryArgs } from '../test/server-entry';
import { startMailchimpFake, type MailchimpFake } from './fakes/mailchimp-fake';

const root = new URL('../..', import.meta.url).pathname;

/** The command line as `npm run coach` runs it, bundled (../test/server-entry.ts). */
const commandLine = await entryArgs('server/cli/main.ts');
const AUDIENCE = 'a1b2c3';
const PASSWORD = 'a password for the crash test';
let fake: MailchimpFake | undefined;

afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** Resolves once `check` holds, looking every 100 ms, for at most `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return true;
}

/** Signs in on `url` and returns a request function with the session (it lives in the database: any instance takes it). */
async function coach(url: string) {
  const signIn = await fetch(`${url}/api/coach/session`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const token = new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(signIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
  return (base: string, path: string, method = 'GET') => fetch(`${base}${path}`, { method, headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: base } });
}

test('Postgres: kill -9 while the erase is on its way to the tool: another instance finishes it (404 counts as done), once, and the person stays gone', async () => {
  fake = await startMailchimpFake({ keys: ['mc-key-us21'] });
  const databaseUrl = await freshPostgresUrl();
  const env = {
    DATABASE_URL: databaseUrl,
    EMAIL_TOOL: 'mailchimp',
    EMAIL_TOOL_API_KEY: 'mc-key-us21',
    EMAIL_TOOL_API_URL: fake.url,
    EMAIL_TOOL_LIST: AUDIENCE,
    OUTBOX_LEASE_SECONDS: '5',
  };
  const a = await spawnServer(env);
  const cli = spawnSync(process.execPath, [...commandLine, 'set-password'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: tempDir() },
    input: `${PASSWORD}\n`,
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(cli.status).toBe(0);

  expect((await postLead(a.url, validLead)).status).toBe(201);
  const mailchimp = fake;
  expect(await until(() => mailchimp.member(AUDIENCE, validLead.email) !== null, 20_000)).toBe(true);

  const request = await coach(a.url);
  // The tool's answers held from here: the kill lands after the tool acted, before the instance heard.
  const release = mailchimp.holdAnswers();
  const [lead] = ((await (await request(a.url, '/api/coach/leads')).json()) as LeadListResponse).leads;
  const erased = (await (await request(a.url, `/api/coach/leads/${lead?.id ?? ''}`, 'DELETE')).json()) as EraseResponse;
  expect(erased.emailTool).toBe('queued');
  const deletes = () => mailchimp.log.filter((entry) => entry.path.endsWith('/actions/delete-permanent'));
  expect(await until(() => deletes().length === 1, 20_000)).toBe(true);
  a.child.kill('SIGKILL');
  await a.exited;
  release();
  expect(mailchimp.member(AUDIENCE, validLead.email)).toBeNull();

  const b = await spawnServer(env);
  const done = async () => {
    const page = (await (await request(b.url, '/api/coach/deliveries?state=delivered')).json()) as DeliveriesResponse;
    return page.deliveries.filter((delivery) => delivery.event === 'erase');
  };
  // After the 5 s lease the erase comes due on b: the tool has no such member now (404), which is done.
  expect(await until(async () => (await done()).length === 1, 30_000)).toBe(true);
  expect(await done()).toEqual([expect.objectContaining({ state: 'delivered', leadId: null, erase: { tool: 'mailchimp', result: 'absent', retryable: false } })]);
  expect(deletes().map((entry) => entry.status)).toEqual([204, 404]);
  expect(mailchimp.member(AUDIENCE, validLead.email)).toBeNull();
  const audit = (await (await request(b.url, '/api/coach/audit')).json()) as { entries: { action: string }[] };
  expect(audit.entries.filter((entry) => entry.action.startsWith('email_tool_')).map((entry) => entry.action)).toEqual(['email_tool_deleted']);
}, 120_000);
