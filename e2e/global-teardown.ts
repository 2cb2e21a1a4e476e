import { rmSync } from 'node:fs';

/** Removes the run's temporary data folder (made by playwright.config.ts; never one passed in). */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR;
  if (dir && process.env.E2E_DATA_DIR_IS_TEMPORARY === '1') rmSync(dir, { recursive: true, force: true });
}
