import { expect, test } from 'vitest';
import type { FunnelKey } from '../storage/storage';
import { type DailyCount, FunnelCounter } from './counter';

const key = (source: string, medium: string): FunnelKey => ({ step: 'landing', source, medium, campaign: '', referrer: '' });

/** What one flush of these events writes, in the order the counters were first seen. */
async function flushed(events: [string, FunnelKey][]): Promise<DailyCount<FunnelKey>[]> {
  const written: DailyCount<FunnelKey>[] = [];
  const counter = new FunnelCounter((rows) => void written.push(...rows), (error) => {
    throw error;
  });
  for (const [day, event] of events) counter.add(day, event);
  await counter.close();
  return written;
}

test.each([
  ['the same day and key count together', [['2026-11-26', key('news', 'email')], ['2026-11-26', key('news', 'email')]], [2]],
  ['another day is another counter', [['2026-11-26', key('news', 'email')], ['2026-11-27', key('news', 'email')]], [1, 1]],
  ['a value moved to another field is another counter', [['2026-11-26', key('news', '')], ['2026-11-26', key('', 'news')]], [1, 1]],
  // The two would read the same if values were only joined with the separator in between.
  ['values holding the id separator stay apart', [['2026-11-26', key('a', '\u0000b')], ['2026-11-26', key('a\u0000', 'b')]], [1, 1]],
  ['a value holding the separator still counts with itself', [['2026-11-26', key('a\u0000', 'b')], ['2026-11-26', key('a\u0000', 'b')]], [2]],
] as [string, [string, FunnelKey][], number[]][])('%s', async (_name, events, counts) => {
  const rows = await flushed(events);
  expect(rows.map((row) => row.count)).toEqual(counts);
  // Each row keeps the day and key it was counted under.
  expect(new Set(rows.map((row) => JSON.stringify([row.day, row.key]))).size).toBe(rows.length);
});
