/**
 * What both backends share about the history of the coach's settings (contract: SettingsTable in
 * ./storage.ts): a version's row and how it reads, the picture a version shows, and the change that
 * turns the stored settings into a version's.
 */
import type { AuditAction } from '../../src/shared/audit-actions';
import type { Actor, StoredSettingsVersion } from './storage';

/** How many versions of the settings are kept; an older one goes, with any picture only it showed. */
export const SETTINGS_VERSIONS_KEPT = 200;

/** A version with the audit entry of the write that made it (none for the first version). */
export type VersionRow = {
  revision: number;
  at: number;
  settings: string;
  action: AuditAction | null;
  actor: Actor['actor'] | null;
  session_id: number | null;
  browser: string | null;
  signed_in_at: number | null;
  restored_from: number | null;
};

/** A version's settings: key to stored JSON text. Anything else (never written so) reads as none. */
export function parseSnapshot(text: string | null): Record<string, string> {
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    return Object.fromEntries(Object.entries(parsed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  } catch {
    return {};
  }
}

/** The hash of the picture a version shows (its `coachPhoto`), kept while the version is. */
export function pictureHashOf(values: Record<string, string>): string | null {
  const photo = values.coachPhoto;
  if (photo === undefined) return null;
  try {
    const hash: unknown = (JSON.parse(photo) as { hash?: unknown } | null)?.hash;
    return typeof hash === 'string' ? hash : null;
  } catch {
    return null;
  }
}

/** The change that makes `current` exactly `target`: every differing key, a missing one removed (null). */
export function changeTo(current: Record<string, string>, target: Record<string, string>): Record<string, string | null> {
  const change: Record<string, string | null> = {};
  for (const key of Object.keys(current)) if (!(key in target)) change[key] = null;
  for (const [key, value] of Object.entries(target)) if (current[key] !== value) change[key] = value;
  return change;
}

export function versionOf(row: VersionRow): StoredSettingsVersion {
  const signedIn = row.browser === null || row.signed_in_at === null ? null : { browser: row.browser, at: Number(row.signed_in_at) };
  const who: Actor | null =
    row.actor === null
      ? null
      : row.actor === 'dashboard'
        ? { actor: 'dashboard', sessionId: row.session_id === null ? null : Number(row.session_id), signedIn }
        : { actor: row.actor === 'server' ? 'server' : 'command line' };
  return {
    revision: Number(row.revision),
    at: Number(row.at),
    values: parseSnapshot(row.settings),
    who,
    action: row.action,
    restoredFrom: row.restored_from === null ? null : Number(row.restored_from),
  };
}
