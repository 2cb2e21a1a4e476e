/**
 * The storage contract's part for the coach's door (server/storage/access.ts), the same suite
 * against both backends (and SQLite through the server's storage thread, where every method is
 * forwarded): passkeys, single-use challenges, the second factor and its recovery codes, reset
 * links, the signed-in browsers.
 */
import { describe, expect, test } from 'vitest';
import { storageBackends } from '../test/storage-backends';
import type { StoredPasskey } from './access';

const passkey = (id: string, createdAt: number): StoredPasskey => ({
  id,
  publicKey: `public-key-of-${id}`,
  counter: 0,
  transports: ['internal', 'hybrid'],
  name: `Key ${id}`,
  createdAt,
  lastUsedAt: null,
});

describe.each(storageBackends)('%s', (_name, open) => {
  const now = Date.UTC(2026, 10, 26, 9);
  const start = async () => {
    const storage = await open({ now: () => now });
    await storage.sessions.storePasswordHash('scrypt$hash', now);
    return storage;
  };

  test('passkeys are added, listed oldest first, used (counter and time), renamed and removed', async () => {
    const { access } = await start();
    await access.addPasskey(passkey('b', now + 1));
    await access.addPasskey(passkey('a', now));
    expect((await access.listPasskeys()).map((key) => key.id)).toEqual(['a', 'b']);
    expect(await access.passkey('a')).toEqual(passkey('a', now));
    expect(await access.usePasskey('a', 7, now + 5)).toBe(true);
    expect(await access.passkey('a')).toMatchObject({ counter: 7, lastUsedAt: now + 5 });
    expect(await access.renamePasskey('a', 'Laptop')).toBe(true);
    expect(await access.removePasskey('b')).toBe(true);
    expect(await access.removePasskey('b')).toBe(false);
    expect(await access.usePasskey('b', 1, now)).toBe(false);
    expect(await access.renamePasskey('b', 'Phone')).toBe(false);
    expect((await access.listPasskeys()).map((key) => [key.id, key.name])).toEqual([['a', 'Laptop']]);
    expect(await access.passkey('nope')).toBeNull();
  });

  test('a challenge works once, for its purpose, until it expires', async () => {
    const { access } = await start();
    await access.addChallenge('h1', 'register', now + 1000, now);
    await access.addChallenge('h2', 'sign_in', now + 1000, now);
    await access.addChallenge('h3', 'sign_in', now + 1000, now);
    expect(await access.takeChallenge('h1', 'sign_in', now)).toBe(false);
    // Taken for the wrong purpose, it is gone all the same.
    expect(await access.takeChallenge('h1', 'register', now)).toBe(false);
    expect(await access.takeChallenge('h2', 'sign_in', now)).toBe(true);
    expect(await access.takeChallenge('h2', 'sign_in', now)).toBe(false);
    expect(await access.takeChallenge('h3', 'sign_in', now + 1000)).toBe(false);
  });

  test('the second factor: enrolled from a pending secret, each step and recovery code used once, turned off', async () => {
    const storage = await start();
    const { access } = storage;
    expect(await access.readSecondFactor()).toEqual({ secret: null, pending: null, enabledAt: null, lastStep: 0, recoveryCodesLeft: 0 });
    // Nothing pending: a confirmation does nothing.
    expect(await access.confirmEnrolment('sealed-1', ['r1'], 100, 1, now)).toBe(false);
    await access.startEnrolment('sealed-1');
    await access.startEnrolment('sealed-2');
    expect(await access.readSecondFactor()).toMatchObject({ secret: null, pending: 'sealed-2' });
    // A confirmation of a replaced secret (another tab's) does nothing.
    expect(await access.confirmEnrolment('sealed-1', ['r1'], 100, 1, now)).toBe(false);

    const kept = await storage.sessions.insert('kept', now, now + 10_000, now - 10_000, 'Chrome on Linux');
    await storage.sessions.insert('other', now, now + 10_000, now - 10_000, 'Safari on iPhone');
    expect(await access.confirmEnrolment('sealed-2', ['r1', 'r2'], 100, kept, now)).toBe(true);
    expect(await access.readSecondFactor()).toEqual({ secret: 'sealed-2', pending: null, enabledAt: now, lastStep: 100, recoveryCodesLeft: 2 });
    // Turning it on signed out every other browser.
    expect((await access.listBrowsers(now, now - 10_000)).map((browser) => browser.id)).toEqual([kept]);

    expect(await access.useStep(100)).toBe(false);
    expect(await access.useStep(101)).toBe(true);
    expect(await access.useStep(101)).toBe(false);
    expect(await access.useStep(99)).toBe(false);
    expect(await access.useRecoveryCode('r1', now)).toBe(true);
    expect(await access.useRecoveryCode('r1', now)).toBe(false);
    expect(await access.useRecoveryCode('unknown', now)).toBe(false);
    expect((await access.readSecondFactor()).recoveryCodesLeft).toBe(1);

    await access.clearSecondFactor();
    expect(await access.readSecondFactor()).toEqual({ secret: null, pending: null, enabledAt: null, lastStep: 0, recoveryCodesLeft: 0 });
    expect(await access.useStep(200)).toBe(false);
    expect(await access.useRecoveryCode('r2', now)).toBe(false);
  });

  test('a reset link sets the password once, signs every browser out and ends the other links; an old one has expired', async () => {
    const storage = await start();
    const { access } = storage;
    await storage.sessions.insert('a', now, now + 10_000, now - 10_000, 'Chrome on Linux');
    await access.addResetToken('t1', now + 1000, now);
    await access.addResetToken('t2', now + 1000, now);
    await access.addResetToken('old', now + 10, now);
    expect(await access.useResetToken('old', 'scrypt$new', now + 10)).toBe('expired');
    expect(await access.useResetToken('unknown', 'scrypt$new', now)).toBe('wrong');
    expect(await storage.sessions.readPasswordHash()).toBe('scrypt$hash');
    expect(await access.useResetToken('t1', 'scrypt$new', now)).toBe('set');
    expect(await storage.sessions.readPasswordHash()).toBe('scrypt$new');
    expect(await access.listBrowsers(now, now - 10_000)).toEqual([]);
    expect(await access.useResetToken('t1', 'scrypt$again', now)).toBe('wrong');
    expect(await access.useResetToken('t2', 'scrypt$again', now)).toBe('wrong');
    expect(await storage.sessions.readPasswordHash()).toBe('scrypt$new');
  });

  test('signed-in browsers: the live ones in words, last active first; signing out the others keeps this one', async () => {
    const storage = await start();
    const { access } = storage;
    const first = await storage.sessions.insert('one', now, now + 10_000, now - 10_000, 'Chrome on Linux');
    const second = await storage.sessions.insert('two', now + 1, now + 10_000, now - 10_000, 'Safari on iPhone');
    await storage.sessions.insert('idle', now - 20_000, now + 10_000, now - 30_000, 'Firefox on Windows');
    await storage.sessions.touch(first, now + 5);
    expect(await access.listBrowsers(now + 5, now - 10_000)).toEqual([
      { id: first, browser: 'Chrome on Linux', createdAt: now, lastSeenAt: now + 5, expiresAt: now + 10_000 },
      { id: second, browser: 'Safari on iPhone', createdAt: now + 1, lastSeenAt: now + 1, expiresAt: now + 10_000 },
    ]);
    expect(await access.endOtherSessions(second)).toBe(2);
    expect((await access.listBrowsers(now + 5, now - 10_000)).map((browser) => browser.id)).toEqual([second]);
  });
});
