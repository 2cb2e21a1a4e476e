/**
 * The layout, kept true: no file over 400 lines under server/ or src/ (docs and tests included), and
 * the two storage backends with one file per concern under the same names (server/storage/storage.ts
 * says why).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from 'vitest';

const serverDir = new URL('.', import.meta.url).pathname;
const srcDir = new URL('../src/', import.meta.url).pathname;
const MAX_LINES = 400;

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

test.each([
  ['server/', serverDir],
  ['src/', srcDir],
])(`no file under %s is over ${MAX_LINES} lines`, (_name, dir) => {
  const long = filesUnder(dir)
    .map((file) => ({ file: relative(dir, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
    .filter(({ lines }) => lines > MAX_LINES);
  expect(long).toEqual([]);
});

/** What only SQLite has: the better-sqlite3 each Node loads, the thread it runs in (and its main-thread side), and the batch's shape across that thread. */
const sqliteOnly = ['batch-message.ts', 'binding.ts', 'thread.ts', 'thread-storage.ts'];

test('both storage backends have the same files, one per concern', () => {
  const sources = (backend: string) =>
    readdirSync(join(serverDir, 'storage', backend))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .sort();
  expect(sources('sqlite').filter((name) => !sqliteOnly.includes(name))).toEqual(sources('postgres'));
});
