/**
 * What the settings need from storage (part of the storage contract, server/storage/storage.ts,
 * on both backends): a key-value table of JSON texts with a revision that every write raises, and
 * the coach's pictures. A write is one transaction with its audit entry, so a change acknowledged
 * to the coach is stored, logged and visible to every instance's next revision check, or none of it.
 */
import type { AuditAction } from '../../src/shared/coach-api';
import type { ImageContentType } from '../../src/shared/coach-settings';
import type { Actor } from '../coach/audit';

/** Every stored setting as JSON text, and the revision they belong to. */
export type SettingsSnapshot = { revision: number; values: Record<string, string> };

export type StoredPicture = { hash: string; contentType: ImageContentType; bytes: Buffer };

export type SettingsWrite = {
  /** Each key's new JSON text, or null to remove it (back to the default). */
  changes: Record<string, string | null>;
  /** A picture the change refers to; every other stored picture is removed in the same transaction. */
  picture?: StoredPicture | null;
  audit: { action: AuditAction; who: Actor; fields: string[] };
  now: number;
};

export interface SettingsTable {
  /** The revision alone: what each instance asks every second. */
  readRevision(): Promise<number>;
  readSettings(): Promise<SettingsSnapshot>;
  /** Stores the change and its audit entry in one transaction; resolves with the new revision once committed. */
  writeSettings(write: SettingsWrite): Promise<number>;
  readPicture(hash: string): Promise<StoredPicture | null>;
}
