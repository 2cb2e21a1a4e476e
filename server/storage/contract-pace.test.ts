/** The storage contract's part for the e-mail tool's pace window (./pace.ts), the same suite against both backends. */
import { afterEach, describe, expect, test } from 'vitest';
import { tempDir } from '../test/helpers';
import { freshPostgres } from '../test/postgres';
import { PostgresStorage } from './postgres/storage';
import { SqliteStorage } from './sqlite/storage';
import { SqliteThreadStorage } from './sqlite/thread-storage';
import type { Storage } from './storage';

const options = { outbox: () => false, now: () => Date.now() };
const backends: [string, () => Promise<Storage>][] = [
  ['SQLite', async () => SqliteStorage.open(tempDir(), options)],
  ['SQLite (storage thread, as the server runs it)', async () => SqliteThreadStorage.open(tempDir(), options)],
  ['Postgres', async () => PostgresStorage.open(await freshPostgres(), options)],
];

const opened: Storage[] = [];
afterEach(async () => {
  for (const storage of opened.splice(0)) await storage.close();
});

/** The most slots that fall in any window of `windowMs`. */
const busiest = (slots: number[], windowMs: number) => Math.max(...slots.map((start) => slots.filter((at) => at >= start && at < start + windowMs).length));

describe.each(backends)('%s', (_name, open) => {
  test('a burst takes ten slots a window, in order, and never more in any window', async () => {
    const storage = await open();
    opened.push(storage);
    const slots: (number | null)[] = [];
    for (let index = 0; index < 25; index += 1) slots.push(await storage.paceWindow.take('key-a', 10, 1000, 0, Infinity));
    expect(slots).toEqual([...Array<number>(10).fill(0), ...Array<number>(10).fill(1000), ...Array<number>(5).fill(2000)]);
    // Another key has its own window.
    expect(await storage.paceWindow.take('key-b', 10, 1000, 0, Infinity)).toBe(0);
    // Time passes: the old starts leave the window.
    expect(await storage.paceWindow.take('key-a', 10, 1000, 3500, Infinity)).toBe(3500);
  });

  test('a slot after the deadline is not taken; the next free one is told', async () => {
    const storage = await open();
    opened.push(storage);
    for (let index = 0; index < 2; index += 1) await storage.paceWindow.take('key', 2, 1000, 0, 0);
    expect(await storage.paceWindow.take('key', 2, 1000, 10, 500)).toBeNull();
    expect(await storage.paceWindow.nextFree('key', 2, 1000, 10)).toBe(1000);
    expect(await storage.paceWindow.take('key', 2, 1000, 10, 1000)).toBe(1000);
  });

  test('a slot given back (taken, not used) counts no more; one of two alike goes, and another key keeps its own', async () => {
    const storage = await open();
    opened.push(storage);
    for (const key of ['key', 'key', 'other']) await storage.paceWindow.take(key, 2, 1000, 0, Infinity);
    expect(await storage.paceWindow.nextFree('key', 2, 1000, 10)).toBe(1000);
    await storage.paceWindow.giveBack('key', 0);
    expect(await storage.paceWindow.take('key', 2, 1000, 10, Infinity)).toBe(10);
    // The other start at 0 still counts: full again until it leaves the window.
    expect(await storage.paceWindow.nextFree('key', 2, 1000, 20)).toBe(1000);
    // A slot nobody took: nothing changes.
    await storage.paceWindow.giveBack('key', 500);
    expect(await storage.paceWindow.nextFree('key', 2, 1000, 20)).toBe(1000);
    expect(await storage.paceWindow.nextFree('other', 1, 1000, 20)).toBe(1000);
  });

  test('a hold (a 429) keeps every slot of its key after it; a shorter one never shortens it', async () => {
    const storage = await open();
    opened.push(storage);
    await storage.paceWindow.hold('key', 30_000);
    await storage.paceWindow.hold('key', 5_000);
    expect(await storage.paceWindow.take('key', 100, 60_000, 0, Infinity)).toBe(30_000);
    expect(await storage.paceWindow.nextFree('other', 100, 60_000, 0)).toBe(0);
  });

  test('many takes at once stay within the window', async () => {
    const storage = await open();
    opened.push(storage);
    const slots = await Promise.all(Array.from({ length: 30 }, () => storage.paceWindow.take('key', 10, 1000, 0, Infinity)));
    expect(busiest(slots as number[], 1000)).toBe(10);
    expect(slots.filter((at) => at === 2000)).toHaveLength(10);
  });

  test('connections at once: at most `size` held; one given back is free again; a hold that ended (a killed holder) is taken over', async () => {
    const storage = await open();
    opened.push(storage);
    const window = storage.paceWindow;
    const taken = [];
    for (const holder of ['h1', 'h2', 'h3']) taken.push(await window.takeConnection('key', 3, holder, 0, 10_000));
    expect(taken).toEqual([0, 1, 2]);
    expect(await window.takeConnection('key', 3, 'h4', 0, 10_000)).toBeNull();
    // Another key has its own connections.
    expect(await window.takeConnection('other', 3, 'h5', 0, 10_000)).toBe(0);
    // Given back: free again; a release by one that no longer holds it changes nothing.
    await window.releaseConnection('key', 1, 'h2');
    await window.releaseConnection('key', 0, 'not-h1');
    expect(await window.takeConnection('key', 3, 'h6', 0, 10_000)).toBe(1);
    expect(await window.takeConnection('key', 3, 'h7', 0, 10_000)).toBeNull();
    // The holds end at 10 s: every connection is free again, taken over by new holders...
    expect(await window.takeConnection('key', 3, 'h8', 10_000, 20_000)).toBe(0);
    // ...and the old holder's late release leaves the new holder's hold alone.
    await window.releaseConnection('key', 0, 'h1');
    expect(await window.takeConnection('key', 3, 'h9', 10_000, 20_000)).toBe(1);
    expect(await window.takeConnection('key', 3, 'h10', 10_000, 20_000)).toBe(2);
    expect(await window.takeConnection('key', 3, 'h11', 10_000, 20_000)).toBeNull();
  });

  test('many takes of a connection at once: never more than `size` held', async () => {
    const storage = await open();
    opened.push(storage);
    const slots = await Promise.all(Array.from({ length: 25 }, (_, index) => storage.paceWindow.takeConnection('key', 10, `h${index}`, 0, 60_000)));
    expect(slots.filter((slot) => slot !== null).toSorted((a, b) => (a ?? 0) - (b ?? 0))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  test('a refused key pauses its settings, told once; new settings are not paused, and the old pause is forgotten', async () => {
    const storage = await open();
    opened.push(storage);
    const refused = { status: 401, detail: 'The access token is invalid', at: 1000 };
    expect(await storage.paceWindow.pausedFor('settings-a')).toBeNull();
    expect(await storage.paceWindow.pause('settings-a', refused)).toBe(true);
    // Met again (another attempt, another instance): still the first refusal, not told again.
    expect(await storage.paceWindow.pause('settings-a', { ...refused, at: 2000 })).toBe(false);
    expect(await storage.paceWindow.pausedFor('settings-a')).toEqual(refused);
    expect(await storage.paceWindow.pausedFor('settings-b')).toBeNull();
    // A new key saved and refused too: only the settings in force are paused.
    expect(await storage.paceWindow.pause('settings-b', { ...refused, status: 403, at: 3000 })).toBe(true);
    expect(await storage.paceWindow.pausedFor('settings-a')).toBeNull();
    expect(await storage.paceWindow.pausedFor('settings-b')).toEqual({ ...refused, status: 403, at: 3000 });
    // The coach retried: the pause is lifted, and a refusal met again is told again.
    await storage.paceWindow.resume('settings-b');
    expect(await storage.paceWindow.pausedFor('settings-b')).toBeNull();
    expect(await storage.paceWindow.pause('settings-b', { ...refused, at: 4000 })).toBe(true);
  });
});

test('Postgres: two instances on one database share the window and the hold', async () => {
  const settings = await freshPostgres();
  const one = await PostgresStorage.open(settings, options);
  const two = await PostgresStorage.open(settings, options);
  opened.push(one, two);
  const slots = await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? one : two).paceWindow.take('key', 10, 1000, 0, Infinity)));
  expect(busiest(slots as number[], 1000)).toBe(10);
  expect([...new Set(slots)].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([0, 1000, 2000, 3000]);
  await one.paceWindow.hold('key', 90_000);
  expect(await two.paceWindow.take('key', 10, 1000, 5000, Infinity)).toBe(90_000);
  // A refused key met by one instance pauses the other too.
  expect(await one.paceWindow.pause('settings', { status: 401, detail: 'API Key Invalid', at: 1 })).toBe(true);
  expect(await two.paceWindow.pausedFor('settings')).toEqual({ status: 401, detail: 'API Key Invalid', at: 1 });
  expect(await two.paceWindow.pause('settings', { status: 401, detail: 'API Key Invalid', at: 2 })).toBe(false);
  // Lifted by one (the coach's Retry there), lifted for the other.
  await two.paceWindow.resume('settings');
  expect(await one.paceWindow.pausedFor('settings')).toBeNull();
});

test('Postgres: three instances on one database share the connections at once, and take over those of a killed one when its holds end', async () => {
  const settings = await freshPostgres();
  const instances = [await PostgresStorage.open(settings, options), await PostgresStorage.open(settings, options), await PostgresStorage.open(settings, options)];
  opened.push(...instances);
  const slots = await Promise.all(
    Array.from({ length: 30 }, (_, index) => instances[index % 3]?.paceWindow.takeConnection('key', 10, `h${index}`, 0, 5_000) ?? null),
  );
  expect(slots.filter((slot) => slot !== null)).toHaveLength(10);
  expect(new Set(slots.filter((slot) => slot !== null)).size).toBe(10);
  // The instances that held them are gone (killed): their holds end at 5 s, then another takes over.
  await Promise.all(instances.slice(0, 2).map((instance) => instance.close()));
  const survivor = instances[2];
  expect(await survivor?.paceWindow.takeConnection('key', 10, 'late', 4_999, 10_000)).toBeNull();
  expect(await survivor?.paceWindow.takeConnection('key', 10, 'late', 5_000, 10_000)).toBe(0);
});
