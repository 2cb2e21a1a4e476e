/**
 * A worker thread for work that would hold up the event loop answering requests (React rendering):
 * started at its first task, let go after a minute without one, and replaced if it dies (its task
 * then fails, and whoever asked handles that as any failure). Tasks and results are plain data.
 * The results e-mail (server/mail/renderer.ts) and the visitor's pages (server/pages/site-pages.ts)
 * each have one. Its entry is a plain module whose default export runs one task.
 */
import { Piscina } from 'piscina';

export type OnDemandThread<Task, Result> = {
  run(task: Task): Promise<Result>;
  /** Stops the thread (the next task starts one again). */
  close(): Promise<void>;
};

/** A thread with no task for this long stops; the next task starts one again. */
const IDLE_MS = 60_000;

export function onDemandThread<Task, Result>(entry: URL): OnDemandThread<Task, Result> {
  let pool: Piscina<Task, Result> | null = null;
  return {
    run(task) {
      pool ??= new Piscina({
        filename: entry.href,
        minThreads: 0,
        maxThreads: 1,
        idleTimeout: IDLE_MS,
        // Tasks come as messages on the thread's event loop (rendering is asynchronous), not through a blocking wait.
        atomics: 'disabled',
        // No preloads: `node --import …` given to the server (tsx, a test's own module) is the main
        // thread's. A worker does not get tsx's loader from it, so a preloaded .ts file failed there
        // and took the server down; an entry that needs TypeScript loads it itself (tsx's tsImport).
        execArgv: [],
      });
      return pool.run(task);
    },
    async close() {
      const running = pool;
      pool = null;
      await running?.destroy();
    },
  };
}
