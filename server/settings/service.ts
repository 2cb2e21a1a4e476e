/**
 * The settings in force on this instance, kept fresh. Settings live in storage; each instance holds
 * a copy and asks for the revision every second (one tiny query), reading everything again only
 * when it changed, so a change made on any instance is served by every instance within about
 * two seconds (the issue asks for five). A change made here applies here before its answer is sent.
 *
 * The value in force is the environment's, else the coach's, else the default
 * (src/shared/coach-settings.ts, `effectiveSettings`). Secrets are stored sealed (./secret-box.ts)
 * and opened once per revision, for the snapshot the app reads (./snapshot.ts), or for the settings
 * screen.
 */
import type { AuditAction } from '../../src/shared/coach-api/audit';
import {
  coachSettings,
  effectiveSettings,
  isSettingKey,
  type SettingDefinition,
  type SettingKey,
  type SettingSource,
  type SettingValues,
  type StoredImage,
} from '../../src/shared/coach-settings';
import type { CheckedImage } from './image';
import { SecretBox } from './secret-box';
import type { Actor, SettingsSnapshot, SettingsTable, StoredSettingsVersion } from '../storage/storage';

/** How often each instance asks whether the settings changed. */
export const SETTINGS_POLL_MS = 1_000;

export type SettingsListener = (values: SettingValues, previous: SettingValues) => void | Promise<void>;

type Log = { warn(object: object, message: string): void; error(object: object, message: string): void };

type Stored = { revision: number; values: Partial<SettingValues> };

export class SettingsService {
  #stored: Stored;
  #effective: ReturnType<typeof effectiveSettings>;
  #timer: NodeJS.Timeout | null = null;
  #checking: Promise<void> | null = null;
  readonly #listeners: SettingsListener[] = [];

  private constructor(
    private readonly table: SettingsTable,
    readonly environment: Partial<SettingValues>,
    /** The key secrets are sealed with (the settings' and the second factor's). */
    readonly secrets: SecretBox,
    private readonly log: Log,
    stored: Stored,
  ) {
    this.#stored = stored;
    this.#effective = effectiveSettings(stored.values, environment);
  }

  /** Reads the stored settings; a stored secret sealed with another key stops the start (a ConfigError). */
  static async open(options: { table: SettingsTable; environment: Partial<SettingValues>; secrets: SecretBox; log: Log }): Promise<SettingsService> {
    const snapshot = await options.table.readSettings();
    const stored = decode(snapshot, options.log);
    for (const [key, value] of Object.entries(stored.values)) {
      if (definitionOf(key as SettingKey).kind !== 'secret' || typeof value !== 'string') continue;
      // Throws WrongKeyError (with both key ids) for a secret sealed with another key.
      options.secrets.open(value, key);
    }
    return new SettingsService(options.table, options.environment, options.secrets, options.log, stored);
  }

  /** The value in force for every setting (secrets: sealed; use `secret`). */
  get values(): SettingValues {
    return this.#effective.values;
  }

  get sources(): Record<SettingKey, SettingSource> {
    return this.#effective.sources;
  }

  /** Whether a secret can be stored (Postgres without SETTINGS_ENCRYPTION_KEY: no). */
  get canStoreSecrets(): boolean {
    return this.secrets.hasKey;
  }

  get revision(): number {
    return this.#stored.revision;
  }

  /** Called with the new values after every change seen (made here or on another instance). */
  onChange(listener: SettingsListener): void {
    this.#listeners.push(listener);
  }

  /** The plaintext of a secret in force (the environment's as given, a stored one opened); null when unset. */
  secret(key: SettingKey): string | null {
    const value = this.values[key];
    if (typeof value !== 'string') return null;
    return this.sources[key] === 'dashboard' ? this.secrets.open(value, key) : value;
  }

  /**
   * Stores checked values (src/shared/coach-settings.ts, `checkSettingsChange`) as a new version,
   * with an audit entry naming the fields (./history.ts says what changed); applies them here before
   * resolving.
   */
  async change(values: Partial<SettingValues>, who: Actor, now: number): Promise<void> {
    const changes: Record<string, string | null> = {};
    for (const [key, value] of Object.entries(values)) {
      if (!isSettingKey(key)) continue;
      const sealed = definitionOf(key).kind === 'secret' && typeof value === 'string' ? this.secrets.seal(value, key) : value;
      changes[key] = sealed === null || sealed === undefined ? null : JSON.stringify(sealed);
    }
    await this.write('settings_changed', changes, who, now);
  }

  /** Stores the coach's picture and points `coachPhoto` at it; the previous picture is removed. */
  async setPhoto(image: CheckedImage, who: Actor, now: number): Promise<StoredImage> {
    const stored: StoredImage = { hash: image.hash, contentType: image.contentType, width: image.width, height: image.height };
    await this.write('settings_changed', { coachPhoto: JSON.stringify(stored) }, who, now, {
      hash: image.hash,
      contentType: image.contentType,
      bytes: image.bytes,
    });
    return stored;
  }

  async removePhoto(who: Actor, now: number): Promise<void> {
    await this.write('settings_changed', { coachPhoto: null }, who, now, null);
  }

  /** Kept versions of the settings, newest first (see storage's SettingsTable). */
  versions(before: number | null, limit: number): Promise<StoredSettingsVersion[]> {
    return this.table.listVersions(before, limit);
  }

  /**
   * Makes the stored settings those of version `revision` (a new version, logged), applied here
   * before resolving; false when that version is not kept.
   */
  async restore(revision: number, who: Actor, now: number): Promise<boolean> {
    const restored = await this.table.restoreVersion({ revision, who, now });
    if (restored === null) return false;
    await this.refresh();
    return true;
  }

  private async write(action: AuditAction, changes: Record<string, string | null>, who: Actor, now: number, picture?: Parameters<SettingsTable['writeSettings']>[0]['picture']) {
    await this.table.writeSettings({ changes, picture, audit: { action, who, fields: Object.keys(changes) }, now });
    await this.refresh();
  }

  /** Asks for the revision; reads and applies the settings when it moved. One check at a time. */
  refresh(): Promise<void> {
    this.#checking ??= this.check().finally(() => (this.#checking = null));
    return this.#checking;
  }

  private async check(): Promise<void> {
    if ((await this.table.readRevision()) === this.#stored.revision) return;
    const previous = this.values;
    this.#stored = decode(await this.table.readSettings(), this.log);
    this.#effective = effectiveSettings(this.#stored.values, this.environment);
    for (const listener of this.#listeners) await listener(this.values, previous);
  }

  /** Starts the check every second (never keeping the process alive by itself). */
  start(pollMs = SETTINGS_POLL_MS): void {
    if (this.#timer) return;
    this.#timer = setInterval(() => {
      this.refresh().catch((error: unknown) => this.log.error({ err: error }, 'reading the settings failed; trying again in a second'));
    }, pollMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#checking?.catch(() => undefined);
  }
}

/**
 * The stored JSON texts as values, each checked again by its entry: a value a newer rule refuses, or
 * a key this version does not know, is left out (the default applies) and logged by name.
 */
function decode(snapshot: SettingsSnapshot, log: Log): Stored {
  const values: Record<string, unknown> = {};
  for (const [key, text] of Object.entries(snapshot.values)) {
    if (!isSettingKey(key)) {
      log.warn({ setting: key }, 'a stored setting this version does not know is ignored');
      continue;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      log.warn({ setting: key }, 'a stored setting that is not JSON is ignored');
      continue;
    }
    const definition = definitionOf(key);
    const usable =
      definition.kind === 'secret'
        ? typeof value === 'string' && SecretBox.keyIdOf(value) !== null
        : definition.kind === 'image'
          ? isStoredImage(value)
          : definition.check(value).ok;
    if (usable) values[key] = definition.kind === 'secret' || definition.kind === 'image' ? value : (definition.check(value) as { value: unknown }).value;
    else log.warn({ setting: key }, 'a stored setting the current rules refuse is ignored');
  }
  return { revision: snapshot.revision, values: values as Partial<SettingValues> };
}

const definitionOf = (key: SettingKey): SettingDefinition => coachSettings[key];

function isStoredImage(value: unknown): value is StoredImage {
  if (typeof value !== 'object' || value === null) return false;
  const image = value as Record<string, unknown>;
  return (
    typeof image.hash === 'string' &&
    /^[0-9a-f]{64}$/.test(image.hash) &&
    ['image/png', 'image/jpeg', 'image/webp'].includes(String(image.contentType)) &&
    Number.isInteger(image.width) &&
    Number.isInteger(image.height)
  );
}
