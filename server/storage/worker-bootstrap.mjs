// The entry of a storage worker thread (server/storage/worker-calls.ts): the plain module named in
// workerData (the bundle ../thread-entry.ts builds) as it is; a TypeScript one through tsx, since a
// worker does not inherit tsx's loader.
import { workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.mjs')) {
  await import(workerData.module);
} else {
  const { tsImport } = await import('tsx/esm/api');
  await tsImport(workerData.module, import.meta.url);
}
