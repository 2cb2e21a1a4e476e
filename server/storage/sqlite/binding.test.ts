/** The SQLite binding for each Node: 12 on Node 20, 13 where Node-API 10 is (Node 22.14+, 24). */
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { expect, test } from 'vitest';
import { openSqlite, sqliteBindingFor } from './binding';

test.each([
  { napi: '9', node: 'Node 20', binding: 'better-sqlite3' },
  { napi: '10', node: 'Node 22.14+ and 24', binding: 'better-sqlite3-13' },
  { napi: '11', node: 'a later Node', binding: 'better-sqlite3-13' },
  { napi: undefined, node: 'a runtime without Node-API', binding: 'better-sqlite3' },
])('Node-API $napi ($node) loads $binding', ({ napi, binding }) => {
  expect(sqliteBindingFor(napi)).toBe(binding);
});

test('this Node loads the binding chosen for it, and it works', () => {
  const binding = sqliteBindingFor(process.versions.napi);
  const { version } = createRequire(import.meta.url)(`${binding}/package.json`) as { version: string };
  expect(version.split('.')[0]).toBe(binding === 'better-sqlite3-13' ? '13' : '12');
  const db = openSqlite(':memory:');
  expect(db.prepare('select 6 * 7 as answer').get()).toEqual({ answer: 42 });
  db.close();
});

// better-sqlite3 12 on Node 24 aborts the process (SIGABRT, no JS error) as soon as the garbage
// collector frees a prepared statement. Thousands of one-off statements make sure it runs.
test('a process that prepares and drops 20,000 statements exits cleanly', () => {
  const script = `
    import { openSqlite } from ${JSON.stringify(new URL('./binding.ts', import.meta.url).pathname)};
    const db = openSqlite(':memory:');
    for (let i = 0; i < 20000; i++) db.prepare('select ' + i).get();
    db.close();
    console.log('done');
  `;
  const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(run.stderr).not.toMatch(/Assertion failed/);
  expect({ status: run.status, signal: run.signal, stdout: run.stdout.trim() }).toEqual({
    status: 0,
    signal: null,
    stdout: 'done',
  });
});
