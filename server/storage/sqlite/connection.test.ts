import { join } from 'node:path';
import { expect, test } from 'vitest';
import { storeWith, testLead } from '../../test/helpers';
import { openSqlite } from './binding';
import { backupDatabase } from './connection';

const lead = testLead;

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
