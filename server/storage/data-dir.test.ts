/**
 * A data folder the server cannot write stops the start with a message naming DATA_DIR. Permissions
 * only bind a user that is not root: run as root (as CI does), the server is started as `nobody`.
 * The full disk is a real one: a 64 KiB tmpfs, filled up (mounting needs root: as any other user
 * that test says it was skipped, and why; CI runs the tests as root).
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { isRoot, testAsRoot } from '../test/as-root';
import { ConfigError } from '../config';
import { makeFakeDist } from '../test/fake-dist';
import { tempDir } from '../test/helpers';
import { serverRefusal } from '../test/server-process';
import { checkDataDirWritable } from './data-dir';
import { DATABASE_FILE, openDatabase } from './sqlite/connection';

const nobody = { uid: 65534, gid: 65534 };

/** Gives `path` (and everything in it) to the user the server runs as. */
function giveToServerUser(path: string): void {
  if (!isRoot) return;
  chownSync(path, nobody.uid, nobody.gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) giveToServerUser(join(path, entry));
}

/** A fake build the server's user can read. */
function readableDist(): string {
  const dist = makeFakeDist();
  giveToServerUser(dist);
  return dist;
}

async function refusal(dataDir: string) {
  return serverRefusal({ DATA_DIR: dataDir, DIST_DIR: readableDist() }, isRoot ? { user: nobody } : {});
}

test('a DATA_DIR that is a file is refused with the reason', () => {
  const file = join(tempDir(), 'not-a-folder');
  writeFileSync(file, '');
  expect(() => checkDataDirWritable(join(file, 'data'))).toThrow(ConfigError);
  expect(() => checkDataDirWritable(join(file, 'data'))).toThrow(/^DATA_DIR \(.*not-a-folder\/data\) cannot hold the lead database: the folder cannot be created: it is not a folder/);
});

test('a DATA_DIR every user may write is refused, saying how to close it', async () => {
  const dataDir = tempDir();
  giveToServerUser(dataDir);
  chmodSync(dataDir, 0o777);
  expect(() => checkDataDirWritable(dataDir)).toThrow(new RegExp(`^DATA_DIR \\(${dataDir}\\) is writable by every user of this machine \\(mode 777\\).*chmod 700`));
  const { code, stderr } = await refusal(dataDir);
  expect(code).toBe(1);
  expect(stderr).toContain('is writable by every user of this machine');
});

test('a read-only data folder stops the start with a message naming DATA_DIR', async () => {
  const dataDir = tempDir();
  giveToServerUser(dataDir);
  chmodSync(dataDir, 0o555);
  const { code, stderr } = await refusal(dataDir);
  expect(code).toBe(1);
  expect(stderr).toContain(`Configuration error: DATA_DIR (${dataDir}) cannot hold the lead database: a file cannot be written in the folder: this user may not write there`);
  expect(stderr).not.toMatch(/\n\s+at /);
});

test('a read-only database file stops the start (SQLite would open it read-only and fail every lead)', async () => {
  const dataDir = tempDir();
  openDatabase(dataDir).close();
  giveToServerUser(dataDir);
  chmodSync(join(dataDir, DATABASE_FILE), 0o444);
  const { code, stderr } = await refusal(dataDir);
  expect(code).toBe(1);
  expect(stderr).toContain(`DATA_DIR (${dataDir}) cannot hold the lead database: leads.db cannot be opened for writing: this user may not write there`);
});

testAsRoot('a full disk stops the start with a message naming DATA_DIR (a real full tmpfs)', 'mounting a tmpfs', async () => {
  const mountPoint = tempDir();
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k,mode=0700', 'tmpfs', mountPoint]);
  try {
    // Fill it: write until the file system refuses.
    let filled = false;
    for (let index = 0; !filled; index += 1) {
      try {
        writeFileSync(join(mountPoint, `filler-${index}`), Buffer.alloc(4096));
      } catch (error) {
        expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
        filled = true;
      }
    }
    const { code, stderr } = await serverRefusal({ DATA_DIR: mountPoint, DIST_DIR: makeFakeDist() });
    expect(code).toBe(1);
    expect(stderr).toContain(`DATA_DIR (${mountPoint}) cannot hold the lead database: a file cannot be written in the folder: the disk is full`);
  } finally {
    execFileSync('umount', [mountPoint]);
  }
});
