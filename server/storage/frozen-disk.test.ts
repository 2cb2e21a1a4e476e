/**
 * A frozen data disk, for real: DATA_DIR on an ext4 file system of its own (a 32 MiB image, loop
 * mounted) that `fsfreeze -f` freezes, so every write to it, and every fsync, blocks in the kernel
 * until `fsfreeze -u` (what a stalled disk or a hung network volume does). The server runs in a
 * child process. While the disk is frozen, pages, assets and embed.js keep answering, GET
 * /api/health says 503 within its 2 s, and a lead gets 503 with Retry-After: after 10 s when its own
 * write is stuck, after about 6 s when the health check's stuck write holds the lock first (which
 * comes first depends on the machine's load); once the disk thaws, the page's retry with the same
 * Idempotency-Key stores the lead once.
 *
 * Mounting and freezing need root, as CI runs the tests (as any other user the test says it was
 * skipped, and why). A watchdog process thaws the disk after 60 s whatever happens to this test, so
 * no process stays blocked.
 */
import { join } from 'node:path';
import { afterEach, expect } from 'vitest';
import { testAsRoot } from '../test/as-root';
import { makeFakeDist } from '../test/fake-dist';
import { type Cleanups, freeze, mountedDisk } from '../test/frozen-disk';
import { postLead, validLead } from '../test/helpers';
import { spawnServer } from '../test/server-process';
import { openSqlite } from './sqlite/binding';
import { DATABASE_FILE } from './sqlite/connection';

const cleanups: Cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) {
    try {
      await cleanup();
    } catch {
      // Already undone.
    }
  }
});

const timed = async (request: Promise<Response>) => {
  const started = performance.now();
  const response = await request;
  await response.arrayBuffer().catch(() => undefined);
  return { status: response.status, headers: response.headers, ms: performance.now() - started };
};

testAsRoot(
  'a frozen data disk: pages, assets and embed.js answer, health says 503, a lead gets 503 and is stored once when its retry comes after the thaw',
  'mounting a file system image and freezing it with fsfreeze',
  async () => {
    const dataDir = join(mountedDisk(cleanups), 'data');
    const dist = makeFakeDist();
    const { url, child, exited } = await spawnServer({ DATA_DIR: dataDir, DIST_DIR: dist });
    // Stopped before the disk is unmounted (cleanups run last first).
    cleanups.push(async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
    });
    expect((await postLead(url, validLead)).status).toBe(201);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    const thaw = freeze(join(dataDir, '..'), cleanups);
    const lead = { ...validLead, email: 'frozen@example.com' };
    const key = 'frozen-disk-retry-1';
    const stalledLead = timed(postLead(url, lead, { 'idempotency-key': key }));
    const health = await timed(fetch(`${url}/api/health`));
    const pages = await Promise.all(['/', '/quiz', '/assets/index-abc123.js', '/embed.js'].map((path) => timed(fetch(`${url}${path}`))));
    const firstLead = await stalledLead;
    console.info(
      `frozen disk: health ${health.status} after ${Math.round(health.ms)} ms; ` +
        `pages ${pages.map((page) => `${page.status}/${Math.round(page.ms)} ms`).join(', ')}; ` +
        `lead ${firstLead.status} after ${Math.round(firstLead.ms)} ms`,
    );
    // The disk stays frozen for a minute at most (the watchdog): each of these answers long before.
    expect(health.status).toBe(503);
    expect(health.ms).toBeLessThan(5_000);
    expect(pages.map((page) => page.status)).toEqual([200, 200, 200, 200]);
    for (const page of pages) expect(page.ms).toBeLessThan(5_000);
    expect(firstLead.status).toBe(503);
    expect(firstLead.headers.get('retry-after')).toBe('5');

    thaw();
    // The page's retry, with the same key, after Retry-After.
    const retried = await postLead(url, lead, { 'idempotency-key': key });
    expect(retried.status).toBe(201);
    expect((await fetch(`${url}/api/health`)).status).toBe(200);
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const db = openSqlite(join(dataDir, DATABASE_FILE), { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM submissions WHERE email = 'frozen@example.com'").get()).toEqual({ n: 1 });
    db.close();
  },
  90_000,
);
