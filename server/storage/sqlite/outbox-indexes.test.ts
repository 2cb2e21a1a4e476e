/**
 * The outbox's indexes on SQLite (migrations `outbox-fewer-indexes` and `outbox-failing`): queuing a
 * delivery, which every stored lead does with mail on, writes the table and only the indexes
 * something reads. Each more index was one more b-tree written per lead and more pages in every
 * commit's WAL. And the Deliveries screen's failing ones are read from their own index, not from
 * every pending row.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from './connection';
import { deliveryFilters } from './outbox';

const dir = mkdtempSync(join(tmpdir(), 'outbox-indexes-'));
const db = openDatabase(dir);
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The tables and indexes a statement opens (to write, or to read), by name. */
const opened = (opcode: 'OpenWrite' | 'OpenRead', sql: string): string[] => {
  const names = new Map(db.prepare<[], { name: string; rootpage: number }>('SELECT name, rootpage FROM sqlite_master').all().map((row) => [row.rootpage, row.name]));
  const program = db.prepare<[], { opcode: string; p2: number }>(`EXPLAIN ${sql}`).all();
  return program.filter((step) => step.opcode === opcode).map((step) => names.get(step.p2) ?? `page ${step.p2}`).sort();
};
const writtenBy = (sql: string) => opened('OpenWrite', sql);

test('queuing a delivery writes the outbox, its submission index and its queues, and no index nothing reads', () => {
  const insert = "INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event) VALUES ('msg_1', 1, 0, 0, 'email', 'results')";
  // outbox_failing, outbox_gone and outbox_expired are opened but hold no new row (partial indexes: nothing is inserted into them).
  expect(writtenBy(insert)).toEqual(['outbox', 'outbox_by_submission', 'outbox_due_by_channel', 'outbox_expired', 'outbox_failing', 'outbox_gone']);
});

test("the failing deliveries are counted from their own index, and listed from it: a burst's pending backlog is not read", () => {
  const { from, where } = deliveryFilters.failing;
  // Walked along outbox_failing (which holds only the failing rows); the table is read for those rows alone.
  // Before, the walk was along outbox_due_by_channel: every pending row, read from the table to check its attempts.
  expect(opened('OpenRead', `SELECT count(*) FROM ${from} WHERE ${where}`)).toEqual(['outbox', 'outbox_failing']);
  expect(opened('OpenRead', `SELECT o.id, o.channel FROM ${from} WHERE ${where} ORDER BY o.id DESC LIMIT 10`)).toEqual(['outbox', 'outbox_failing']);
});

test('a delivery is in the failing index from its first failed attempt until it leaves the queue', () => {
  db.prepare("INSERT INTO submissions (id, public_id, email, first_name, ratings, submitted_at) VALUES (1, 'p', 'a@example.com', 'A', '123123123', 0)").run();
  const id = Number(db.prepare("INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event) VALUES ('msg_2', 1, 0, 0, 'webhook', 'lead.submitted')").run().lastInsertRowid);
  const failing = () => db.prepare<[], { id: number }>('SELECT id FROM outbox INDEXED BY outbox_failing WHERE state = \'pending\' AND attempts > 0').all().map((row) => row.id);
  expect(failing()).toEqual([]);
  db.prepare('UPDATE outbox SET attempts = attempts + 1 WHERE id = ?').run(id);
  expect(failing()).toEqual([id]);
  db.prepare("UPDATE outbox SET state = 'delivered', attempts = attempts + 1 WHERE id = ?").run(id);
  expect(failing()).toEqual([]);
});
