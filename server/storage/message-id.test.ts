import { afterEach, expect, test, vi } from 'vitest';
import { newMessageId } from './message-id';

const DAY = 24 * 60 * 60 * 1000;
/** `msg_` and a UUIDv7 in its canonical form (RFC 9562: version 7, variant 10). */
const messageIdFormat = /^msg_[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  vi.useRealTimers();
});

/** Each case starts a day after the one before, as a server that runs on. */
let startOfCase = Date.UTC(2026, 10, 26, 12);

test.each<[string, number[]]>([
  ['1,000 in one millisecond', Array<number>(1_000).fill(0)],
  ['one a millisecond', Array<number>(1_000).fill(1)],
  ['a day apart', [0, DAY, DAY]],
  ['the clock set back a second (a time sync) between two', [0, 0, -1_000, 0, 1]],
])('%s: made in order, they sort in that order, and no two are the same', (_, clockSteps) => {
  startOfCase += DAY * 10;
  vi.useFakeTimers({ toFake: ['Date'], now: startOfCase });
  const ids = clockSteps.map((step) => {
    vi.setSystemTime(Date.now() + step);
    return newMessageId();
  });
  expect(ids.filter((id) => !messageIdFormat.test(id))).toEqual([]);
  expect([...ids].sort()).toEqual(ids);
  expect(new Set(ids).size).toBe(ids.length);
});
