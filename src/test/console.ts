import { vi } from 'vitest';

let allowed = false;

/**
 * Lets the current test call console.error (the setup file fails any test that does so
 * unexpectedly) and returns the spy so the test can assert what was logged.
 */
export function allowConsoleErrors() {
  allowed = true;
  return vi.mocked(console.error);
}

export function resetConsoleErrors() {
  allowed = false;
}

export function consoleErrorsAllowed() {
  return allowed;
}
