// The entry of the results e-mail's render thread (./renderer.ts): it loads the module each task
// names (./render-thread.ts as one plain bundle, server/thread-entry.ts, or the TypeScript
// itself through tsx when no bundle could be built: a worker does not inherit tsx's loader), once,
// and writes the task's e-mail with its function.
import process from 'node:process';

// React's production build: its development build (what Node gets without NODE_ENV) renders several
// times slower, checking and warning for a developer nobody shows. This thread's environment is its own.
process.env.NODE_ENV = 'production';

/** Each module's default export, by its URL: imported at the first task that names it (again after a failed import). */
const writers = new Map();

async function load(module) {
  if (module.endsWith('.mjs')) return (await import(module)).default;
  const { tsImport } = await import('tsx/esm/api');
  return (await tsImport(module, import.meta.url)).default;
}

export default async function writeResultsEmail({ module, task }) {
  if (!writers.has(module)) {
    const loading = load(module);
    writers.set(module, loading);
    loading.catch(() => writers.delete(module));
  }
  const write = await writers.get(module);
  return write(task);
}
