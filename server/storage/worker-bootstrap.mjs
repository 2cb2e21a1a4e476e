// The entry of a storage worker thread (server/storage/worker-calls.ts): a worker does not inherit
// tsx's loader, so this plain module loads the TypeScript entry named in workerData through tsx.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
