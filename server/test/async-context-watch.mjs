// Loaded with `--import` into a server process by a test (server/pages/site-pages.test.ts,
// server/email-tool/attempt-context.test.ts): writes a line on stdout whenever the main thread turns
// an async context on, with the stack that did it, and whenever it turns one off, each with how many
// are on now (`enabledNow`). On Node 20 and 22, an enabled AsyncLocalStorage (`run`, `enterWith`)
// keeps promise hooks on in its thread until its `disable()`, as `createHook(...).enable()` does
// until the hook's `disable()`, and every promise meanwhile pays for them. Worker threads (which
// inherit this preload) may: they answer no request.
import { createRequire, syncBuiltinESMExports } from 'node:module';
import process from 'node:process';
import { isMainThread } from 'node:worker_threads';

if (isMainThread) {
  const asyncHooks = createRequire(import.meta.url)('node:async_hooks');
  /** The AsyncLocalStorage instances and hooks on now. */
  const on = new Set();
  const write = (line) => process.stdout.write(`${JSON.stringify(line)}\n`);
  const turnedOn = (thing, what) => {
    if (on.has(thing)) return;
    on.add(thing);
    const stack = new Error().stack?.split('\n').slice(3, 12).join('\n');
    write({ asyncContextTurnedOn: what, enabledNow: on.size, stack });
  };
  const turnedOff = (thing, what) => {
    if (on.delete(thing)) write({ asyncContextTurnedOff: what, enabledNow: on.size });
  };

  const storage = asyncHooks.AsyncLocalStorage.prototype;
  if (typeof storage._enable === 'function') {
    // Node 20 and 22 turn an instance on in `_enable`: from `run` (unless its store is the one in
    // force), `enterWith`, and the end of `exit` (whose start calls `disable`). Named by its caller.
    const enable = storage._enable;
    storage._enable = function () {
      if (!on.has(this)) turnedOn(this, `AsyncLocalStorage.${/AsyncLocalStorage\.(run|enterWith|exit)\b/.exec(new Error().stack ?? '')?.[1] ?? '_enable'}`);
      return enable.call(this);
    };
  } else {
    // Node 24's AsyncContextFrame has no `_enable` and no promise hooks: reported all the same.
    for (const method of ['run', 'enterWith']) {
      const original = storage[method];
      storage[method] = function (...args) {
        turnedOn(this, `AsyncLocalStorage.${method}`);
        return original.apply(this, args);
      };
    }
  }
  const disableStorage = storage.disable;
  storage.disable = function () {
    const result = disableStorage.call(this);
    // Node 20 and 22 say whether it is still on (`enabled`); Node 24's has no such field.
    if (this.enabled !== true) turnedOff(this, 'AsyncLocalStorage.disable');
    return result;
  };

  const createHook = asyncHooks.createHook;
  asyncHooks.createHook = (callbacks) => {
    const hook = createHook(callbacks);
    const { enable, disable } = hook;
    hook.enable = () => {
      turnedOn(hook, 'async_hooks.createHook().enable');
      return enable.call(hook);
    };
    hook.disable = () => {
      turnedOff(hook, 'async_hooks.createHook().disable');
      return disable.call(hook);
    };
    return hook;
  };
  // `import { createHook } from 'node:async_hooks'` after this sees the wrapped one too.
  syncBuiltinESMExports();
  write({ asyncContextWatch: 'on' });
}
