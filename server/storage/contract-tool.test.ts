/**
 * The storage contract's part for the e-mail tool's channel, the same suite against both backends
 * (and SQLite's storage thread, as the server runs it): a lead is queued for the tool in the
 * submission's transaction with the consent box off, or in the confirmation's with it on, never
 * both; its rows are the tool's queue's alone.
 */
import { afterEach, describe, expect, test } from 'vitest';
import type { Lead } from '../../src/shared/lead';
import { newLinkToken } from '../mail/links';
import { tempDir } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { PostgresStorage } from './postgres/storage';
import { SqliteStorage } from './sqlite/storage';
import { SqliteThreadStorage } from './sqlite/thread-storage';
import type { DueRow, OutboxQueue, StoreOptions, Storage, StoredConsent } from './storage';

const backends: [string, (options: StoreOptions) => Promise<Storage>][] = [
  ['SQLite', async (options) => SqliteStorage.open(tempDir(), options)],
  ['SQLite (storage thread)', async (options) => SqliteThreadStorage.open(tempDir(), options)],
  ['Postgres', async (options) => PostgresStorage.open(await freshPostgres(), options)],
];

const lead = (email: string): Lead => ({ email, firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] });
const ticked: StoredConsent = { version: 'abcdef0123456789', wording: 'Yes, you may e-mail me.', marketing: true };
const T0 = Date.UTC(2026, 10, 26, 9);

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

const claimAll = async (queue: OutboxQueue, now: number): Promise<DueRow[]> => queue.claimDue(now, 100, 60_000);

describe.each(backends)('%s', (_name, open) => {
  async function start(tool: 'submitted' | 'confirmed' | null, mail = false) {
    const storage = await open({ outbox: () => false, email: () => mail, tool: () => tool, now: () => T0 });
    opened.push(storage);
    return storage;
  }

  test('with the consent box off, each new submission is queued for the tool at once (a replay is not)', async () => {
    const storage = await start('submitted');
    await storage.submit(lead('ada@example.com'), 'key-1');
    await storage.submit(lead('ada@example.com'), 'key-1');
    await storage.submit(lead('bea@example.com'));
    const rows = await claimAll(storage.toolOutbox, T0);
    expect(rows.map((row) => [row.email, row.event, row.ratings])).toEqual([
      ['ada@example.com', 'lead.submitted', '123123123'],
      ['bea@example.com', 'lead.submitted', '123123123'],
    ]);
    // The tool's rows are its queue's alone.
    expect(await claimAll(storage.outbox, T0)).toEqual([]);
    expect(await claimAll(storage.mailOutbox, T0)).toEqual([]);
  });

  test('with the box on, nothing is queued at submission; the confirmation queues one lead.confirmed, once', async () => {
    // Mail on: the results e-mail carries the confirm link (its row says which submission).
    const storage = await start('confirmed', true);
    await storage.submit(lead('ada@example.com'), undefined, ticked);
    expect(await claimAll(storage.toolOutbox, T0)).toEqual([]);
    const submissionId = (await claimAll(storage.mailOutbox, T0))[0]?.submission_id ?? 0;
    const confirm = newLinkToken();
    await storage.addLinks([{ tokenHash: confirm.hash, kind: 'confirm', submissionId, createdAt: T0, expiresAt: T0 + 86_400_000 }]);
    expect(await storage.confirmByLink(confirm.hash, T0 + 1000)).toMatchObject({ confirmedAt: T0 + 1000 });
    expect(await storage.confirmByLink(confirm.hash, T0 + 2000)).toMatchObject({ confirmedAt: T0 + 1000 });
    const rows = await claimAll(storage.toolOutbox, T0 + 3000);
    expect(rows.map((row) => [row.email, row.event, row.marketing_confirmed_at])).toEqual([['ada@example.com', 'lead.confirmed', T0 + 1000]]);
  });

  test('with no tool set, nothing is queued for it', async () => {
    const storage = await start(null);
    await storage.submit(lead('ada@example.com'), undefined, ticked);
    expect(await claimAll(storage.toolOutbox, T0)).toEqual([]);
  });
});
