/** The storage contract's part for the offers' counters (server/offers/), the same suite against both backends. */
import { describe, expect, test } from 'vitest';
import { storageBackends } from '../test/storage-backends';
import type { OfferKey } from './offer-counts';

describe.each(storageBackends)('%s', (_name, open) => {
  test('offer counts add up across writes and are summed per offer, pattern and step over the days asked for', async () => {
    const storage = await open();
    const start: OfferKey = { offer: 'start1', pattern: 'mostWeak', step: 'seen' };
    await storage.offers.add([
      { day: '2026-10-31', key: start, count: 2 },
      { day: '2026-11-01', key: start, count: 3 },
      { day: '2026-11-01', key: { ...start, step: 'click' }, count: 1 },
      { day: '2026-11-02', key: { offer: 'default', pattern: 'general', step: 'lead' }, count: 5 },
    ]);
    await storage.offers.add([{ day: '2026-11-01', key: start, count: 4 }]);
    expect(await storage.offers.read('2026-11-01', '2026-11-30')).toEqual([
      { offer: 'default', pattern: 'general', step: 'lead', count: 5 },
      { offer: 'start1', pattern: 'mostWeak', step: 'click', count: 1 },
      { offer: 'start1', pattern: 'mostWeak', step: 'seen', count: 7 },
    ]);
    expect(await storage.offers.read('2026-10-31', '2026-10-31')).toEqual([{ offer: 'start1', pattern: 'mostWeak', step: 'seen', count: 2 }]);
    expect(await storage.offers.read('2026-12-01', '2026-12-31')).toEqual([]);
  });

  test('two writers adding to the same counters at once lose nothing', async () => {
    const storage = await open();
    const key: OfferKey = { offer: 'default', pattern: 'allWeak', step: 'click' };
    await Promise.all(Array.from({ length: 20 }, () => storage.offers.add([{ day: '2026-11-05', key, count: 1 }, { day: '2026-11-05', key: { ...key, step: 'seen' }, count: 2 }])));
    expect(await storage.offers.read('2026-11-05', '2026-11-05')).toEqual([
      { ...key, count: 20 },
      { ...key, step: 'seen', count: 40 },
    ]);
  });
});
