/**
 * The writer thread. SQLite's commit waits for fsync; done on the main thread, that wait would
 * stall every other request. Here it runs beside the event loop: the main thread keeps parsing and
 * validating the next requests while this thread commits the previous batch.
 *
 * Messages in: { batch: Submission[] }, or 'close'. Out: { ready }, then { results } or { error }
 * for each batch.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { batchWriter, openDatabase, type Submission } from './lead-db';

const { dataDir, outbox } = workerData as { dataDir: string; outbox: boolean };
const db = openDatabase(dataDir);
// Checkpoints run in the checkpointer thread, so a commit never waits for one.
db.pragma('wal_autocheckpoint = 0');
// When the WAL starts over after a complete checkpoint, its file shrinks back to this size.
db.pragma(`journal_size_limit = ${64 * 1024 * 1024}`);
const write = batchWriter(db, { outbox });
const port = parentPort;
if (!port) throw new Error('lead-writer runs only as a worker thread.');

port.on('message', (message: { batch: Submission[] } | 'close') => {
  if (message === 'close') {
    db.close();
    port.close();
    return;
  }
  try {
    port.postMessage({ results: write(message.batch) });
  } catch (error) {
    // Only the message crosses: SQLite errors name tables and constraints, never values.
    port.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
port.postMessage({ ready: true });
