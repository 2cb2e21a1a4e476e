/**
 * The server's configuration, read from the environment once at start-up. A bad value stops the
 * process with a message naming the variable. `server/README.md` documents every variable.
 */
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { coachSettings, settingKeys, type SettingDefinition, type SettingValues } from '../src/shared/coach-settings';
import { resolveCourseUrl } from '../src/shared/course-url';
import { emailToolEnvironmentProblem } from './email-tool/in-force';
import { type OutboundPolicy, parseOutboundAllowedHosts } from './outbound/allowed-hosts';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];

/** Fastify's `trustProxy`: nothing, or the proxies' addresses and CIDR ranges. */
export type TrustProxy = false | string[];

export type ServerConfig = {
  port: number;
  host: string;
  /** Folder holding the built site: client/ (static assets) and html/ (pages). */
  distDir: string;
  /** Folder holding the lead database (created if missing). */
  dataDir: string;
  /** DATABASE_URL: Postgres instead of the SQLite file under dataDir; null for SQLite (the default). */
  database: PostgresSettings | null;
  /** Pino level of the JSON log on stdout; `silent` turns it off. */
  logLevel: LogLevel;
  trustProxy: TrustProxy;
  /** How long an instance holds the outbox rows it is sending, of every channel (OUTBOX_LEASE_SECONDS, at most a minute). */
  outboxLeaseMs: number;
  /** Lead submissions allowed per client address within one window. */
  rateLimit: { max: number; windowMs: number };
  /** Funnel events allowed per client address per minute (EVENTS_RATE_LIMIT_MAX; a quiz run sends 14). */
  eventsPerMinute: number;
  /** `Strict-Transport-Security` max-age in seconds; 0 sends no HSTS header. */
  hstsMaxAge: number;
  /** Where visitors reach the site (PUBLIC_URL), e.g. https://quiz.coach.example; null when not set. */
  publicUrl: string | null;
  /** How long a client may take; server/docs/operations.md ("Time limits") documents them. */
  timeouts: Timeouts;
  /**
   * The coach's settings given by environment variables (PRIVACY_URL, CONSENT_CHECKBOX, CONSENT_TEXT,
   * ANALYTICS_TIME_ZONE, LEAD_WEBHOOK_URL, LEAD_WEBHOOK_SECRET, EMBED_ORIGINS: every entry of
   * src/shared/coach-settings.ts with an `env`). They win over the dashboard's, which shows them
   * read-only (server/settings/service.ts).
   */
  environmentSettings: Partial<SettingValues>;
  /** SETTINGS_ENCRYPTION_KEY as given (checked when the server opens its secrets: server/settings/secret-box.ts). */
  settingsKey: string | null;
  /** How long sign-in stays locked after too many failures. */
  signInLockMs: number;
  /** PROFILE_LINK_DAYS: how long the e-mail's private link to the profile works. */
  profileLinkDays: number;
  /** Where the course button leads: VITE_COURSE_URL, which the build reads too (the e-mail and profile page need it). */
  courseUrl: string;
  /** OUTBOUND_ALLOWED_HOSTS: where the webhook and the mail server set on the dashboard may be (server/outbound/allowed-hosts.ts). */
  outbound: OutboundPolicy;
};


export type Timeouts = {
  /** From the connection's first request byte (or the end of the previous request) to the end of its headers. */
  headersMs: number;
  /** From the same start to the end of the body. */
  requestMs: number;
  /** A socket with no traffic at all is closed after this long. */
  idleMs: number;
  /** An idle keep-alive connection is closed after this long. */
  keepAliveMs: number;
  /** How often Node checks the two limits above: the cut comes at most this much after the limit. */
  checkIntervalMs: number;
};

/** The documented time limits. Tests use smaller ones through the configuration. */
export const defaultTimeouts: Timeouts = {
  headersMs: 10_000,
  requestMs: 10_000,
  idleMs: 15_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 500,
};

/** HSTS max-age when PUBLIC_URL is https and HSTS_MAX_AGE is not set: one year. */
export const DEFAULT_HTTPS_HSTS_MAX_AGE = 31_536_000;

/**
 * LEAD_WEBHOOK_URL split for sending: the URL without `user:pass@` (what any message may show), and
 * those credentials as the `Authorization: Basic` header a receiver behind basic auth expects.
 */
export type WebhookSettings = { url: string; secret: string; authorization: string | null };

/** Where the shared Postgres database is, and how many connections each instance may open. */
export type PostgresSettings = {
  url: string;
  /** The URL without its password, for messages and logs. */
  safeUrl: string;
  poolSize: number;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export type Env = Record<string, string | undefined>;

export function readRaw(env: Env, name: string): string | undefined {
  const raw = env[name]?.trim();
  return raw === undefined || raw === '' ? undefined : raw;
}

function readInteger(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = readRaw(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}".`);
  }
  return value;
}

function readLogLevel(env: Env): LogLevel {
  const raw = readRaw(env, 'LOG_LEVEL')?.toLowerCase() ?? 'info';
  const level = logLevels.find((known) => known === raw);
  if (!level) throw new ConfigError(`LOG_LEVEL must be one of ${logLevels.join(', ')}, got "${raw}".`);
  return level;
}

const proxyKeywords = ['loopback', 'linklocal', 'uniquelocal'];

function isAddressOrRange(entry: string): boolean {
  if (proxyKeywords.includes(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return /^\d+$/.test(bits) && prefix <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off by default, so a client cannot pick its own address with X-Forwarded-For. Set it
 * to the reverse proxy's address (or a comma-separated list of addresses, CIDR ranges and the
 * keywords loopback, linklocal, uniquelocal). A hop count is not offered: it would trust whatever
 * the first proxy forwards, including addresses a client made up.
 */
function readTrustProxy(env: Env): TrustProxy {
  const raw = readRaw(env, 'TRUST_PROXY');
  if (raw === undefined || ['off', 'false', 'no', '0'].includes(raw.toLowerCase())) return false;
  const entries = raw.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !isAddressOrRange(entry));
  if (bad !== undefined) {
    throw new ConfigError(
      `TRUST_PROXY must be off, or proxy addresses and CIDR ranges separated by commas; "${bad}" is none of these. (Trusting every address would let any visitor choose their own.)`,
    );
  }
  return entries;
}

/** An IP address or a host name: nothing with a scheme, port or path in it. */
function readHost(env: Env): string {
  const host = readRaw(env, 'HOST') ?? '127.0.0.1';
  if (isIP(host) === 0 && !/^[a-z0-9]([a-z0-9.-]{0,251}[a-z0-9])?$/i.test(host)) {
    throw new ConfigError(`HOST must be an IP address (127.0.0.1, 0.0.0.0, ::) or a host name, got "${host}".`);
  }
  return host;
}

/**
 * FRAME_ANCESTORS was replaced by EMBED_ORIGINS (now one of the coach's settings, which the
 * environment may set): refused, so that an old setting cannot silently stop the quiz being framed.
 */
function refuseFrameAncestors(env: Env): void {
  if (readRaw(env, 'FRAME_ANCESTORS') !== undefined) {
    throw new ConfigError(
      'FRAME_ANCESTORS is replaced by EMBED_ORIGINS: list the sites allowed to show the quiz (e.g. EMBED_ORIGINS=https://coach.example), or remove it to allow none.',
    );
  }
}

/** PUBLIC_URL: the site's own origin as visitors reach it (an absolute http(s) URL, no path needed). */
function readPublicUrl(env: Env): string | null {
  const raw = readRaw(env, 'PUBLIC_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://quiz.example.com, got "${raw}".`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`PUBLIC_URL must start with https:// (or http://), got "${raw}".`);
  }
  return url.origin;
}

/** HSTS_MAX_AGE when set; otherwise on (one year) when the public URL is https, off when not. */
function readHstsMaxAge(env: Env, publicUrl: string | null): number {
  const fallback = publicUrl?.startsWith('https:') ? DEFAULT_HTTPS_HSTS_MAX_AGE : 0;
  return readInteger(env, 'HSTS_MAX_AGE', fallback, 0, 63_072_000);
}

const onWords = ['on', 'true', 'yes', '1'];
const offWords = ['off', 'false', 'no', '0'];

/**
 * The coach's settings set in the environment, each checked by its entry in the settings table (the
 * same check as the dashboard's); a bad one stops the server with a message naming the variable.
 */
function readEnvironmentSettings(env: Env): Partial<SettingValues> {
  const values: Record<string, unknown> = {};
  for (const key of settingKeys) {
    const definition = coachSettings[key] as SettingDefinition;
    const raw = definition.env === undefined ? undefined : readRaw(env, definition.env);
    if (definition.env === undefined || raw === undefined) continue;
    let input: unknown = raw;
    if (definition.kind === 'toggle') {
      const word = raw.toLowerCase();
      if (!onWords.includes(word) && !offWords.includes(word)) throw new ConfigError(`${definition.env} must be on or off, got "${raw}".`);
      input = onWords.includes(word);
    }
    const checked = definition.check(input);
    if (!checked.ok) throw new ConfigError(`${definition.env} is not valid. ${checked.message}`);
    values[key] = checked.value;
  }
  return values as Partial<SettingValues>;
}

/** The URL with its password replaced, so no message or log line ever shows it. */
export function withoutPassword(url: URL): string {
  const copy = new URL(url.href);
  if (copy.password !== '') copy.password = '***';
  // libpq also takes the password as a parameter: postgres://user@host/db?password=...
  if (copy.searchParams.has('password')) copy.searchParams.set('password', '***');
  return copy.href;
}

/**
 * DATABASE_URL: `postgres://user:password@host:port/database` selects Postgres; unset keeps the
 * SQLite file under DATA_DIR. Messages name the variable and never repeat the URL's password.
 */
function readDatabase(env: Env): PostgresSettings | null {
  const raw = readRaw(env, 'DATABASE_URL');
  if (raw === undefined) return null;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError('DATABASE_URL must be a URL like postgres://user:password@host:5432/database (it could not be read as a URL).');
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(`DATABASE_URL must start with postgres:// or postgresql://, not ${url.protocol}//.`);
  }
  if (url.hostname === '' || url.pathname.length <= 1) {
    throw new ConfigError(`DATABASE_URL must name a host and a database, like postgres://user:password@host:5432/database (got ${withoutPassword(url)}).`);
  }
  return { url: url.href, safeUrl: withoutPassword(url), poolSize: readInteger(env, 'DATABASE_POOL_SIZE', 10, 2, 1000) };
}

const defaultDistDir = fileURLToPath(new URL('../dist/', import.meta.url));


/**
 * OUTBOX_LEASE_SECONDS: how long an instance holds the deliveries it is sending (webhook and e-mail).
 * WEBHOOK_LEASE_SECONDS, its name from when the webhook was the only channel, still works; both set
 * to different values is refused, so neither is silently ignored.
 */
function readOutboxLeaseSeconds(env: Env): number {
  const current = readInteger(env, 'OUTBOX_LEASE_SECONDS', 60, 5, 60);
  if (readRaw(env, 'WEBHOOK_LEASE_SECONDS') === undefined) return current;
  const old = readInteger(env, 'WEBHOOK_LEASE_SECONDS', 60, 5, 60);
  if (readRaw(env, 'OUTBOX_LEASE_SECONDS') === undefined) return old;
  if (old !== current) {
    throw new ConfigError(`OUTBOX_LEASE_SECONDS (${current}) and WEBHOOK_LEASE_SECONDS, its old name (${old}), differ: keep OUTBOX_LEASE_SECONDS only.`);
  }
  return current;
}

/** OUTBOUND_ALLOWED_HOSTS: `external` unless set. */
function readOutbound(env: Env): OutboundPolicy {
  const read = parseOutboundAllowedHosts(readRaw(env, 'OUTBOUND_ALLOWED_HOSTS'));
  if (!read.ok) {
    throw new ConfigError(
      `OUTBOUND_ALLOWED_HOSTS must be comma-separated entries: external, loopback, private, *, CIDR ranges, addresses or host names; "${read.bad}" is none of these.`,
    );
  }
  return read.policy;
}

/**
 * SMTP_URL on the server with no PUBLIC_URL is a mistake to say at once: the results e-mail's links
 * point there, so it could never be sent. SMTP_URL's and MAIL_FROM's own checks run with every
 * setting's (`readEnvironmentSettings`); either may come from the settings screen instead
 * (server/mail/mail-config.ts).
 */
function checkMailEnvironment(env: Env, publicUrl: string | null): void {
  if (readRaw(env, 'SMTP_URL') !== undefined && publicUrl === null) {
    throw new ConfigError("PUBLIC_URL must be set when SMTP_URL is: the email's links point there (for example https://quiz.example.com).");
  }
}

/** Parses and validates the environment. */
export function loadConfig(env: Env = process.env): ServerConfig {
  refuseFrameAncestors(env);
  const config: ServerConfig = {
    port: readInteger(env, 'PORT', 3000, 0, 65535),
    host: readHost(env),
    distDir: readRaw(env, 'DIST_DIR') ?? defaultDistDir,
    dataDir: resolve(readRaw(env, 'DATA_DIR') ?? './data'),
    database: readDatabase(env),
    logLevel: readLogLevel(env),
    trustProxy: readTrustProxy(env),
    outboxLeaseMs: readOutboxLeaseSeconds(env) * 1000,
    rateLimit: {
      max: readInteger(env, 'RATE_LIMIT_MAX', 10, 1, 1_000_000),
      windowMs: readInteger(env, 'RATE_LIMIT_WINDOW_SECONDS', 60, 1, 86_400) * 1000,
    },
    eventsPerMinute: readInteger(env, 'EVENTS_RATE_LIMIT_MAX', 120, 14, 1_000_000),
    hstsMaxAge: readHstsMaxAge(env, readPublicUrl(env)),
    publicUrl: readPublicUrl(env),
    timeouts: defaultTimeouts,
    environmentSettings: readEnvironmentSettings(env),
    settingsKey: readRaw(env, 'SETTINGS_ENCRYPTION_KEY') ?? null,
    signInLockMs: readInteger(env, 'SIGN_IN_LOCK_SECONDS', 15 * 60, 1, 86_400) * 1000,
    profileLinkDays: readInteger(env, 'PROFILE_LINK_DAYS', 90, 1, 3650),
    courseUrl: resolveCourseUrl(readRaw(env, 'VITE_COURSE_URL')),
    outbound: readOutbound(env),
  };
  checkMailEnvironment(env, config.publicUrl);
  const toolProblem = emailToolEnvironmentProblem(config.environmentSettings);
  if (toolProblem) throw new ConfigError(toolProblem);
  return config;
}
