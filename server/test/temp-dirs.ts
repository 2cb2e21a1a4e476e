/**
 * Temporary folders for tests (data folders, fake builds), removed again after each test file by
 * the server tests' setup file, so `npm test` leaves nothing behind in /tmp.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const created: string[] = [];

/** A new empty folder under the system's temporary folder, removed after the test file. */
export function makeTempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** Removes every folder made by `makeTempDir` so far. */
export function removeTempDirs(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
