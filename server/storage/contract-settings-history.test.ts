/**
 * The storage contract's part for the history of the coach's settings (server/settings/history.ts),
 * the same suite against both backends: every write is a version, a restore makes the settings
 * exactly an earlier version's as a new one (logged, one transaction), the audit log reads with the
 * versions a change went between, and old versions go with the pictures only they showed.
 */
import { describe, expect, test } from 'vitest';
import { storageBackends } from '../test/storage-backends';
import { SETTINGS_VERSIONS_KEPT } from './settings-versions';
import type { Actor, Storage, StoredPicture } from './storage';

const who: Actor = { actor: 'dashboard', sessionId: 3, signedIn: { browser: 'Firefox on Windows', at: Date.UTC(2026, 10, 3, 9) } };
const picture = (letter: string): StoredPicture => ({ hash: letter.repeat(64), contentType: 'image/png', bytes: Buffer.from(letter) });

describe.each(storageBackends)('%s', (_name, open) => {
  const clock = Date.UTC(2026, 10, 20, 12);
  const start = async () => {
    const storage = await open({ now: () => clock });
    return storage;
  };
  const write = (storage: Storage, changes: Record<string, string | null>, extra: { picture?: StoredPicture | null; now?: number } = {}) =>
    storage.settings.writeSettings({ changes, picture: extra.picture, audit: { action: 'settings_changed', who, fields: Object.keys(changes) }, now: extra.now ?? clock });

  test('every write is a version: all settings as they stood, when and by whom, newest first, a page at a time', async () => {
    const storage = await start();
    await write(storage, { coachName: '"Sam"', courseUrl: '"https://sam.example/"' }, { now: clock + 1 });
    await write(storage, { coachName: '"Dana"' }, { now: clock + 2 });
    const versions = await storage.settings.listVersions(null, 10);
    expect(versions.map((version) => [version.revision, version.at, version.values, version.who, version.action])).toEqual([
      [2, clock + 2, { coachName: '"Dana"', courseUrl: '"https://sam.example/"' }, who, 'settings_changed'],
      [1, clock + 1, { coachName: '"Sam"', courseUrl: '"https://sam.example/"' }, who, 'settings_changed'],
      // The settings as they were when the history began (here: none), by nobody.
      [0, expect.any(Number), {}, null, null],
    ]);
    expect((await storage.settings.listVersions(2, 1)).map((version) => version.revision)).toEqual([1]);
  });

  test('a restore makes the settings exactly that version’s, as a new version, logged with what it changed', async () => {
    const storage = await start();
    await write(storage, { coachName: '"Sam"', coachIntro: '"Hi"' });
    await write(storage, { coachName: '"Dana"', coachIntro: null, courseUrl: '"https://dana.example/"' });
    expect(await storage.settings.restoreVersion({ revision: 1, who, now: clock + 5 })).toBe(3);
    expect(await storage.settings.readSettings()).toEqual({ revision: 3, values: { coachName: '"Sam"', coachIntro: '"Hi"' } });
    const [restored] = await storage.settings.listVersions(null, 1);
    expect(restored).toMatchObject({ revision: 3, action: 'settings_restored', restoredFrom: 1, who });

    const [entry] = (await storage.audit.list(null, 1)).entries;
    expect(entry).toMatchObject({ action: 'settings_restored', restoredFrom: 1, sessionId: 3 });
    expect(entry?.fields?.sort()).toEqual(['coachIntro', 'coachName', 'courseUrl']);
    expect(entry?.settings).toEqual({
      before: { coachName: '"Dana"', courseUrl: '"https://dana.example/"' },
      after: { coachName: '"Sam"', coachIntro: '"Hi"' },
    });
    // A version never kept: nothing happens, nothing is logged.
    expect(await storage.settings.restoreVersion({ revision: 99, who, now: clock })).toBeNull();
    expect(await storage.settings.readRevision()).toBe(3);
    expect((await storage.audit.list(null, 10)).entries).toHaveLength(3);
  });

  test('a restore and writes at once: each its own revision, and the settings are some version whole', async () => {
    const storage = await start();
    await write(storage, { coachName: '"Sam"' });
    const results = await Promise.all([
      write(storage, { coachName: '"Dana"', coachIntro: '"Hello"' }),
      storage.settings.restoreVersion({ revision: 1, who, now: clock }),
      write(storage, { courseUrl: '"https://x.example/"' }),
    ]);
    expect([...results].sort()).toEqual([2, 3, 4]);
    const versions = await storage.settings.listVersions(null, 10);
    expect((await storage.settings.readSettings()).values).toEqual(versions[0]?.values);
  });

  test('pictures stay while a kept version shows them, so a restore brings one back; older versions go', async () => {
    const storage = await start();
    await write(storage, { coachPhoto: '{"hash":"aaaa"}' }, { picture: picture('a') });
    await write(storage, { coachPhoto: `{"hash":"${'b'.repeat(64)}"}` }, { picture: picture('b') });
    await write(storage, { coachPhoto: `{"hash":"${'a'.repeat(64)}"}` }, { picture: picture('a') });
    expect(await storage.settings.readPicture('b'.repeat(64))).toEqual(picture('b'));
    expect(await storage.settings.restoreVersion({ revision: 2, who, now: clock })).toBe(4);
    expect((await storage.settings.readSettings()).values.coachPhoto).toBe(`{"hash":"${'b'.repeat(64)}"}`);

    // Enough writes that every version showing picture a is gone: so is a, and b (in force) stays.
    for (let index = 0; index < SETTINGS_VERSIONS_KEPT; index += 1) await write(storage, { coachName: `"${index}"` });
    const kept = await storage.settings.listVersions(null, SETTINGS_VERSIONS_KEPT + 10);
    expect(kept).toHaveLength(SETTINGS_VERSIONS_KEPT);
    expect(await storage.settings.readPicture('a'.repeat(64))).toBeNull();
    expect(await storage.settings.readPicture('b'.repeat(64))).toEqual(picture('b'));
    // The audit entries stay; one whose versions went no longer says what changed.
    const oldest = (await storage.audit.list(null, 500)).entries.at(-1);
    expect(oldest).toMatchObject({ fields: ['coachPhoto'], settings: null });
  });
});
