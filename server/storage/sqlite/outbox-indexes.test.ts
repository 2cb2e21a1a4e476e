/**
 * The outbox's indexes on SQLite (migration `outbox-fewer-indexes`): queuing a delivery, which every
 * stored lead does with mail on, writes the table and only the indexes something reads. Each more
 * index was one more b-tree written per lead and more pages in every commit's WAL.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from './connection';

const dir = mkdtempSync(join(tmpdir(), 'outbox-indexes-'));
const db = openDatabase(dir);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The tables and indexes a statement opens to write, by name. */
const writtenBy = (sql: string): string[] => {
  const names = new Map(db.prepare<[], { name: string; rootpage: number }>('SELECT name, rootpage FROM sqlite_master').all().map((row) => [row.rootpage, row.name]));
  const program = db.prepare<[], { opcode: string; p2: number }>(`EXPLAIN ${sql}`).all();
  return program.filter((step) => step.opcode === 'OpenWrite').map((step) => names.get(step.p2) ?? `page ${step.p2}`).sort();
};

test('queuing a delivery writes the outbox, its submission index and its queues, and no index nothing reads', () => {
  const insert = "INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event) VALUES ('msg_1', 1, 0, 0, 'email', 'results')";
  // outbox_gone and outbox_expired are opened but hold no pending row (partial indexes: nothing is inserted into them).
  expect(writtenBy(insert)).toEqual(['outbox', 'outbox_by_submission', 'outbox_due_by_channel', 'outbox_expired', 'outbox_gone']);
});
