/**
 * How the tests start a command of the app as a process of its own (server tests and e2e alike): its
 * bundle, one plain module built from the sources (server/thread-entry.ts), which Node loads
 * without tsx. Through tsx each start first ran tsx's loader over some 200 files: 2.0 s of CPU to
 * listen, against 1.05 s for the bundle, and the tests start the server dozens of times. When no
 * bundle can be built, the sources through tsx, as before.
 */
import { fileURLToPath } from 'node:url';
import { threadEntry } from '../thread-entry';

const root = new URL('../../', import.meta.url);

/** Node's arguments that run `script` (relative to the repository's root); options for Node go before them. */
export async function entryArgs(script: 'server/main.ts' | 'server/cli/main.ts'): Promise<string[]> {
  const entry = await threadEntry(new URL(script, root));
  // A stack trace names the sources' files and lines, as through tsx (the bundle maps them).
  return entry.pathname.endsWith('.mjs') ? ['--enable-source-maps', fileURLToPath(entry)] : ['--import', 'tsx', fileURLToPath(entry)];
}

/**
 * What makes a server a test starts exit once the test process is gone (./exit-with-parent.mjs):
 * Node's option to preload it, and the test process's pid for it to watch.
 */
export const exitWithParent = {
  nodeArgs: ['--import', fileURLToPath(new URL('./exit-with-parent.mjs', import.meta.url))],
  env: { TEST_PARENT_PID: String(process.pid) },
};
