/**
 * The outbox's CHECKs on SQLite (migration `outbox-checks`): they still refuse what they refused,
 * and storing or updating a delivery builds no temporary b-tree (an IN list of three or more in a
 * CHECK built one at every row written, a third of what storing a delivery cost).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { openDatabase } from './connection';

const dir = mkdtempSync(join(tmpdir(), 'outbox-checks-'));
const db = openDatabase(dir);
db.prepare("INSERT INTO submissions (id, public_id, email, first_name, ratings, submitted_at) VALUES (1, 'p1', 'a@example.com', 'Ana', '123123123', 0)").run();
afterAll(() => {
  db.close();
  rmSync(dir, { recursive: true, force: true });
});

const insert = (columns: Record<string, string | number | null>) => {
  const row = { message_id: `msg_${Math.random()}`, submission_id: 1, created_at: 0, next_attempt_at: 0, channel: 'email', event: 'results', ...columns };
  const names = Object.keys(row);
  return () => db.prepare(`INSERT INTO outbox (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`).run(...Object.values(row));
};

test.each<[string, Record<string, string | number | null>, boolean]>([
  ['an e-mail', {}, true],
  ['a webhook', { channel: 'webhook', event: 'lead.submitted' }, true],
  ['a confirmed webhook, delivered', { channel: 'webhook', event: 'lead.confirmed', state: 'delivered' }, true],
  ['an erase for the tool', { channel: 'tool', event: 'erase', submission_id: null, erase_how: 'unsubscribed' }, true],
  ['an unknown state', { state: 'sent' }, false],
  ['an unknown channel', { channel: 'sms' }, false],
  ['an unknown event', { event: 'lead.deleted' }, false],
  ['an unknown erase outcome', { channel: 'tool', event: 'erase', submission_id: null, erase_how: 'kept' }, false],
  ['an erase on the webhook', { channel: 'webhook', event: 'erase', submission_id: null }, false],
])('%s: stored or refused as before', (_, columns, stored) => {
  if (stored) expect(insert(columns)).not.toThrow();
  else expect(insert(columns)).toThrow(/CHECK constraint failed/);
});

test.each([
  "INSERT INTO outbox (message_id, submission_id, created_at, next_attempt_at, channel, event) VALUES ('msg_1', 1, 0, 0, 'email', 'results')",
  "UPDATE outbox SET state = 'delivered', attempts = attempts + 1, lease = NULL WHERE id = 1",
])('%s builds no temporary b-tree', (sql) => {
  const program = db.prepare(`EXPLAIN ${sql}`).all() as { opcode: string }[];
  expect(program.filter((step) => step.opcode === 'OpenEphemeral')).toEqual([]);
});
