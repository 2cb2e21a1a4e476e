/**
 * For tests on a server of their own started from an empty DATA_DIR (e2e/own-server.ts): the test
 * with its `server` (environment set per describe with `serverEnv`), the one-time set-up address read
 * from the server's log, the password chosen in the browser, and screenshots when SHOTS_DIR is set.
 */
import type { Page } from '@playwright/test';
import { expect, test as base } from './fixtures';
import { logLine, type OwnServer, startOwnServer } from './own-server';

export const test = base.extend<{ serverEnv: Record<string, string>; server: OwnServer }>({
  /** Environment variables of the test's server (a setting given there wins over the dashboard). */
  serverEnv: [{}, { option: true }],
  server: async ({ serverEnv }, use) => {
    const server = await startOwnServer(serverEnv);
    await use(server);
    await server.stop();
  },
  // The page's own origin is this server's: the fixtures' "no foreign request" check follows it.
  baseURL: async ({ server }, use) => use(server.url),
});

export const password = 'a calm long password';

/** Saves the whole page as `<name>-<width>.png` in SHOTS_DIR, when it is set. */
export async function shoot(page: Page, name: string, width: number) {
  const dir = process.env.SHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true });
}

/** The set-up address the server printed: a JSON log line whose message holds it. */
export async function setupAddress(server: OwnServer): Promise<string> {
  const line = await logLine(server, (entry) => typeof entry.setupUrl === 'string');
  const url = String(line.setupUrl);
  expect(String(line.msg)).toContain(url);
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/coach\/setup#[A-Za-z0-9_-]{43}$/);
  return url;
}

/** Chooses the password on the set-up address; the coach lands signed in on Settings. */
export async function choosePassword(page: Page, address: string) {
  await page.goto(address);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  // The code left the address bar as soon as the page read it.
  expect(new URL(page.url()).hash).toBe('');
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Type it again').fill(password);
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
}
