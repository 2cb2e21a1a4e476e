import { execFile } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'csv-parse/sync';
import { expect, test } from 'vitest';
import type { Lead } from '../../src/shared/lead';
import { openSqlite } from '../storage/sqlite-binding';
import { backupDatabase, csvChunks, eraseLead, exportCsv, leadStats } from './admin';
import { DATABASE_FILE, LeadStore, openDatabase } from '../storage/lead-store';
import { tempDir } from '../test/helpers';

const run = promisify(execFile);
const root = new URL('../..', import.meta.url).pathname;

const lead = (email: string, firstName: string, ratings: Lead['ratings'] = [1, 1, 1, 2, 2, 2, 3, 3, 3]): Lead => ({
  email,
  firstName,
  ratings,
});

async function storeWith(leads: [Lead, string?][], outbox = false) {
  const dataDir = tempDir();
  const store = new LeadStore(dataDir, { outbox });
  await Promise.all(leads.map(([entry, key]) => store.submit(entry, key)));
  return { dataDir, store };
}

test('export writes one line per lead with its latest name and profile, formulas neutralised', async () => {
  const { store } = await storeWith([
    [lead('ana@example.com', 'Ana')],
    [lead('=cmd@example.com', '=2+3', [3, 3, 3, 3, 3, 3, 3, 3, 3])],
  ]);
  await store.submit(lead('ANA@example.com', 'Ana Maria', [2, 2, 2, 2, 2, 2, 2, 2, 1]));
  let csv = '';
  expect(exportCsv(store.db, (chunk) => (csv += chunk))).toBe(2);
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const lines = csv.slice(1).trimEnd().split('\r\n');
  expect(lines[0]).toBe(
    'email,first_name,Impulse Control,Working Memory,Emotional Regulation,Task Initiation,Planning & Prioritization,Organization,Time Management,Cognitive Flexibility,Self-Monitoring,weak_drivers,strong_drivers,first_submitted_utc,last_submitted_utc,submissions,marketing_consent,consent_version,consent_wording,consent_recorded_utc'
      .split(',')
      .map((name) => `"${name}"`)
      .join(','),
  );
  expect(lines).toHaveLength(3);
  expect(lines.find((line) => line.startsWith('"ana@'))).toMatch(
    /^"ana@example\.com","Ana Maria","2","2","2","2","2","2","2","2","1","Self-Monitoring","","[^"]+","[^"]+","2","","","",""$/,
  );
  expect(lines.find((line) => line.includes('cmd@'))).toMatch(/^"'=cmd@example\.com","'=2\+3","3","3","3/);
  await store.close();
});

test('an export parsed back holds every value as stored, and no cell a spreadsheet could take for a formula, whatever it splits on', async () => {
  const hostile: [string, string][] = [
    ['csv;=2+2@example.com', "x;=cmd|' /C calc'!A0;"],
    ['sep,=1@example.com', 'Jo, +1 555'],
    ['tab@example.com', 'Jo\t=1+1'],
    ['pipe@example.com', 'Jo|@SUM(A1)'],
    ['quoted@example.com', 'Jo;"-2+3"'],
    ['-minus@example.com', '@Jo'],
    ['+tag@example.com', 'Jo =cmd|A0'],
    ['colon@example.com', 'Jo:-1+1'],
  ];
  const { store } = await storeWith(hostile.map(([email, name]) => [lead(email, name)]));
  let csv = '';
  exportCsv(store.db, (chunk) => (csv += chunk));
  await store.close();

  // A real CSV parser reads the values back: only apostrophes were added, before formula starts.
  const [header, ...records] = parse(csv, { bom: true }) as string[][];
  expect(header?.slice(0, 2)).toEqual(['email', 'first_name']);
  expect(records).toHaveLength(hostile.length);
  for (const [email, name] of hostile) {
    const record = records.find((cells) => cells[0]?.replaceAll("'", '') === email.replaceAll("'", ''));
    expect(record?.[1]?.replaceAll("'", '')).toBe(name.replaceAll("'", ''));
  }
  expect(records.map((cells) => cells[0])).toContain("csv;'=2+2@example.com");

  // Plain addresses, even starting with + or -, are exactly as stored (an e-mail tool imports them).
  expect(records.map((cells) => cells[0])).toEqual(expect.arrayContaining(['-minus@example.com', '+tag@example.com']));

  // A program that splits on any of these separators, even one that ignores quotes, never starts a
  // cell with = + - @ (past spaces and quotes), but with a plain address cell (server/leads/csv-cell.ts;
  // what follows it on the line is quoted cells, which a formula reads as text).
  const body = csv.slice(1).trimEnd();
  const plainAddress = /^"[-+][\p{L}\p{N}._+-]*@[\p{L}\p{N}.-]+"(,"|$)/u;
  for (const separator of [',', ';', '\t', '|', ' ', ':']) {
    const cells = body.split('\r\n').flatMap((line) => line.split(separator));
    const formulas = cells.filter((cell) => /^[ "]*[=+\-@\t\r]/.test(cell) && !plainAddress.test(cell));
    expect(formulas, `split on ${JSON.stringify(separator)}`).toEqual([]);
  }
  // And one that honours quotes but splits on semicolons reads the same cells as it should.
  const semicolon = parse(csv, { bom: true, delimiter: ';', relax_quotes: true, relax_column_count: true }) as string[][];
  expect(semicolon.flat().filter((cell) => /^[ "]*[=+\-@]/.test(cell) && !plainAddress.test(cell))).toEqual([]);
});

test('erase removes the lead, its submissions, outbox rows and idempotency keys, and leaves no trace in the files', async () => {
  const secret = 'erase-me.please@example.com';
  const { dataDir, store } = await storeWith(
    [
      [lead(secret, 'Quillon'), 'key-1'],
      [lead(secret, 'Quillon')],
      [lead('stays@example.com', 'Stays'), 'key-2'],
    ],
    true,
  );
  const erased = eraseLead(store.db, ` ${secret.toUpperCase()} `);
  expect(erased).toEqual({ leads: 1, submissions: 2, pendingDeliveries: 2 });
  const counts = store.db
    .prepare(
      'SELECT (SELECT count(*) FROM leads) AS leads, (SELECT count(*) FROM submissions) AS submissions, (SELECT count(*) FROM outbox) AS outbox, (SELECT count(*) FROM submissions WHERE idempotency_key IS NOT NULL) AS keys',
    )
    .get();
  expect(counts).toEqual({ leads: 1, submissions: 1, outbox: 1, keys: 1 });
  // The raw bytes of the database and its WAL and shared-memory files, while still open and after closing.
  const files = [DATABASE_FILE, `${DATABASE_FILE}-wal`, `${DATABASE_FILE}-shm`];
  const contents = () =>
    files.map((file) => {
      try {
        return readFileSync(join(dataDir, file)).toString('latin1');
      } catch {
        return '';
      }
    });
  for (const content of contents()) {
    expect(content).not.toContain('erase-me');
    expect(content).not.toContain('Quillon');
  }
  expect(contents().join('')).toContain('stays@example.com');
  await store.close();
  for (const content of contents()) expect(content).not.toContain('erase-me');
});

test('erase of an unknown address changes nothing', async () => {
  const { store } = await storeWith([[lead('ana@example.com', 'Ana')]]);
  expect(eraseLead(store.db, 'nobody@example.com')).toEqual({ leads: 0, submissions: 0, pendingDeliveries: 0 });
  expect(leadStats(store.db).leads).toBe(1);
  await store.close();
});

test('stats count leads, submissions and the delivery backlog', async () => {
  const { store } = await storeWith([[lead('a@example.com', 'A')], [lead('b@example.com', 'B')]], true);
  await store.submit(lead('a@example.com', 'A'));
  store.db.prepare("UPDATE outbox SET state = 'delivered' WHERE id = 1").run();
  const stats = leadStats(store.db, Date.now() + 60_000);
  expect(stats).toMatchObject({
    leads: 2,
    submissions: 3,
    submissionsLast24h: 3,
    outbox: { pending: 2, delivered: 1, gone: 0, expired: 0, oldestPendingAgeMs: expect.any(Number) },
  });
  await store.close();
});

test('backup writes a consistent copy to a new file, and never overwrites one', async () => {
  const { dataDir, store } = await storeWith([[lead('a@example.com', 'A')], [lead('b@example.com', 'B')]]);
  const target = join(dataDir, 'backup.db');
  backupDatabase(store.db, target);
  const copy = openSqlite(target, { readonly: true });
  expect(copy.prepare('SELECT count(*) AS n FROM leads').get()).toEqual({ n: 2 });
  expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
  copy.close();
  expect(() => backupDatabase(store.db, target)).toThrow(/already exists/);
  await store.close();
});

test('the leads command exports CSV, and erase and stats never print an address or a name', async () => {
  const { dataDir, store } = await storeWith([[lead('cli.person@example.com', 'Corvina')]]);
  await store.close();
  const leads = (...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', join(root, 'server/coach/cli.ts'), ...args], {
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
}, 30_000);

test('the documented stdout export, npm run --silent leads -- export, gives a clean file starting with the BOM', async () => {
  const { dataDir, store } = await storeWith([[lead('npm.person@example.com', 'Corvina')]]);
  await store.close();
  const { stdout } = await run('npm', ['run', '--silent', 'leads', '--', 'export'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
  });
  expect(stdout.startsWith('\uFEFF"email","first_name"')).toBe(true);
  expect(stdout).toContain('"npm.person@example.com","Corvina"');
}, 30_000);

test('a mistyped DATA_DIR makes the command fail, saying so, instead of creating an empty database', async () => {
  const missing = join(tempDir(), 'dat');
  const result = await run(process.execPath, ['--import', 'tsx', join(root, 'server/coach/cli.ts'), 'stats'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: missing },
  }).catch((error: { code: number; stderr: string }) => error);
  expect('code' in result && result.code).toBe(1);
  expect(result.stderr).toContain(`No lead database in ${missing}`);
  expect(result.stderr).toContain('Check DATA_DIR');
  expect(existsSync(missing)).toBe(false);
}, 30_000);

test('the export reads in chunks: a person whose submissions lie in different chunks is one line, and one who submits during the export is still in it', async () => {
  const { store } = await storeWith([[lead('early@example.com', 'Early')]]);
  await Promise.all(Array.from({ length: 2_400 }, (_, index) => store.submit(lead(`p${index}@example.com`, 'P'))));
  await store.submit(lead('early@example.com', 'Late', [3, 3, 3, 3, 3, 3, 3, 3, 3]));
  const chunks = csvChunks(store.db);
  const first = [chunks.next().value, chunks.next().value];
  // A new submission from someone in a later chunk: their line is as it was when the export began.
  await store.submit(lead('p0@example.com', 'Again'));
  const rows = parse([...first, ...chunks].map((chunk) => chunk?.csv ?? '').join('').slice(1), { columns: true }) as Record<string, string>[];
  expect(rows).toHaveLength(2_401);
  expect(new Set(rows.map((row) => row.email)).size).toBe(2_401);
  expect(rows[0]).toMatchObject({ email: 'early@example.com', first_name: 'Late', submissions: '2' });
  expect(rows.find((row) => row.email === 'p0@example.com')?.first_name).toBe('P');
  expect(first[1]?.leads).toBeGreaterThan(0);
  await store.close();
}, 30_000);

test('erase works on the stored form of the address: an address stored with a hidden character before the policy takes that form at upgrade, and the plain one erases it', async () => {
  const { dataDir, store } = await storeWith([[lead('bi-20@example.com', 'Ana')], [lead('bi-21@example.com', 'Bo')]]);
  // As an older version stored it: the zero-width space kept, the schema before migration 6.
  store.db.prepare("UPDATE submissions SET email = 'bi-20\u200b@example.com' WHERE email = 'bi-20@example.com'").run();
  store.db.pragma('user_version = 5');
  await store.close();

  const db = openDatabase(dataDir);
  expect(db.prepare('SELECT email FROM submissions ORDER BY email').pluck().all()).toEqual(['bi-20@example.com', 'bi-21@example.com']);
  expect(eraseLead(db, ' BI-20@Example.com ')).toEqual({ leads: 1, submissions: 1, pendingDeliveries: 0 });
  expect(eraseLead(db, 'bi-21\u2060@example.com')).toEqual({ leads: 1, submissions: 1, pendingDeliveries: 0 });
  expect(leadStats(db).leads).toBe(0);
  db.close();
});
