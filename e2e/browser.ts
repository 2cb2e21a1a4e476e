/**
 * Finds the Chromium that end-to-end tests drive. Playwright cannot download its own browser on
 * our machines, so we use Debian's package. A run without a browser fails here, never skips.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const debianChromium = '/usr/bin/chromium';
/**
 * Debian's `chromium-headless-shell`: the same Chromium's engine without the browser around it, the
 * headless browser Playwright itself runs tests in. The end-to-end run took a quarter less CPU with it
 * (693 -> 534 CPU-seconds, 377 -> 304 s alone on 2 cores).
 */
const debianHeadlessShell = '/usr/bin/chromium-headless-shell';

export function findChromium(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const candidates = [env.CHROMIUM_PATH, debianChromium, safePlaywrightChromium()].filter(
    (path): path is string => Boolean(path),
  );
  const found = candidates.find((path) => exists(path));
  if (found) return found;
  throw new Error(
    [
      'No Chromium found for the end-to-end tests (looked at: ' + candidates.join(', ') + ').',
      'Install one:',
      '  Debian/Ubuntu:  sudo apt-get install -y chromium chromium-headless-shell',
      '  elsewhere:      npx playwright install chromium',
      'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
    ].join('\n'),
  );
}

/**
 * The browser the end-to-end tests drive: CHROMIUM_PATH if set, else Debian's headless shell when it
 * is installed, else the full Chromium that findChromium finds. The benchmark and the screenshot
 * scripts keep the full browser (findChromium): their pages and figures are a visitor's browser's.
 */
export function findTestBrowser(
  env: Record<string, string | undefined> = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  if (!env.CHROMIUM_PATH && exists(debianHeadlessShell)) return debianHeadlessShell;
  return findChromium(env, exists);
}

function safePlaywrightChromium(): string | undefined {
  try {
    return chromium.executablePath();
  } catch {
    return undefined;
  }
}

/** Flags that keep Chromium quiet on a machine with no internet (and allow running as root). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
