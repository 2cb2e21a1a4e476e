/**
 * A server a test started does not outlive the test process: when the process that started it is
 * killed (as Vitest ends a worker whose hook timed out), the server exits on its own.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { exitWithParent } from './server-entry';

/**
 * Whether the process runs. On Linux an exited one that its new parent has not reaped yet (a
 * zombie, state "Z") does not, though a signal 0 still finds it; elsewhere the signal tells.
 */
const alive = (pid: number) => {
  try {
    if (!existsSync('/proc/self/stat')) return process.kill(pid, 0);
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0] !== 'Z';
  } catch {
    return false;
  }
};

test.each([
  ['with the preload, it exits within seconds of its parent', exitWithParent.nodeArgs, false],
  ['without it, it would live on (the orphan this guards against)', [], true],
])('a server whose test process is killed: %s', async (_name, preload, outlives) => {
  // The parent stands in for a Vitest worker: it starts a long-running child and says its pid.
  const longRunning = ['-e', 'setInterval(() => {}, 1000)'];
  const parentScript = `const { spawn } = require('node:child_process');
    const child = spawn(process.execPath, ${JSON.stringify([...preload, ...longRunning])}, { stdio: 'ignore', env: { ...process.env, TEST_PARENT_PID: String(process.pid) } });
    console.log(child.pid); setInterval(() => {}, 1000);`;
  const parent = spawn(process.execPath, ['-e', parentScript], { stdio: ['ignore', 'pipe', 'inherit'] });
  const pid = await new Promise<number>((resolve) => parent.stdout.once('data', (chunk: Buffer) => resolve(Number(chunk.toString().trim()))));
  expect(alive(pid)).toBe(true);
  parent.kill('SIGKILL');
  try {
    if (outlives) {
      // Six times the preload's interval later, it is still running.
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(alive(pid)).toBe(true);
    } else {
      await expect.poll(() => alive(pid), { timeout: 10_000, interval: 100 }).toBe(false);
    }
  } finally {
    if (alive(pid)) process.kill(pid, 'SIGKILL');
  }
});
