/**
 * Seeds a lead database for the dashboard benchmark: 1,000,000 people (plus 5% who submitted twice)
 * spread over two years up to now, a webhook delivery for each (a few hundred failing, some given
 * up), and two years of daily funnel counts from 20 sources. One transaction, indexes built after
 * the rows (much faster than keeping them up to date row by row), then the profile aggregate built
 * the way the server builds it. Deterministic: the same seed gives the same database.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { hashPassword } from '../../server/coach/password';
import { openSqlite } from '../../server/storage/sqlite/binding';
import { DATABASE_FILE, openDatabase } from '../../server/storage/sqlite/connection';
import { ensureProfileAggregate } from '../../server/storage/sqlite/profiles';
import { storePasswordHash } from '../../server/storage/sqlite/sessions';
import { addDays, calendarDay, daysBetween } from '../../src/shared/days';
import { funnelSteps } from '../../src/shared/funnel';

export const seedSizes = { people: 1_000_000, repeatShare: 0.05, days: 730, sources: 20, failing: 300, expired: 100, gone: 20 };

const firstNames = [
  'Ana', 'Ben', 'Cleo', 'Dev', 'Ema', 'Finn', 'Gia', 'Hugo', 'Ines', 'Jon', 'Kai', 'Lea', 'Max', 'Nora', 'Omar', 'Pia', 'Quinn',
  'Rosa', 'Sam', 'Tara', 'Uma', 'Vik', 'Wren', 'Xavi', 'Yara', 'Zoe', 'Aiden', 'Bea', 'Carl', 'Dana', 'Eli', 'Faye', 'Gus',
  'Hana', 'Ivo', 'Jade', 'Kian', 'Lola', 'Milo', 'Nina', 'Otto', 'Paz', 'Remy', 'Sara', 'Theo', 'Una', 'Vera', 'Will', 'Yusuf', 'Zara',
];

/** A small, fast, seeded random source (mulberry32). */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type SeedFigures = { submissions: number; people: number; funnelRows: number; seedSeconds: number; aggregateSeconds: number };

export const benchPassword = 'bench password, long enough';

/** `people`: 1,000,000 for the dashboard benchmark; fewer for the migration's (100,000); `days` of funnel counts and submissions. */
export async function seedDashboard(dataDir: string, now = Date.now(), peopleCount = seedSizes.people, days = seedSizes.days): Promise<SeedFigures> {
  const started = performance.now();
  // Migrates the new file, then closes: the seed writes with durability off (a throwaway database).
  openDatabase(dataDir).close();
  const db = openSqlite(join(dataDir, DATABASE_FILE));
  db.pragma('synchronous = OFF');
  db.pragma('cache_size = -400000');
  const rand = random(13);
  const indexes = db
    .prepare<[], { sql: string; name: string }>("SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND sql IS NOT NULL AND tbl_name IN ('submissions', 'outbox')")
    .all();

  const total = Math.round(peopleCount * (1 + seedSizes.repeatShare));
  const spanMs = days * 24 * 60 * 60 * 1000;
  const start = now - spanMs;
  const insertSubmission = db.prepare<[number, string, string, string, string, number]>(
    'INSERT INTO submissions (id, public_id, email, first_name, ratings, submitted_at) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const insertOutbox = db.prepare<[number, string, number, string, number, number, number, number | null, number | null]>(
    `INSERT INTO outbox (id, message_id, submission_id, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    for (const { name } of indexes) db.exec(`DROP INDEX ${name}`);
    let people = 0;
    for (let id = 1; id <= total; id += 1) {
      const at = start + Math.floor(((id - 1) / total) * spanMs);
      // Every 21st submission is someone who came back (one of the people before them).
      const repeat = id % 21 === 0 && people > 0;
      const person = repeat ? Math.floor(rand() * people) : people++;
      const name = firstNames[person % firstNames.length] ?? 'Ana';
      const ratings = Array.from({ length: 9 }, () => 1 + Math.floor(rand() * 3)).join('');
      insertSubmission.run(id, randomUUID(), `${name.toLowerCase()}.${person}@mail${person % 17}.example`, name, ratings, at);
      const fromEnd = total - id;
      const [state, attempts, status] =
        fromEnd < seedSizes.failing ? ['pending', 3, 503] : id % 9973 === 0 ? ['expired', 20, 500] : id % 49999 === 0 ? ['gone', 1, 410] : ['delivered', 1, 200];
      insertOutbox.run(id, `msg_${id}`, id, state, attempts, at, state === 'pending' ? now + 60_000 : at, at + 1000, status);
    }
    for (const { sql } of indexes) db.exec(sql);
  })();

  // Two years of daily funnel counts: 20 sources, each step a share of the one before; then the
  // per-day totals and the monthly counts, as the server's counter keeps them.
  const insertSource = db.prepare<[number, string, string, string, string]>(
    'INSERT INTO funnel_sources (id, utm_source, utm_medium, utm_campaign, referrer_host) VALUES (?, ?, ?, ?, ?)',
  );
  const insertCount = db.prepare<[string, string, number, number]>('INSERT INTO funnel_daily (day, step, source_id, count) VALUES (?, ?, ?, ?)');
  const today = calendarDay('UTC')(now);
  let funnelRows = 0;
  db.transaction(() => {
    for (let source = 1; source <= seedSizes.sources; source += 1) {
      insertSource.run(source, source <= 10 ? `source${source}` : '', source <= 5 ? 'email' : '', source <= 3 ? 'spring' : '', source > 10 ? `site${source}.example` : '');
    }
    for (const day of daysBetween(addDays(today, 1 - days), today)) {
      for (let source = 1; source <= seedSizes.sources; source += 1) {
        let count = Math.round((600 / source) * (0.5 + rand()));
        for (const step of funnelSteps) {
          insertCount.run(day, step, source, count);
          funnelRows += 1;
          count = Math.round(count * (0.8 + rand() * 0.15));
        }
      }
    }
    db.exec(`
      INSERT INTO funnel_daily_totals (day, step, count) SELECT day, step, sum(count) FROM funnel_daily GROUP BY day, step;
      INSERT INTO funnel_monthly (month, step, source_id, count)
        SELECT substr(day, 1, 7), step, source_id, sum(count) FROM funnel_daily GROUP BY substr(day, 1, 7), step, source_id;
    `);
  })();
  const seeded = performance.now();
  ensureProfileAggregate(db, 'UTC');
  const aggregated = performance.now();
  storePasswordHash(db, await hashPassword(benchPassword), now);
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.close();
  return {
    submissions: total,
    people: peopleCount,
    funnelRows,
    seedSeconds: (seeded - started) / 1000,
    aggregateSeconds: (aggregated - seeded) / 1000,
  };
}
