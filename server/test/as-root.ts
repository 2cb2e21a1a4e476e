/**
 * Tests that need root (mounting a file system, freezing it, starting the server as another user).
 * Run as any other user they do not pass silently: each prints that it was skipped and why. CI runs
 * the tests as root (.ci/run), so there (the CI variable set) a test that cannot run fails instead
 * of skipping: a promise it proves must never go unproven unnoticed.
 */
import { test, type TestContext } from 'vitest';

export const isRoot = process.getuid?.() === 0;

/** Why a root-only test did not run: what it needs root for, and how to run it. */
export function notRootReason(needs: string): string {
  return `needs root (${needs}); run the tests as root, as CI does, to prove it`;
}

/**
 * Skips the running test, saying why on the test's output, unless the tests run as root; in CI
 * (CI set) it fails instead.
 */
export function requireRoot(context: TestContext, needs: string): void {
  if (isRoot) return;
  const reason = notRootReason(needs);
  if (process.env.CI) throw new Error(`CI must run this test as root: it ${reason}.`);
  console.warn(`skipped "${context.task.name}": it ${reason}`);
  context.skip(reason);
}

/** `test(name, fn, timeout)` for a test that needs root: skipped with its reason otherwise (`requireRoot`). */
export function testAsRoot(name: string, needs: string, fn: () => Promise<void>, timeout?: number): void {
  test(
    name,
    async (context) => {
      requireRoot(context, needs);
      await fn();
    },
    timeout,
  );
}
