import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { openDatabase } from '../storage/lead-store';
import { tempDir } from '../test/helpers';
import { verifyPassword } from './password';
import { SessionStore, sqliteSessionTable } from './sessions';

const root = new URL('../..', import.meta.url).pathname;

/** `npm run coach -- <args>` with `input` piped to stdin. */
function coach(dataDir: string, args: string[], input: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'server/coach/cli.ts'), ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

test('set-password reads stdin, refuses fewer than 12 characters, stores only a hash and signs every session out', async () => {
  const dataDir = tempDir();
  const short = await coach(dataDir, ['set-password'], 'eleven-char\n');
  expect(short.code).toBe(2);
  expect(short.stderr).toContain('at least 12 characters');
  expect(short.stderr).not.toContain('eleven-char');

  const db = openDatabase(dataDir);
  const session = await new SessionStore(sqliteSessionTable(db)).create(Date.now());
  const set = await coach(dataDir, ['set-password'], 'twelve chars\n');
  expect(set.code).toBe(0);
  expect(set.stdout).toContain('Every dashboard session was signed out');
  const { password_hash: hash } = db.prepare('SELECT password_hash FROM coach_account').get() as { password_hash: string };
  expect(hash).toMatch(/^scrypt\$17\$8\$1\$/);
  expect(hash).not.toContain('twelve');
  // The final line break of piped input is not part of the password.
  expect(await verifyPassword('twelve chars', hash)).toBe(true);
  expect(await new SessionStore(sqliteSessionTable(db)).find(session.token, Date.now())).toBeNull();
  expect(db.prepare('SELECT action, actor FROM audit_log').all()).toEqual([{ action: 'password_set', actor: 'command line' }]);
  db.close();
}, 30_000);
