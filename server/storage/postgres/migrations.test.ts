/** Postgres migrations: run once however many instances start at the same moment (an advisory lock). */
import pg from 'pg';
import { expect, test } from 'vitest';
import { freshPostgres } from '../../test/postgres';
import { PostgresStorage } from './storage';
import { migratePostgres, postgresMigrations } from './migrations';

test('several connections migrating one empty database at once apply each migration exactly once', async () => {
  const { url } = await freshPostgres();
  // Separate pools: separate sessions, as separate instances would have.
  const pools = Array.from({ length: 6 }, () => new pg.Pool({ connectionString: url, max: 1 }));
  try {
    const ran = await Promise.all(pools.map((pool) => migratePostgres(pool)));
    expect(ran.reduce((sum, count) => sum + count, 0)).toBe(postgresMigrations.length);
    expect(ran.filter((count) => count > 0)).toHaveLength(1);
    const { rows } = await (pools[0] as pg.Pool).query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
    expect(rows.map((row) => row.version)).toEqual(postgresMigrations.map((_, index) => index + 1));
    // And again later: nothing to do.
    expect(await migratePostgres(pools[1] as pg.Pool)).toBe(0);
  } finally {
    await Promise.all(pools.map((pool) => pool.end()));
  }
});

test('instances starting together all open the database (migrated once, profile aggregate built once)', async () => {
  const settings = await freshPostgres();
  const storages = await Promise.all(Array.from({ length: 3 }, () => PostgresStorage.open(settings, { outbox: false, timeZone: 'Europe/Berlin' })));
  try {
    const [first] = storages;
    if (!first) throw new Error('opened');
    const meta = await first.pool.query('SELECT key, value FROM analytics_meta');
    expect(meta.rows).toEqual([{ key: 'profile_time_zone', value: 'Europe/Berlin' }]);
  } finally {
    await Promise.all(storages.map((storage) => storage.close()));
  }
});

test('a database migrated by a newer version of the app is refused, naming DATABASE_URL but not the password', async () => {
  const settings = await freshPostgres();
  const pool = new pg.Pool({ connectionString: settings.url, max: 1 });
  await migratePostgres(pool);
  await pool.query('INSERT INTO schema_migrations (version) VALUES ($1)', [postgresMigrations.length + 1]);
  await pool.end();
  const withPassword = { ...settings, url: settings.url.replace('postgres@', 'postgres:hunter2secret@'), safeUrl: settings.url.replace('postgres@', 'postgres:***@') };
  const opening = PostgresStorage.open(withPassword, { outbox: false });
  await expect(opening).rejects.toThrow(/DATABASE_URL .*newer than this app knows/);
  await expect(opening).rejects.not.toThrow(/hunter2secret/);
});
