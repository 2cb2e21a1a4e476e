/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { chunkModules } from './scripts/bench/chunk-modules.js';

export default defineConfig({
  plugins: [react(), tailwindcss(), chunkModules()],
  resolve: {
    // React Router's production build: its package.json names only its development build, which
    // keeps its developer warnings in ours (remix-run/react-router#14102), half a kilobyte gzip.
    alias: [{ find: /^react-router$/, replacement: fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url)) }],
  },
  define: {
    // The year baked into the prerendered HTML; the browser replaces it with its own after hydration.
    __BUILD_YEAR__: JSON.stringify(new Date().getFullYear()),
  },
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    // dist/client/.vite/manifest.json: which chunks each entry and lazy page needs (read by the
    // budgets and the benchmark; the static server never sends dotfiles).
    manifest: true,
    // No preload helper: Vite's wraps every dynamic import with the list of files it needs, a third
    // of a kilobyte of the landing page's first load. The pages a visitor moves to are fetched ahead
    // when the browser is idle (src/app/prefetch.ts), and each page's HTML names its own chunks
    // (scripts/preload-links.ts), so nothing waits on it.
    modulePreload: false,
  },
  server: {
    // In development the API runs in `npm start`'s server; Vite forwards to it.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  test: {
    // One test file more than the machine has cores (Vitest's own default leaves one core free: on
    // a 2-core machine that ran every file one after another). Most server files wait on servers,
    // timers, sockets and child processes: with one file per core, `npm test` left the 2 cores idle
    // a third of its run (838 s of CPU in 643 s).
    maxWorkers: availableParallelism() + 1,
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['src/test/setup.ts'],
          // A screen's test renders the whole page in jsdom: on a busy shared machine (load 20 and
          // more) a few passed 5 s, and beside the end-to-end tests in CI one that takes 1.8 s on a
          // quiet machine took 16 s. The limit guards against a hang; timings run on fake clocks.
          testTimeout: 45_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['server/test/setup.ts'],
          // Most server tests start a real server (a storage thread, a Postgres pool, a child
          // process): 5 s is too short for that on a busy shared machine, and beside the end-to-end
          // tests in CI many took 10-20 s. The limits guard against a hang; tests whose timing is
          // the behaviour assert it themselves. Hooks close those servers, as slow at times.
          testTimeout: 60_000,
          hookTimeout: 30_000,
          // One throwaway Postgres server for the run (fails, saying how to install it, without Postgres).
          globalSetup: ['server/test/postgres-global-setup.ts'],
        },
      },
    ],
  },
});
