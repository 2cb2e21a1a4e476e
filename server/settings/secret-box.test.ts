import { randomBytes } from 'node:crypto';
import { chmodSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { ConfigError } from '../config';
import { tempDir } from '../test/helpers';
import { KEY_FILE_NAME, loadSecretBox, SecretBox, WrongKeyError } from './secret-box';

const box = () => new SecretBox(randomBytes(32));

test('a sealed secret opens again, and its stored form does not contain it', () => {
  const secrets = box();
  const sealed = secrets.seal('whsec_very-secret-value', 'webhookSecret');
  expect(sealed).not.toContain('very-secret');
  expect(sealed).toMatch(/^v1\.[0-9a-f]{8}\.[A-Za-z0-9_-]+$/);
  expect(secrets.open(sealed, 'webhookSecret')).toBe('whsec_very-secret-value');
});

test('sealing the same secret twice gives two different values (a fresh IV each time)', () => {
  const secrets = box();
  expect(secrets.seal('same', 'k')).not.toBe(secrets.seal('same', 'k'));
});

test('a sealed value copied onto another setting does not open', () => {
  const secrets = box();
  expect(() => secrets.open(secrets.seal('s3cret', 'smtpPassword'), 'webhookSecret')).toThrow();
});

test('a sealed value altered by one character does not open', () => {
  const secrets = box();
  const sealed = secrets.seal('s3cret', 'k');
  const last = sealed.at(-2) === 'A' ? 'B' : 'A';
  expect(() => secrets.open(`${sealed.slice(0, -2)}${last}${sealed.at(-1)}`, 'k')).toThrow();
});

test('another key is named as such, with both key ids and no key', () => {
  const sealed = box().seal('s3cret', 'k');
  const other = box();
  expect(() => other.open(sealed, 'k')).toThrow(WrongKeyError);
  expect(SecretBox.keyIdOf(sealed)).toMatch(/^[0-9a-f]{8}$/);
});

test('on SQLite the key file is created at the first start with mode 600, and read again later', () => {
  const dataDir = join(tempDir(), 'data');
  const first = loadSecretBox({ env: {}, dataDir, postgres: false });
  const file = join(dataDir, KEY_FILE_NAME);
  expect(statSync(file).mode & 0o777).toBe(0o600);
  expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).toHaveLength(32);
  const again = loadSecretBox({ env: {}, dataDir, postgres: false });
  expect(again.open(first.seal('kept', 'k'), 'k')).toBe('kept');
});

test('a key file others can read stops the start, saying how to fix it', () => {
  const dataDir = tempDir();
  loadSecretBox({ env: {}, dataDir, postgres: false });
  chmodSync(join(dataDir, KEY_FILE_NAME), 0o644);
  expect(() => loadSecretBox({ env: {}, dataDir, postgres: false })).toThrow(/can be read by other users.*chmod 600/);
});

test('a damaged key file stops the start', () => {
  const dataDir = tempDir();
  writeFileSync(join(dataDir, KEY_FILE_NAME), 'not a key\n', { mode: 0o600 });
  expect(() => loadSecretBox({ env: {}, dataDir, postgres: false })).toThrow(/does not hold a key/);
});

test('on Postgres without SETTINGS_ENCRYPTION_KEY there is no key: nothing is sealed, and the refusal says how to make one', () => {
  const box = loadSecretBox({ env: {}, dataDir: tempDir(), postgres: true });
  expect(box.hasKey).toBe(false);
  expect(() => box.seal('a secret', 'webhookSecret')).toThrow(ConfigError);
  expect(() => box.seal('a secret', 'webhookSecret')).toThrow(/SETTINGS_ENCRYPTION_KEY is not set.*openssl rand -base64 32/);
});

test('SETTINGS_ENCRYPTION_KEY is used when set, on either backend, and no file is written', () => {
  const key = randomBytes(32).toString('base64');
  const dataDir = tempDir();
  const one = loadSecretBox({ env: { SETTINGS_ENCRYPTION_KEY: key }, dataDir, postgres: true });
  const two = loadSecretBox({ env: { SETTINGS_ENCRYPTION_KEY: key }, dataDir, postgres: false });
  expect(two.open(one.seal('shared', 'k'), 'k')).toBe('shared');
  expect(() => statSync(join(dataDir, KEY_FILE_NAME))).toThrow();
});

test.each(['short', randomBytes(16).toString('base64'), `${randomBytes(32).toString('base64')}!`])(
  'a SETTINGS_ENCRYPTION_KEY that is not 32 bytes of base64 (%s) is refused without repeating it',
  (value) => {
    const load = () => loadSecretBox({ env: { SETTINGS_ENCRYPTION_KEY: value }, dataDir: tempDir(), postgres: true });
    expect(load).toThrow(/SETTINGS_ENCRYPTION_KEY must be 32 random bytes in base64/);
    try {
      load();
    } catch (error) {
      expect((error as Error).message).not.toContain(value);
    }
  },
);
