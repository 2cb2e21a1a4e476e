/** The storage contract's part for the offers' counters (server/offers/), the same suite against both backends. */
import { afterEach, describe, expect, test } from 'vitest';
import { tempDir } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { PostgresStorage } from './postgres/storage';
import { SqliteStorage } from './sqlite/storage';
import type { OfferKey } from './offer-counts';
import type { Storage } from './storage';

const backends: [string, () => Promise<Storage>][] = [
  ['SQLite', async () => SqliteStorage.open(tempDir(), { now: () => Date.now() })],
  ['Postgres', async () => PostgresStorage.open(await freshPostgres(), { now: () => Date.now() })],
];

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

describe.each(backends)('%s', (_name, open) => {
  test('offer counts add up across writes and are summed per offer, pattern and step over the days asked for', async () => {
    const storage = await open();
    opened.push(storage);
    const start: OfferKey = { offer: 'start1', pattern: 'mostWeak', step: 'seen' };
    await storage.addOfferCounts([
      { day: '2026-10-31', key: start, count: 2 },
      { day: '2026-11-01', key: start, count: 3 },
      { day: '2026-11-01', key: { ...start, step: 'click' }, count: 1 },
      { day: '2026-11-02', key: { offer: 'default', pattern: 'general', step: 'lead' }, count: 5 },
    ]);
    await storage.addOfferCounts([{ day: '2026-11-01', key: start, count: 4 }]);
    expect(await storage.readOfferCounts('2026-11-01', '2026-11-30')).toEqual([
      { offer: 'default', pattern: 'general', step: 'lead', count: 5 },
      { offer: 'start1', pattern: 'mostWeak', step: 'click', count: 1 },
      { offer: 'start1', pattern: 'mostWeak', step: 'seen', count: 7 },
    ]);
    expect(await storage.readOfferCounts('2026-10-31', '2026-10-31')).toEqual([{ offer: 'start1', pattern: 'mostWeak', step: 'seen', count: 2 }]);
    expect(await storage.readOfferCounts('2026-12-01', '2026-12-31')).toEqual([]);
  });

  test('two writers adding to the same counters at once lose nothing', async () => {
    const storage = await open();
    opened.push(storage);
    const key: OfferKey = { offer: 'default', pattern: 'allWeak', step: 'click' };
    await Promise.all(Array.from({ length: 20 }, () => storage.addOfferCounts([{ day: '2026-11-05', key, count: 1 }, { day: '2026-11-05', key: { ...key, step: 'seen' }, count: 2 }])));
    expect(await storage.readOfferCounts('2026-11-05', '2026-11-05')).toEqual([
      { ...key, count: 20 },
      { ...key, step: 'seen', count: 40 },
    ]);
  });
});
