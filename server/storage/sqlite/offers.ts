/** The offers' counters on SQLite (`offer_daily`; server/offers/ counts them). */
import type { Day } from '../../../src/shared/days';
import type { OfferCount, OfferCountsStore, OfferKey } from '../offer-counts';
import type { SqliteDatabase } from './binding';

/** Returns a function that adds counts in one transaction. */
export function offerWriter(db: SqliteDatabase): (rows: OfferCount[]) => void {
  const upsert = db.prepare<[string, string, string, string, number]>(
    `INSERT INTO offer_daily (day, offer, pattern, step, count) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT DO UPDATE SET count = count + excluded.count`,
  );
  return db.transaction((rows: OfferCount[]) => {
    for (const { day, key, count } of rows) upsert.run(day, key.offer, key.pattern, key.step, count);
  }).immediate;
}

export function readOfferCounts(db: SqliteDatabase, from: Day, to: Day): (OfferKey & { count: number })[] {
  return db
    .prepare<[Day, Day], OfferKey & { count: number }>(
      'SELECT offer, pattern, step, sum(count) AS count FROM offer_daily WHERE day BETWEEN ? AND ? GROUP BY offer, pattern, step ORDER BY offer, pattern, step',
    )
    .all(from, to);
}

/** The offers' counters of a SQLite database. */
export function sqliteOfferCounts(db: SqliteDatabase): OfferCountsStore {
  const add = offerWriter(db);
  return { add: async (rows) => add(rows), read: async (from, to) => readOfferCounts(db, from, to) };
}
