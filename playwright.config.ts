import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { chromiumArgs, findTestBrowser } from './e2e/browser';
import { hostOrigins } from './e2e/embed-origins';

const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;
// Every run stores its leads in a fresh folder, never in ./data. Set on process.env so the test
// workers (which load this file again) see the same folder and can read what the server stored.
// A folder made here is removed at the end of the run (e2e/global-teardown.ts).
if (!process.env.E2E_DATA_DIR) {
  process.env.E2E_DATA_DIR = mkdtempSync(join(tmpdir(), 'core-drivers-e2e-'));
  process.env.E2E_DATA_DIR_IS_TEMPORARY = '1';
}
const dataDir = process.env.E2E_DATA_DIR;
const coachSites = hostOrigins(port);

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: true,
  // Files and tests run side by side, one more at a time than there are cores (Playwright's own
  // default, half the cores, ran one at a time on a 2-core machine). A test waits about half its time
  // on the app's timers and servers: with two workers on two cores the CPU sat idle half the run.
  // Tests that share state say so (mode: 'serial').
  workers: availableParallelism() + 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  // Time limits guard against a hang; they measure nothing. The machine these run on is shared and
  // often busy (a sign-in runs the real scrypt; a page's hydration waits for a core), so they are
  // generous: beside the unit tests in CI, tests that take 10-20 s alone took 30-50 s. What a user
  // would notice as slow is asserted where it matters, in numbers.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  use: {
    baseURL,
    ...devices['Desktop Chrome'],
    // Phone first: the default viewport is a small phone; tests that need a desktop set their own.
    viewport: { width: 360, height: 740 },
    launchOptions: { executablePath: findTestBrowser(), args: chromiumArgs },
    // A failed test keeps its trace: each step's DOM snapshot, network and console. Not the
    // screencast: filming every test cost about 40% more of the browser's CPU (a quiz run: 2.8 s ->
    // 4.0 s) and a third more of the test worker's, for frames almost never looked at.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
  },
  webServer: [
    {
      command: 'npm run build && node --import tsx server/main.ts',
      url: `${baseURL}/`,
      reuseExistingServer: false,
      timeout: 180_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        // Many tests submit leads from one address; the rate limit itself is tested in server/.
        RATE_LIMIT_MAX: '1000',
        // ...and many quiz runs, each sending its funnel steps; the events' limit is tested in server/.
        EVENTS_RATE_LIMIT_MAX: '100000',
        // A known browser that typed 10 wrong passwords counts as a stranger this long (short in the tests).
        SIGN_IN_LOCK_SECONDS: '10',
        // A developer's .env must never forward test leads.
        LEAD_WEBHOOK_URL: '',
        LEAD_WEBHOOK_SECRET: '',
        // The tests' receivers and mail servers listen on 127.0.0.1 (server/outbound/allowed-hosts.ts).
        OUTBOUND_ALLOWED_HOSTS: 'loopback',
        // The coach's sites of e2e/embed.spec.ts; for every other test it only changes framing.
        EMBED_ORIGINS: `${coachSites.allowed} ${coachSites.otherAllowed}`,
      },
      stdout: 'ignore',
    },
    {
      // A coach's site on other loopback origins, for e2e/embed.spec.ts (e2e/host-pages.ts).
      command: 'node --import tsx e2e/host-pages.ts',
      url: `${coachSites.allowed}/inline`,
      reuseExistingServer: false,
      timeout: 30_000,
      env: { E2E_PORT: String(port) },
      stdout: 'ignore',
    },
  ],
});
