/** `npm run coach -- migrate-to-postgres`: a small SQLite database copied into an empty Postgres one. */
import { spawnSync } from 'node:child_process';
import { expect, test } from 'vitest';
import { readFunnel } from '../analytics/report';
import { PostgresStorage } from '../storage/postgres/storage';
import { SqliteStorage } from '../storage/sqlite/storage';
import type { Storage } from '../storage/storage';
import { tempDir } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { entryArgs } from '../test/server-entry';

const root = new URL('../..', import.meta.url).pathname;

/** The command line as `npm run coach` runs it, bundled (../test/server-entry.ts). */
const commandLine = await entryArgs('server/cli/main.ts');

const coach = (args: string[], env: Record<string, string>) =>
  spawnSync(process.execPath, [...commandLine, ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });

/** What the dashboard and the commands show, to compare the two databases. */
async function view(storage: Storage, now: number) {
  return {
    stats: await storage.dashboard.leadStats(now),
    leads: await storage.dashboard.listLeads({ q: '', cursor: null, limit: 100, fromMs: null, toMs: null }),
    funnel: await readFunnel(storage, '2026-11-01', '2026-11-30', 'UTC'),
    profiles: await storage.funnel.readProfileTotals('2026-11-01', '2026-11-30'),
    audit: await storage.audit.list(null, 100),
    deliveries: await storage.dashboard.listDeliveries({ filter: 'pending', cursor: null, limit: 100 }),
    password: await storage.sessions.readPasswordHash(),
  };
}

test('leads, outbox, sessions, audit log and counts are copied, verified, and the copy refuses a non-empty target', async () => {
  const dataDir = tempDir();
  let clock = Date.UTC(2026, 10, 20, 9);
  const sqlite = SqliteStorage.open(dataDir, { now: () => clock });
  for (let index = 0; index < 30; index += 1) {
    clock += 60_000;
    await sqlite.leads.submit({ lead: { email: `person${index % 20}@example.com`, firstName: `P${index}`, ratings: [1, 2, 3, 3, 2, 1, ((index % 3) + 1) as 1 | 2 | 3, 2, 2] }, idempotencyKey: `key-${index}`, routing: { webhook: true, email: false, tool: false } });
  }
  await sqlite.outbox.webhook.record(
    (await sqlite.outbox.webhook.claimDue(clock, 5, 60_000)).map((row) => ({ row, state: 'delivered', nextAttemptAt: null, status: 200, reply: null, now: clock })),
  );
  await sqlite.sessions.storePasswordHash('scrypt$test', clock);
  await sqlite.sessions.insert('token-hash', clock, clock + 3_600_000, clock - 3_600_000);
  await sqlite.audit.record('password_set', { actor: 'command line' }, clock);
  await sqlite.funnel.addCounts([
    { day: '2026-11-20', key: { step: 'landing', source: 'news', medium: '', campaign: '', referrer: '' }, count: 40 },
    { day: '2026-11-20', key: { step: 'quiz_started', source: '', medium: '', campaign: '', referrer: 'blog.example.org' }, count: 12 },
  ]);
  const before = await view(sqlite, clock);
  await sqlite.close();

  const database = await freshPostgres();
  const env = { DATA_DIR: dataDir, DATABASE_URL: database.url };
  const copied = coach(['migrate-to-postgres'], env);
  expect(copied.stderr).toBe('');
  expect(copied.status).toBe(0);
  expect(copied.stdout).toMatch(/^submissions\s+30 →\s+30\s+ok$/m);
  expect(copied.stdout).toMatch(/^leads\s+20 →\s+20\s+ok$/m);
  expect(copied.stdout).toContain('every count matches');

  const postgres = await PostgresStorage.open(database, { now: () => clock });
  try {
    expect(await view(postgres, clock)).toEqual(before);
    // New rows continue after the copied ids, and the copied keys still answer retries.
    const replay = await postgres.leads.submit({ lead: { email: 'person3@example.com', firstName: 'P3', ratings: [1, 2, 3, 3, 2, 1, 1, 2, 2] }, idempotencyKey: 'key-3' });
    expect(replay).toMatchObject({ kind: 'stored', replayed: true });
    await postgres.leads.submit({ lead: { email: 'new@example.com', firstName: 'New', ratings: [1, 1, 1, 1, 1, 1, 1, 1, 1] } });
    const newest = (await postgres.dashboard.listLeads({ q: '', cursor: null, limit: 1, fromMs: null, toMs: null })).leads[0];
    expect(newest?.email).toBe('new@example.com');
    expect(Number(newest?.id)).toBeGreaterThan(30);
  } finally {
    await postgres.close();
  }

  const again = coach(['migrate-to-postgres'], env);
  expect(again.status).toBe(1);
  expect(again.stderr).toMatch(/not empty .*nothing was copied/);
}, 60_000);

test('the settings, their history and the audit log that names them: what each change changed, its version, what a restore brought back, who in words', async () => {
  const dataDir = tempDir();
  const clock = Date.UTC(2026, 10, 20, 9);
  const sqlite = SqliteStorage.open(dataDir, { now: () => clock });
  const sessionId = await sqlite.sessions.insert('token-hash', clock, clock + 3_600_000, clock - 3_600_000);
  const who = { actor: 'dashboard', sessionId, signedIn: { browser: 'Chrome on macOS', at: clock - 60_000 } } as const;
  const photo = { hash: 'a'.repeat(64), contentType: 'image/png', bytes: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0]) } as const;
  await sqlite.settings.writeSettings({
    changes: { coachName: '"Ana"', coachPhoto: `{"hash":"${photo.hash}"}` },
    picture: photo,
    audit: { action: 'settings_changed', who, fields: ['coachName', 'coachPhoto'] },
    now: clock,
  });
  await sqlite.settings.writeSettings({ changes: { coachName: '"Bea"' }, audit: { action: 'settings_changed', who, fields: ['coachName'] }, now: clock + 1 });
  const restored = await sqlite.settings.restoreVersion({ revision: 1, who, now: clock + 2 });
  expect(restored).not.toBeNull();
  const columns = 'id, at, action, actor, session_id, browser, signed_in_at, fields, revision, restored_from';
  const before = sqlite.db.prepare(`SELECT ${columns} FROM audit_log ORDER BY id`).all();
  const history = { audit: await sqlite.audit.list(null, 100), settings: await sqlite.settings.readSettings(), versions: await sqlite.settings.listVersions(null, 100), photo: await sqlite.settings.readPicture(photo.hash) };
  expect(history.photo?.bytes).toEqual(photo.bytes);
  // What the copy must carry: the fields changed, the versions, the restore's origin, the browser in words.
  expect(before.at(-1)).toMatchObject({ action: 'settings_restored', fields: '["coachName"]', revision: restored, restored_from: 1, browser: 'Chrome on macOS' });
  await sqlite.close();

  const database = await freshPostgres();
  const copied = coach(['migrate-to-postgres'], { DATA_DIR: dataDir, DATABASE_URL: database.url });
  expect(copied.stderr).toBe('');
  const postgres = await PostgresStorage.open(database, { now: () => clock });
  try {
    const after = (await postgres.pool.query<Record<string, unknown>>(`SELECT ${columns} FROM audit_log ORDER BY id`)).rows;
    // Postgres reads bigint as text: compare as SQLite reads them.
    const asNumbers = after.map((row) => Object.fromEntries(Object.entries(row).map(([key, value]) => [key, typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value])));
    expect(asNumbers).toEqual(before);
    // The settings and their history too: each entry reads the versions it went between (old → new), and the next change continues after them.
    expect({ audit: await postgres.audit.list(null, 100), settings: await postgres.settings.readSettings(), versions: await postgres.settings.listVersions(null, 100), photo: await postgres.settings.readPicture(photo.hash) }).toEqual(history);
    expect(await postgres.settings.writeSettings({ changes: { coachName: '"Cleo"' }, audit: { action: 'settings_changed', who, fields: ['coachName'] }, now: clock + 3 })).toBe(4);
  } finally {
    await postgres.close();
  }
}, 60_000);
