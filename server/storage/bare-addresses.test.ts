/**
 * Migration 12 on both backends: addresses stored before the lead API took only a plain address
 * (`x<victim@example.com>`, `grp:victim@example.com;`) become the address inside, so erase and the
 * export find the person under it; other forms are left as they were.
 */
import { expect, test } from 'vitest';
import { tempDir } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { postgresMigrationSql } from './postgres/migrations';
import { PostgresStorage } from './postgres/storage';
import { openDatabase } from './sqlite/connection';
import { sqliteMigrationSql } from './sqlite/migrations';
import { SqliteStorage } from './sqlite/storage';

const stored = ['x<victim@example.com>', 'grp:victim@example.com;', 'victim@example.com', 'victim@[127.0.0.1]', 'a<b>c@example.com>', 'ok@example.com'];
const after = ['victim@example.com', 'victim@example.com', 'victim@example.com', 'victim@[127.0.0.1]', 'a<b>c@example.com>', 'ok@example.com'];
const insert = `INSERT INTO submissions (public_id, email, first_name, ratings, submitted_at) VALUES ${stored.map((_, index) => `('p${index}', $${index + 1}, 'Ana', '123123123', ${1000 + index})`).join(', ')}`;

test('SQLite: a display name or a group stored as an address becomes the address inside; erase then finds all three', async () => {
  const dataDir = tempDir();
  const db = openDatabase(dataDir);
  db.prepare(insert.replace(/\$\d+/g, '?')).run(...stored);
  db.exec(sqliteMigrationSql['bare-addresses'] ?? '');
  expect(db.prepare('SELECT email FROM submissions ORDER BY submitted_at').pluck().all()).toEqual(after);
  db.close();
  const storage = await SqliteStorage.open(dataDir, {});
  try {
    expect(await storage.dashboard.eraseLead('victim@example.com')).toMatchObject({ submissions: 3 });
  } finally {
    await storage.close();
  }
});

test('Postgres: the same', async () => {
  const storage = await PostgresStorage.open(await freshPostgres(), {});
  try {
    await storage.pool.query(insert, stored);
    await storage.pool.query(postgresMigrationSql['bare-addresses'] ?? '');
    expect((await storage.pool.query<{ email: string }>('SELECT email FROM submissions ORDER BY submitted_at')).rows.map((row) => row.email)).toEqual(after);
    expect(await storage.dashboard.eraseLead('victim@example.com')).toMatchObject({ submissions: 3 });
  } finally {
    await storage.close();
  }
});
