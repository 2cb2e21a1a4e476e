/**
 * The server's configuration, read from the environment once at start-up. A bad value stops the
 * process with a message naming the variable.
 */
import { fileURLToPath } from 'node:url';

export type ServerConfig = {
  port: number;
  host: string;
  /** Folder holding the built site: client/ (static assets) and html/ (pages). */
  distDir: string;
  /** Write one JSON line per request and event to stdout. */
  logger: boolean;
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function readPort(env: Env, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(`${name} must be a whole number from 0 to 65535, got "${raw}".`);
  }
  return port;
}

const defaultDistDir = fileURLToPath(new URL('../dist/', import.meta.url));

/** Parses and validates the environment. */
export function loadConfig(env: Env = process.env): ServerConfig {
  return {
    port: readPort(env, 'PORT', 3000),
    host: env.HOST || '127.0.0.1',
    distDir: env.DIST_DIR || defaultDistDir,
    logger: env.LOG_LEVEL !== 'silent',
  };
}
