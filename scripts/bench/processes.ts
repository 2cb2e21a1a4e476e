/** Child processes the benchmark starts on 127.0.0.1 and always stops again. */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/**
 * A running server: its address, the CPU time its process has used so far (every thread, in
 * microseconds; Linux only, NaN elsewhere), and how to stop it.
 */
export type Running = { url: string; cpuMicros: () => number; stop: () => Promise<void> };

let ticksPerSecond: number | undefined;

/** CPU time (user + system, all threads) used by process `pid` so far, in microseconds, from /proc. */
export function processCpuMicros(pid: number | undefined): number {
  try {
    ticksPerSecond ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
    // The fields after the command name (which may hold spaces), from the state on: utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return ((Number(fields[11]) + Number(fields[12])) / ticksPerSecond) * 1_000_000;
  } catch {
    return Number.NaN;
  }
}

/** A port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

/**
 * Starts `node --import tsx <script>` with `env` on a free port and resolves once `readyPath`
 * answers (any status), or rejects with the process's output if it exits or takes too long.
 */
export async function startNodeScript(
  script: string,
  env: Record<string, string>,
  readyPath = '/',
  timeoutMs = 30_000,
): Promise<Running> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', script], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const stop = () => stopChild(child);

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with code ${child.exitCode}:\n${output}`);
    try {
      await fetch(`${url}${readyPath}`, { method: readyPath === '/' ? 'GET' : 'OPTIONS' });
      return { url, cpuMicros: () => processCpuMicros(child.pid), stop };
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  await stop();
  throw new Error(`${script} did not answer on ${url} within ${timeoutMs} ms:\n${output}`);
}
