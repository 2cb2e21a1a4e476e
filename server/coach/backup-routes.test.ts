/**
 * "Download a backup" while leads are being written: the file opens as a SQLite database and holds
 * every lead acknowledged (201) before the download began. On Postgres the page points elsewhere.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, expect, test } from 'vitest';
import { coachApi } from '../../src/shared/coach-api/routes';
import { coachAccessApi } from '../../src/shared/coach-api/access';
import { ownOrigin, setTestPassword, signIn } from '../test/coach-session';
import { postLead, startApp, tempDir, testConfig, testSettingsKey, validLead } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { openSqlite } from '../storage/sqlite/binding';
import { SESSION_COOKIE } from './sessions';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

test('a backup downloaded while leads are being written opens, and holds every lead acknowledged before the download began', async () => {
  const { app, url } = await startApp(testConfig({ rateLimit: { max: 100_000, windowMs: 60_000 } }));
  cleanups.push(() => app.close());
  await setTestPassword(app);
  const token = (await signIn(app)).cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';

  // Writers that keep storing leads before, during and after the download; each 201 is recorded.
  const acknowledged: string[] = [];
  let writing = true;
  let sent = 0;
  const writer = async () => {
    while (writing) {
      const email = `lead-${(sent += 1)}@example.org`;
      if ((await postLead(url, { ...validLead, email })).status === 201) acknowledged.push(email);
    }
  };
  const writers = [writer(), writer(), writer()];
  await expect.poll(() => acknowledged.length, { timeout: 10_000 }).toBeGreaterThan(50);

  const before = [...acknowledged];
  const response = await fetch(`${url}${coachAccessApi.backup}`, { headers: { cookie: `${SESSION_COOKIE}=${token}`, origin: ownOrigin } });
  const bytes = Buffer.from(await response.arrayBuffer());
  writing = false;
  await Promise.all(writers);

  expect(response.status).toBe(200);
  expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="core-drivers-backup-\d{4}-\d{2}-\d{2}\.db"$/);
  expect(response.headers.get('cache-control')).toBe('no-store');
  const file = join(tempDir(), 'backup.db');
  writeFileSync(file, bytes);
  const db = openSqlite(file, { readonly: true });
  cleanups.push(() => db.close());
  expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
  const stored = new Set(db.prepare<[], { email: string }>('SELECT email FROM submissions').all().map((row) => row.email));
  expect(before.filter((email) => !stored.has(email))).toEqual([]);
  expect(acknowledged.length).toBeGreaterThan(before.length);

  // Logged, and no copy left behind under DATA_DIR.
  const audit = await app.inject({ method: 'GET', url: coachApi.audit, cookies: { [SESSION_COOKIE]: token } });
  expect(audit.json<{ entries: { action: string }[] }>().entries.map((entry) => entry.action)).toContain('backup');
  const session = await app.inject({ method: 'GET', url: coachApi.session, cookies: { [SESSION_COOKIE]: token } });
  expect(session.json()).toMatchObject({ backup: 'download' });
}, 60_000);

test('on Postgres the backup is the database’s own: the download is refused with where to look', async () => {
  const { app } = await startApp(testConfig({ database: await freshPostgres(), settingsKey: testSettingsKey }));
  cleanups.push(() => app.close());
  await setTestPassword(app);
  const token = (await signIn(app)).cookies.find((cookie) => cookie.name === SESSION_COOKIE)?.value ?? '';
  const response = await app.inject({ method: 'GET', url: coachAccessApi.backup, cookies: { [SESSION_COOKIE]: token } });
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({ error: 'backup_elsewhere', message: expect.stringContaining('pg_dump') });
  expect((await app.inject({ method: 'GET', url: coachApi.session, cookies: { [SESSION_COOKIE]: token } })).json()).toMatchObject({ backup: 'database' });
});
