/** Without Postgres's binaries the run fails, saying how to install them: the Postgres tests never skip. */
import { afterEach, expect, test } from 'vitest';
import { findPostgresBin } from './postgres-cluster';
import { tempDir } from './helpers';

const saved = process.env.PG_BIN;
afterEach(() => {
  if (saved === undefined) delete process.env.PG_BIN;
  else process.env.PG_BIN = saved;
});

test('a folder without initdb is refused with install instructions', () => {
  process.env.PG_BIN = tempDir();
  expect(() => findPostgresBin()).toThrow(/holds no initdb\. Postgres is needed.*sudo apt-get install postgresql.*\.ci\/run/);
});

test("Debian's binaries are found without configuration", () => {
  delete process.env.PG_BIN;
  expect(findPostgresBin()).toMatch(/^\/usr\/lib\/postgresql\/\d+\/bin$/);
});
