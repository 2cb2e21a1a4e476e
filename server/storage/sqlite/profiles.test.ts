import { expect, test } from 'vitest';
import { summaryPatterns } from '../../../src/shared/summary-patterns';
import type { Rating } from '../../../src/shared/constants';
import { summaryRules } from '../../../src/shared/insights';
import { tempDir } from '../../test/helpers';
import { openDatabase } from './connection';
import { eraseLead } from './leads';
import { ensureProfileAggregate, readProfileTotals } from './profiles';
import { batchWriter } from './submissions';

const day = (iso: string) => Date.parse(iso);
const lead = (email: string, ratings: number[]) => ({ email, firstName: 'Test', ratings: ratings as Rating[] });
const all = (rating: number) => Array<number>(9).fill(rating);

test("the contract's summary patterns are the results page's rules, in order", () => {
  expect([...summaryPatterns]).toEqual(summaryRules.map((rule) => rule.id));
});

test('storing submissions counts them per day, driver, rating and pattern; erasing takes them out', () => {
  const db = openDatabase(tempDir());
  ensureProfileAggregate(db, 'UTC');
  const write = batchWriter(db);
  write([
    { lead: lead('a@example.com', all(1)), idempotencyKey: 'k1', now: day('2026-11-20T10:00:00Z') },
    { lead: lead('b@example.com', [1, 2, 3, 1, 2, 3, 1, 2, 3]), idempotencyKey: undefined, now: day('2026-11-20T23:59:00Z') },
  ]);
  write([{ lead: lead('c@example.com', all(3)), idempotencyKey: undefined, now: day('2026-11-21T00:01:00Z') }]);
  // A replayed Idempotency-Key stores nothing, so it counts nothing.
  write([{ lead: lead('a@example.com', all(1)), idempotencyKey: 'k1', now: day('2026-11-21T08:00:00Z') }]);

  const first = readProfileTotals(db, '2026-11-20', '2026-11-20');
  expect(first.submissions).toBe(2);
  expect(first.ratings[0]).toEqual([2, 0, 0]); // driver 1: both rated it 1
  expect(first.ratings[1]).toEqual([1, 1, 0]);
  expect(first.ratings[2]).toEqual([1, 0, 1]);
  expect(first.patterns).toMatchObject({ allWeak: 1, strongAndWeak: 1, allStrong: 0 });

  const both = readProfileTotals(db, '2026-11-20', '2026-11-21');
  expect(both.submissions).toBe(3);
  expect(both.patterns).toMatchObject({ allWeak: 1, strongAndWeak: 1, allStrong: 1 });

  eraseLead(db, 'A@example.com');
  const after = readProfileTotals(db, '2026-11-20', '2026-11-21');
  expect(after.submissions).toBe(2);
  expect(after.ratings[0]).toEqual([1, 0, 1]);
  expect(after.patterns.allWeak).toBe(0);
  expect(readProfileTotals(db, '2026-01-01', '2026-01-31').submissions).toBe(0);
  db.close();
});

test('another time zone rebuilds the aggregate from the submissions, with days in that zone', () => {
  const db = openDatabase(tempDir());
  ensureProfileAggregate(db, 'UTC');
  batchWriter(db)([
    { lead: lead('a@example.com', all(2)), idempotencyKey: undefined, now: day('2026-11-20T23:30:00Z') },
  ]);
  expect(readProfileTotals(db, '2026-11-20', '2026-11-20').submissions).toBe(1);
  expect(ensureProfileAggregate(db, 'UTC')).toBe(false);
  expect(ensureProfileAggregate(db, 'Europe/Berlin')).toBe(true);
  // 23:30 UTC is 00:30 the next day in Berlin.
  expect(readProfileTotals(db, '2026-11-20', '2026-11-20').submissions).toBe(0);
  expect(readProfileTotals(db, '2026-11-21', '2026-11-21')).toMatchObject({ submissions: 1, patterns: { allNeutral: 1 } });
  db.close();
});

test('a rebuild reads the submissions in pages and counts every one of them', () => {
  const db = openDatabase(tempDir());
  const insert = db.prepare('INSERT INTO submissions (public_id, email, first_name, ratings, submitted_at) VALUES (?, ?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 0; i < 25_001; i += 1) insert.run(`p${i}`, `${i}@example.com`, 'N', i % 2 ? '111111111' : '333333333', day('2026-11-20T10:00:00Z'));
  })();
  expect(ensureProfileAggregate(db, 'UTC')).toBe(true);
  expect(readProfileTotals(db, '2026-11-20', '2026-11-20')).toMatchObject({ submissions: 25_001, patterns: { allWeak: 12_500, allStrong: 12_501 } });
  db.close();
});
