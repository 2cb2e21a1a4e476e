import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from 'vitest';
import { openDatabase } from '../storage/sqlite/connection';
import { sqliteAccessTable } from '../storage/sqlite/access';
import { sqliteSessionTable } from '../storage/sqlite/sessions';
import { storeWith, tempDir, testLead } from '../test/helpers';
import { verifyPassword } from '../coach/password';
import { SessionStore } from '../coach/sessions';
import { entryArgs } from '../test/server-entry';

const root = new URL('../..', import.meta.url).pathname;

/** The command line as `npm run coach` runs it, bundled (../test/server-entry.ts). */
const commandLine = await entryArgs('server/cli/main.ts');

/** `npm run coach -- <args>` with `input` piped to stdin. */
function coach(dataDir: string, args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...commandLine, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

test('set-password reads stdin, refuses fewer than 12 characters, stores only a hash and signs every session out', async () => {
  const dataDir = tempDir();
  const short = await coach(dataDir, ['set-password'], 'eleven-char\n');
  expect(short.code).toBe(2);
  expect(short.stderr).toContain('at least 12 characters');
  expect(short.stderr).not.toContain('eleven-char');

  const db = openDatabase(dataDir);
  const session = await new SessionStore(sqliteSessionTable(db)).create(Date.now());
  const set = await coach(dataDir, ['set-password'], 'twelve chars\n');
  expect(set.code).toBe(0);
  expect(set.stdout).toContain('Every dashboard session was signed out');
  const { password_hash: hash } = db.prepare('SELECT password_hash FROM coach_account').get() as { password_hash: string };
  expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
  expect(hash).not.toContain('twelve');
  // The final line break of piped input is not part of the password.
  expect(await verifyPassword('twelve chars', hash)).toBe(true);
  expect(await new SessionStore(sqliteSessionTable(db)).find(session.token, Date.now())).toBeNull();
  expect(db.prepare('SELECT action, actor FROM audit_log').all()).toEqual([{ action: 'password_set', actor: 'command line' }]);
  db.close();
});

test('reset-second-factor turns the second factor off for a coach who lost their phone; passkeys stay', async () => {
  const dataDir = tempDir();
  const db = openDatabase(dataDir);
  const access = sqliteAccessTable(db);
  await access.startEnrolment('sealed-secret');
  await access.confirmEnrolment('sealed-secret', ['recovery-hash'], 1, 0, Date.now());
  await access.addPasskey({ id: 'key-1', publicKey: 'pk', counter: 0, transports: [], name: 'Laptop', createdAt: 1, lastUsedAt: null });
  const reset = await coach(dataDir, ['reset-second-factor'], '');
  expect(reset.code).toBe(0);
  expect(reset.stdout).toContain('The second factor is off');
  expect(await access.readSecondFactor()).toMatchObject({ secret: null, recoveryCodesLeft: 0 });
  expect((await access.listPasskeys()).map((passkey) => passkey.id)).toEqual(['key-1']);
  expect(db.prepare('SELECT action, actor FROM audit_log').all()).toEqual([{ action: 'second_factor_off', actor: 'command line' }]);
  db.close();
});

const lead = testLead;

const run = promisify(execFile);

test('the leads command exports CSV, and erase and stats never print an address or a name', async () => {
  const { dataDir, store } = await storeWith([[lead('cli.person@example.com', 'Corvina')]], { webhook: true, email: false, tool: true });
  await store.close();
  const leads = (...args: string[]) =>
    run(process.execPath, [...commandLine, ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
  const file = join(tempDir(), 'leads.csv');
  const exported = await leads('export', '--output', file);
  const csv = readFileSync(file, 'utf8');
  expect(csv.startsWith('\uFEFF"email","first_name"')).toBe(true);
  expect(csv).toContain('"cli.person@example.com","Corvina"');
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(exported.stdout).toBe('');
  expect(exported.stderr).toBe(`Exported 1 lead to ${file}.\n`);
  const stats = await leads('stats');
  expect(stats.stdout).toMatch(/Leads:\s+1/);
  expect(stats.stdout).toMatch(/^Deliveries: +2 waiting, .* \(every channel\)$/m);
  expect(stats.stdout).toMatch(/^Waiting: +1 webhook, 0 results e-mail, 1 e-mail tool$/m);
  const erased = await leads('erase', 'cli.person@example.com');
  expect(erased.stdout).toMatch(/Erased 1 lead, 1 submission/);
  const again = await leads('erase', 'cli.person@example.com');
  expect(again.stdout).toMatch(/nothing to erase/);
  for (const output of [stats, erased, again]) {
    const text = typeof output === 'string' ? output : output.stdout + output.stderr;
    expect(text).not.toContain('cli.person');
    expect(text).not.toContain('Corvina');
  }
  expect((await leads('export')).stdout).not.toContain('cli.person');
});

test('erase on the command line with an e-mail tool set queues the tool its erase (the address sealed), and says the server tells it', async () => {
  const { dataDir, store } = await storeWith([[lead('cli.tool@example.com', 'Corvina')]]);
  await store.close();
  const tool = { EMAIL_TOOL: 'kit', EMAIL_TOOL_API_KEY: 'kit-key', EMAIL_TOOL_API_URL: 'http://127.0.0.1:9' };
  const erased = await run(process.execPath, [...commandLine, 'erase', 'cli.tool@example.com'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, ...tool },
  });
  expect(erased.stdout).toMatch(/Erased 1 lead.*\nYour e-mail tool is told by the running server/s);
  expect(erased.stdout + erased.stderr).not.toContain('cli.tool');
  const db = openDatabase(dataDir);
  const rows = db.prepare("SELECT channel, state, erase_masked, erase_address FROM outbox WHERE event = 'erase'").all() as { erase_address: string }[];
  expect(rows).toEqual([{ channel: 'tool', state: 'pending', erase_masked: 'c…@example.com', erase_address: expect.stringMatching(/^v1\./) }]);
  expect(rows[0]?.erase_address).not.toContain('cli.tool');
  db.close();
});

test('the documented stdout export, npm run --silent leads -- export, gives a clean file starting with the BOM', async () => {
  const { dataDir, store } = await storeWith([[lead('npm.person@example.com', 'Corvina')]]);
  await store.close();
  const { stdout } = await run('npm', ['run', '--silent', 'leads', '--', 'export'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  expect(stdout.startsWith('\uFEFF"email","first_name"')).toBe(true);
  expect(stdout).toContain('"npm.person@example.com","Corvina"');
});

test('a mistyped DATA_DIR makes the command fail, saying so, instead of creating an empty database', async () => {
  const missing = join(tempDir(), 'dat');
  const result = await run(process.execPath, [...commandLine, 'stats'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: missing },
  }).catch((error: { code: number; stderr: string }) => error);
  expect('code' in result && result.code).toBe(1);
  expect(result.stderr).toContain(`No lead database in ${missing}`);
  expect(result.stderr).toContain('Check DATA_DIR');
  expect(existsSync(missing)).toBe(false);
});
