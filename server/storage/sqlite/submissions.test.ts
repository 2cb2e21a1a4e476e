import { expect, test } from 'vitest';
import type { Lead } from '../../../src/shared/lead';
import { tempDir } from '../../test/helpers';
import { IDEMPOTENCY_TTL_MS, type Submission } from '../storage';
import { openDatabase } from './connection';
import { batchWriter } from './submissions';

const ana: Lead = { email: 'ana@example.com', firstName: 'Ana', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] };
/** A submission at `now`; routed to the webhook, so each new one gets its outbox row. */
const at = (now: number, lead: Lead, idempotencyKey?: string): Submission => ({ lead, idempotencyKey, now, routing: { webhook: true, email: false, tool: false } });

function writer() {
  const db = openDatabase(tempDir());
  const count = (sql: string) => (db.prepare(`SELECT count(*) AS n FROM ${sql}`).get() as { n: number }).n;
  return { db, write: batchWriter(db), count };
}

test.each<[string, Submission, 'replayed' | 'key_conflict']>([
  ['the same lead again', at(2, ana, 'k'), 'replayed'],
  ['the same lead with the address written differently', at(2, { ...ana, email: ' ANA@example.com' }, 'k'), 'replayed'],
  ['another first name', at(2, { ...ana, firstName: 'Ann' }, 'k'), 'key_conflict'],
  ['other ratings', at(2, { ...ana, ratings: [3, 3, 3, 3, 3, 3, 3, 3, 3] }, 'k'), 'key_conflict'],
  ['another address', at(2, { ...ana, email: 'bob@example.com' }, 'k'), 'key_conflict'],
])('a second submission under a used key: %s is %s, and nothing more is stored', (_name, second, expected) => {
  const { write, count } = writer();
  const [first] = write([at(1, ana, 'k')]);
  const [again] = write([second]);
  expect(again).toEqual(expected === 'replayed' ? { ...first, replayed: true, queued: [] } : { kind: 'key_conflict' });
  expect(count('submissions')).toBe(1);
  expect(count('outbox')).toBe(1);
});

test('the same key twice in one batch stores once and answers both alike', () => {
  const { write, count } = writer();
  const [first, second] = write([at(1, ana, 'k'), at(1, ana, 'k')]);
  expect(second).toEqual(first && { ...first, replayed: true, queued: [] });
  expect(count('submissions')).toBe(1);
});

test('submissions without a key are all stored; the lead is one row with the latest name and profile', () => {
  const { db, write, count } = writer();
  write([at(1, ana), at(2, { ...ana, firstName: 'Ana Maria', email: 'Ana@Example.com' })]);
  expect(count('submissions')).toBe(2);
  expect(count('outbox')).toBe(2);
  expect(db.prepare('SELECT email, first_name, created_at, updated_at, submissions FROM leads').all()).toEqual([
    { email: 'ana@example.com', first_name: 'Ana Maria', created_at: 1, updated_at: 2, submissions: 2 },
  ]);
});

test('a key is remembered for 24 hours, then forgotten: the same key later stores a new submission', () => {
  const { db, write, count } = writer();
  write([at(0, ana, 'k')]);
  expect(write([at(IDEMPOTENCY_TTL_MS - 1, ana, 'k')])[0]).toMatchObject({ replayed: true });
  const [later] = write([at(IDEMPOTENCY_TTL_MS + 60_000, ana, 'k')]);
  expect(later).toMatchObject({ kind: 'stored', replayed: false });
  expect(count('submissions')).toBe(2);
  expect(db.prepare('SELECT idempotency_key AS key FROM submissions ORDER BY id').all()).toEqual([{ key: null }, { key: 'k' }]);
});

test('a batch that fails part-way stores nothing of it', () => {
  const { write, count } = writer();
  const broken = { ...ana, ratings: [1, 2, 3] } as unknown as Lead; // the schema's length check refuses it
  expect(() => write([at(1, ana), at(1, broken)])).toThrow();
  expect(count('submissions')).toBe(0);
});
