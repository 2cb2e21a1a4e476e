/**
 * A disk that stalls, for real (root only): an ext4 file system of its own (a 32 MiB image, loop
 * mounted) that `fsfreeze -f` freezes, so every write to it blocks in the kernel until it thaws.
 * A detached watchdog thaws it after 60 s whatever happens to the test. Used by
 * server/storage/frozen-disk.test.ts (DATA_DIR frozen under the server) and the storage thread's tests.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from './helpers';

/** What to undo after the test, last first. */
export type Cleanups = (() => unknown)[];

/** A fresh ext4 file system mounted at a temporary folder; unmounted by `cleanups`. */
export function mountedDisk(cleanups: Cleanups): string {
  const dir = tempDir();
  const image = join(dir, 'disk.img');
  const mountPoint = join(dir, 'mnt');
  mkdirSync(mountPoint);
  writeFileSync(image, '');
  execFileSync('truncate', ['-s', '32M', image]);
  execFileSync('mkfs.ext4', ['-q', '-F', image]);
  execFileSync('mount', ['-o', 'loop,noatime', image, mountPoint]);
  cleanups.push(() => execFileSync('umount', ['-d', mountPoint]));
  return mountPoint;
}

/** Freezes the file system; returns its thaw (also in `cleanups`, and a watchdog's after 60 s). */
export function freeze(mountPoint: string, cleanups: Cleanups): () => void {
  const watchdog = spawn('sh', ['-c', `sleep 60; fsfreeze -u '${mountPoint}' 2>/dev/null`], { detached: true, stdio: 'ignore' });
  watchdog.unref();
  execFileSync('fsfreeze', ['-f', mountPoint]);
  let frozen = true;
  const thaw = () => {
    if (!frozen) return;
    frozen = false;
    execFileSync('fsfreeze', ['-u', mountPoint]);
    if (watchdog.pid !== undefined) process.kill(-watchdog.pid);
  };
  cleanups.push(thaw);
  return thaw;
}
