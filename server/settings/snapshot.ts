/**
 * The settings in force as the app uses them: one snapshot per settings revision, built when the
 * revision changes (server/settings/service.ts tells), never per request, batch or delivery
 * attempt. Secrets are opened here, once per revision; every reader takes `current`.
 *
 * A delivery channel is one entry of `channels`: its piece of the snapshot, built from the settings
 * in force, and whether it is on. `routing` (which channels a new lead goes to) follows from them.
 * A new channel adds its entry here, and nothing else here changes.
 */
import type { SettingKey, SettingSource, SettingValues } from '../../src/shared/coach-settings';
import type { ServerConfig } from '../config';
import { type MailState, mailStateOf } from '../mail/mail-config';
import type { OutboundPolicy } from '../outbound/allowed-hosts';
import { webhookTarget, type WebhookTarget } from '../webhooks/target';
import type { SettingsService } from './service';

/** What a channel's piece is built from: the values in force, their secrets opened. */
export type SnapshotSource = {
  values: SettingValues;
  /** Where each value in force comes from (the environment, the dashboard, the default). */
  sources: Record<SettingKey, SettingSource>;
  /** The plaintext of a secret in force, or null when unset (or sealed with another key: logged). */
  secret(key: SettingKey): string | null;
  /** The outbound rule an address set on the dashboard is held to; null when the environment set it (the operator's). */
  guard(key: SettingKey): OutboundPolicy | null;
  publicUrl: string | null;
};

type Channel<T> = { build(from: SnapshotSource): T; on(piece: T): boolean };
const channel = <T>(definition: Channel<T>): Channel<T> => definition;

/** Every delivery channel: its piece of the snapshot, and whether it is on. */
const channels = {
  /** The webhook leads are forwarded to (an address and a signing secret in force), or null. */
  webhook: channel<WebhookTarget | null>({
    build: (from) => webhookTarget(from.secret('webhookUrl'), from.secret('webhookSecret'), from.guard('webhookUrl')),
    on: (target) => target !== null,
  }),
  /** The results e-mail: on with how it is sent, or off with what is missing. */
  email: channel<MailState>({
    build: (from) => mailStateOf(from.secret('smtpUrl'), from.values.mailFrom, from.publicUrl, from.guard('smtpUrl')),
    on: (state) => state.on,
  }),
};

type Channels = typeof channels;
export type ChannelName = keyof Channels;

/** Which channels a lead stored now goes to. */
export type Routing = Record<ChannelName, boolean>;

export type LiveSnapshot = {
  revision: number;
  values: SettingValues;
  /** The IANA zone the dashboard counts days in (ANALYTICS_TIME_ZONE, or the dashboard's; UTC). */
  timeZone: string;
  channels: { [Name in ChannelName]: ReturnType<Channels[Name]['build']> };
  routing: Routing;
};

type Log = { error(object: object, message: string): void };

/** The snapshot of the settings in force, from the values, with secrets opened once. */
export function buildSnapshot(settings: Pick<SettingsService, 'values' | 'sources' | 'secret' | 'revision'>, config: Pick<ServerConfig, 'publicUrl' | 'outbound'>, log: Log): LiveSnapshot {
  const source: SnapshotSource = {
    values: settings.values,
    sources: settings.sources,
    secret: (key) => {
      try {
        return settings.secret(key);
      } catch (error) {
        // Sealed with another key (SETTINGS_ENCRYPTION_KEY differs between instances): as if unset.
        log.error({ err: error, setting: key }, 'a stored secret could not be opened; it is treated as not set');
        return null;
      }
    },
    guard: (key) => (settings.sources[key] === 'environment' ? null : config.outbound),
    publicUrl: config.publicUrl,
  };
  // Each channel's piece, and whether it is on: the loop is typed by `channels`, the result by LiveSnapshot.
  const pieces: Record<string, unknown> = {};
  const routing: Record<string, boolean> = {};
  for (const [name, definition] of Object.entries(channels) as [ChannelName, Channel<unknown>][]) {
    pieces[name] = definition.build(source);
    routing[name] = definition.on(pieces[name]);
  }
  return {
    revision: settings.revision,
    values: settings.values,
    timeZone: settings.values.analyticsTimeZone ?? 'UTC',
    channels: pieces as LiveSnapshot['channels'],
    routing: routing as Routing,
  };
}

/**
 * The snapshot in force on this instance: built at once, and again each time the settings service
 * sees a new revision, before any other listener of the change runs (so each of them reads the new
 * one). Create it right after the service opens.
 */
export class LiveSettings {
  #current: LiveSnapshot;

  constructor(settings: SettingsService, config: Pick<ServerConfig, 'publicUrl' | 'outbound'>, log: Log) {
    this.#current = buildSnapshot(settings, config, log);
    settings.onChange(() => {
      this.#current = buildSnapshot(settings, config, log);
    });
  }

  get current(): LiveSnapshot {
    return this.#current;
  }
}
