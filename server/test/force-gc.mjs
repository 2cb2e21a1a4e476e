// Loaded with `node --expose-gc --import`: collects garbage every 50 ms, so anything that only a
// weak reference keeps alive (an AbortSignal.timeout inside AbortSignal.any, say) is gone at once.
const collect = globalThis.gc;
if (typeof collect !== 'function') throw new Error('force-gc.mjs needs node --expose-gc');
globalThis.setInterval(() => collect(), 50).unref();
