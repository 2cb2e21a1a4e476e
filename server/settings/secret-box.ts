/**
 * Secrets at rest (a webhook's signing key, a mail password): encrypted with AES-256-GCM before they
 * reach the database, with a key that is never stored in it. A dump or backup of the database alone
 * reveals none of them.
 *
 * Where the key is:
 * - `SETTINGS_ENCRYPTION_KEY` (32 bytes, base64: `openssl rand -base64 32`) when set. Needed with
 *   Postgres (DATABASE_URL) to store a secret: every instance needs the same key, and a file on one
 *   machine is not that. Without it the server still starts (an upgrade must not take a site down),
 *   warns, and the dashboard refuses to store a secret, saying how to make the key.
 * - Otherwise (SQLite) the file `DATA_DIR/secrets.key`, created at the first start, readable by its
 *   owner only (mode 600). Back it up apart from the database: without it, stored secrets must be
 *   entered again.
 *
 * Each sealed value names the key it was sealed with (a short id, not the key), so a server started
 * with another key says so at start-up instead of failing later, and is bound to its setting (the
 * AEAD's associated data), so a ciphertext copied onto another setting does not open.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { closeSync, constants, mkdirSync, openSync, readFileSync, statSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '../config';

export const KEY_VARIABLE = 'SETTINGS_ENCRYPTION_KEY';
export const KEY_FILE_NAME = 'secrets.key';

const KEY_BYTES = 32;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const VERSION = 'v1';

const makeKeyHint = 'Make one with: openssl rand -base64 32';

/** Why a secret cannot be stored on Postgres without the key, and what to do: for the dashboard and the start-up warning. */
export const missingKeyMessage = `Secrets (the webhook's address and signing secret, the mail server) cannot be stored: ${KEY_VARIABLE} is not set on the server, and with DATABASE_URL every instance needs the same key. ${makeKeyHint}, set it on every instance, and restart. (Or set them as environment variables instead.)`;

/** Reads a key written as base64 (standard or URL-safe, padding optional); null unless it is 32 bytes. */
function parseKey(text: string): Buffer | null {
  const trimmed = text.trim();
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(trimmed)) return null;
  const key = Buffer.from(trimmed.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  return key.length === KEY_BYTES ? key : null;
}

export class SecretBox {
  /** A short, public name for the key: the first 8 hex digits of its SHA-256; `none` without a key. */
  readonly keyId: string;
  readonly #key: Buffer | null;

  /** `null`: no key (Postgres without SETTINGS_ENCRYPTION_KEY): nothing can be sealed or opened. */
  constructor(key: Buffer | null) {
    if (key !== null && key.length !== KEY_BYTES) throw new Error(`A settings key has ${KEY_BYTES} bytes.`);
    this.#key = key === null ? null : Buffer.from(key);
    this.keyId = key === null ? 'none' : createHash('sha256').update(key).digest('hex').slice(0, 8);
  }

  /** Whether secrets can be sealed here (there is a key). */
  get hasKey(): boolean {
    return this.#key !== null;
  }

  /** `v1.<key id>.<base64url of iv, tag, ciphertext>`, bound to `context` (the setting's key). */
  seal(plaintext: string, context: string): string {
    if (this.#key === null) throw new ConfigError(missingKeyMessage);
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv('aes-256-gcm', this.#key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return `${VERSION}.${this.keyId}.${Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64url')}`;
  }

  /** The plaintext; throws when the value was sealed with another key, for another setting, or altered. */
  open(sealed: string, context: string): string {
    const [version, keyId, data, ...rest] = sealed.split('.');
    if (version !== VERSION || data === undefined || rest.length > 0) throw new Error('This is not a sealed secret.');
    if (this.#key === null) throw new ConfigError(`The stored secrets need ${KEY_VARIABLE} (id ${keyId ?? ''}): start every instance with the key they were stored with.`);
    if (keyId !== this.keyId) throw new WrongKeyError(keyId ?? '', this.keyId);
    const bytes = Buffer.from(data, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.#key, bytes.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
  }

  /** The id of the key a sealed value names (to check every stored secret at start-up). */
  static keyIdOf(sealed: string): string | null {
    const [version, keyId] = sealed.split('.');
    return version === VERSION && keyId !== undefined ? keyId : null;
  }
}

export class WrongKeyError extends ConfigError {
  constructor(
    readonly storedKeyId: string,
    readonly currentKeyId: string,
  ) {
    super(
      `The stored secrets were encrypted with another key (id ${storedKeyId}) than this server's (id ${currentKeyId}). Start it with the original ${KEY_VARIABLE} (or DATA_DIR/${KEY_FILE_NAME}).`,
    );
  }
}

type KeySource = { env: Record<string, string | undefined>; dataDir: string; postgres: boolean };

/** The key's source for a server: its SETTINGS_ENCRYPTION_KEY, its DATA_DIR, its backend. */
export const keySourceOf = (config: { settingsKey: string | null; dataDir: string; database: unknown }): KeySource => ({
  env: config.settingsKey === null ? {} : { [KEY_VARIABLE]: config.settingsKey },
  dataDir: config.dataDir,
  postgres: config.database !== null,
});

/**
 * The server's key: from SETTINGS_ENCRYPTION_KEY, or (SQLite only) from DATA_DIR/secrets.key,
 * created with mode 600 when missing; on Postgres without the variable, none (`hasKey` false).
 * Problems stop the start with a ConfigError saying what to do.
 */
export function loadSecretBox({ env, dataDir, postgres }: KeySource): SecretBox {
  const fromEnv = env[KEY_VARIABLE]?.trim();
  if (fromEnv) {
    const key = parseKey(fromEnv);
    if (!key) throw new ConfigError(`${KEY_VARIABLE} must be 32 random bytes in base64 (44 characters). ${makeKeyHint}`);
    return new SecretBox(key);
  }
  // Postgres without the key: the server starts (the caller warns); no secret can be stored.
  if (postgres) return new SecretBox(null);
  return new SecretBox(readOrCreateKeyFile(join(dataDir, KEY_FILE_NAME)));
}

function readOrCreateKeyFile(file: string): Buffer {
  mkdirSync(join(file, '..'), { recursive: true, mode: 0o700 });
  try {
    // Exclusive creation: two processes starting at once never write two different keys.
    const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    try {
      writeSync(fd, `${randomBytes(KEY_BYTES).toString('base64')}\n`);
    } finally {
      closeSync(fd);
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if (process.platform !== 'win32' && (statSync(file).mode & 0o077) !== 0) {
    throw new ConfigError(`${file} can be read by other users of this machine. Make it private: chmod 600 ${file}`);
  }
  const key = parseKey(readFileSync(file, 'utf8'));
  if (!key) throw new ConfigError(`${file} does not hold a key (32 bytes in base64). Restore it from your backup, or set ${KEY_VARIABLE}.`);
  return key;
}
