/**
 * The checkpointer thread: copies committed pages from the WAL into the database file once a
 * second (a PASSIVE checkpoint, which never blocks the writer). Left to SQLite, that copy and its
 * fsync would run inside whichever commit crossed the WAL's size threshold, stalling that batch of
 * visitors for a long moment.
 *
 * Messages in: 'close'.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { openDatabase } from './lead-db';

export const CHECKPOINT_INTERVAL_MS = 1_000;

const { dataDir } = workerData as { dataDir: string };
const db = openDatabase(dataDir);
db.pragma('wal_autocheckpoint = 0');
const port = parentPort;
if (!port) throw new Error('lead-checkpointer runs only as a worker thread.');

const timer = setInterval(() => db.pragma('wal_checkpoint(PASSIVE)'), CHECKPOINT_INTERVAL_MS);
port.on('message', (message: 'close') => {
  if (message !== 'close') return;
  clearInterval(timer);
  db.close();
  port.close();
});
