/**
 * A change of the analytics time zone while leads keep arriving on other instances: every lead is
 * counted once, on its day in the new zone. The rebuild takes the zone's row lock before it reads
 * the submissions, and each batch reads the zone with a share lock first (postgres/submissions.ts).
 */
import { afterEach, expect, test } from 'vitest';
import type { Lead } from '../../../src/shared/lead';
import { freshPostgres } from '../../test/postgres';
import { PostgresStorage } from './storage';

const opened: PostgresStorage[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((storage) => storage.close()));
});

const lead = (index: number): Lead => ({ email: `p${index}@example.com`, firstName: 'P', ratings: [1, 2, 3, 1, 2, 3, 1, 2, 3] });

test('leads stored on two instances while a third rebuilds the aggregate in a new zone all land on their day in it, once', async () => {
  const settings = await freshPostgres(6);
  // 23:30 UTC on the 20th: the 21st in Berlin.
  const lateEvening = () => Date.UTC(2026, 10, 20, 23, 30);
  const [a, b, c] = await Promise.all([0, 1, 2].map(() => PostgresStorage.open(settings, { now: lateEvening })));
  if (!a || !b || !c) throw new Error('three instances');
  opened.push(a, b, c);
  await a.funnel.useProfileTimeZone('UTC');
  for (let index = 0; index < 40; index++) await a.leads.submit({ lead: lead(index) });

  let index = 40;
  const storing = Array.from({ length: 60 }, () => (index % 2 ? a : b).leads.submit({ lead: lead(index++) }));
  const rebuilt = c.funnel.useProfileTimeZone('Europe/Berlin');
  await Promise.all([...storing, rebuilt]);

  expect((await c.funnel.readProfileTotals('2026-11-20', '2026-11-20')).submissions).toBe(0);
  expect((await c.funnel.readProfileTotals('2026-11-21', '2026-11-21')).submissions).toBe(100);
});
