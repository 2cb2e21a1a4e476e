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

test('a flush while the timer\'s write is under way waits for it, then writes what was counted meanwhile', async () => {
  const written: number[] = [];
  let finishFirst = () => {};
  let writes = 0;
  const counter = new FunnelCounter(
    (rows) => {
      writes += 1;
      const counts = rows.map((row) => row.count);
      // The first write (the timer's) stays under way until the test lets it finish.
      if (writes === 1) return new Promise<void>((resolve) => (finishFirst = () => (written.push(...counts), resolve())));
      written.push(...counts);
    },
    (error) => {
      throw error;
    },
  );
  counter.add('2026-11-26', key('news', 'email'));
  const timers = counter.flush();
  counter.add('2026-11-26', key('news', 'email'));
  counter.add('2026-11-26', key('news', 'email'));
  const asked = counter.flush();
  finishFirst();
  await Promise.all([timers, asked]);
  expect(written).toEqual([1, 2]);
  await counter.close();
});
