/** Waiting for a server process started by a test (server tests and e2e alike: no test runner here). */
import type { ChildProcess } from 'node:child_process';

/**
 * How long a test waits for its server process to listen: it only guards against a hang. A start
 * (tsx loading the server, the storage thread, migrations) takes about a second on an idle machine
 * and has taken over 20 s on a busy shared one (with a forced collection every 50 ms, say).
 */
export const SERVER_START_LIMIT_MS = 60_000;

/**
 * The address a server process logs once it listens ("listening at http://127.0.0.1:<port>").
 * Rejects, with what it wrote, when it exits first or has not listened within `limitMs`.
 */
export function listeningUrl(child: ChildProcess, limitMs = SERVER_START_LIMIT_MS): Promise<string> {
  let output = '';
  return new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the server did not start within ${limitMs} ms:\n${output}`)), limitMs);
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the server exited (${code}) before it listened:\n${output}`));
    });
  });
}
