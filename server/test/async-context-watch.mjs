// Loaded with `--import` into a server process by a test (server/pages/site-pages.test.ts): writes a
// line on stdout whenever the main thread first turns on an async context of some kind, with the
// stack that did it. On Node 20 and 22, `AsyncLocalStorage.run` (or `enterWith`) turns on promise
// hooks in its thread for good, as `createHook(...).enable()` does, and every promise after it pays
// for them. Worker threads (which inherit this preload) may: they answer no request.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const asyncHooks = createRequire(import.meta.url)('node:async_hooks');
  const seen = new Set();
  const report = (what) => {
    if (seen.has(what)) return;
    seen.add(what);
    const stack = new Error().stack?.split('\n').slice(3, 12).join('\n');
    process.stdout.write(`${JSON.stringify({ asyncContextTurnedOn: what, stack })}\n`);
  };
  for (const method of ['run', 'enterWith']) {
    const original = asyncHooks.AsyncLocalStorage.prototype[method];
    asyncHooks.AsyncLocalStorage.prototype[method] = function (...args) {
      report(`AsyncLocalStorage.${method}`);
      return original.apply(this, args);
    };
  }
  const createHook = asyncHooks.createHook;
  asyncHooks.createHook = (callbacks) => {
    const hook = createHook(callbacks);
    const enable = hook.enable;
    hook.enable = () => {
      report('async_hooks.createHook().enable');
      return enable.call(hook);
    };
    return hook;
  };
  // `import { createHook } from 'node:async_hooks'` after this sees the wrapped one too.
  syncBuiltinESMExports();
  process.stdout.write(`${JSON.stringify({ asyncContextWatch: 'on' })}\n`);
}
