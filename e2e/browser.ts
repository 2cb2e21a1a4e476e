/**
 * Finds the Chromium that end-to-end tests drive. Playwright cannot download its own browser on
 * our machines, so we use Debian's package. A run without a browser fails here, never skips.
 */
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const debianChromium = '/usr/bin/chromium';

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
      '  Debian/Ubuntu:  sudo apt-get install -y chromium        (gives /usr/bin/chromium)',
      '  elsewhere:      npx playwright install chromium',
      'or point CHROMIUM_PATH at a Chromium or Chrome executable.',
    ].join('\n'),
  );
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
