import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { consoleErrorsAllowed, resetConsoleErrors } from './console';

// jsdom lays nothing out, so it has no scrollIntoView; every browser the site supports does.
Element.prototype.scrollIntoView ??= function scrollIntoView() {};

// An unexpected console.error (a React warning, a failed prop type, a stray log) fails the test.
beforeEach(() => {
  resetConsoleErrors();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  const calls = vi.mocked(console.error).mock.calls;
  const unexpected = consoleErrorsAllowed() ? [] : calls;
  vi.restoreAllMocks();
  vi.useRealTimers();
  if (unexpected.length > 0) {
    throw new Error(`Unexpected console.error:\n${unexpected.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});
