/**
 * Numbers that agree, over random funnels: whatever the counts (any step above the one before it,
 * zeros anywhere, a lead with no beacon), every percentage the funnel screen shows is 0-100%, no
 * step is above the one before it, and each callout says what the table it sits on says.
 */
import fc from 'fast-check';
import { expect, test } from 'vitest';
import type { StepCount, StepCounts } from '../shared/coach-api/funnel';
import { funnelSteps } from '../shared/funnel';
import { anyRaised, biggestDrops, dailyRows, funnelRows, isEmptyFunnel, partsAboveWhole, rate, sourceRows, stepsOf } from './funnel-math';

/** Step counts as the API may send them: each step counted on its own, small numbers and zeros likely. */
const anyCounts = fc.array(fc.oneof(fc.constant(0), fc.nat(5), fc.nat(100_000)), { minLength: funnelSteps.length, maxLength: funnelSteps.length });
const stepsFrom = (counts: number[]): StepCount[] => funnelSteps.map((step, index) => ({ step, count: counts[index] ?? 0 }));
const asCounts = (counts: number[]) => Object.fromEntries(funnelSteps.map((step, index) => [step, counts[index] ?? 0])) as StepCounts;
const inRange = (share: number | null) => share === null || (share >= 0 && share <= 1);

test('every percentage is 0-100% and no step is above the one before it', () => {
  fc.assert(
    fc.property(anyCounts, (counts) => {
      const rows = funnelRows(stepsFrom(counts));
      // Every broken rule of a run, named, in one expect (an expect per row and rule made this the slowest unit test).
      const problems: string[] = [];
      rows.forEach((row, index) => {
        if (!inRange(row.conversion)) problems.push(`${row.step}: conversion ${row.conversion}`);
        if (!inRange(row.dropOff)) problems.push(`${row.step}: drop-off ${row.dropOff}`);
        if (row.count < row.counted) problems.push(`${row.step}: ${row.count} shown, ${row.counted} counted`);
        const previous = rows[index - 1];
        if (previous && row.count > previous.count) problems.push(`${row.step}: ${row.count} above ${previous.step}'s ${previous.count}`);
        if (row.drops !== null && row.drops < 0) problems.push(`${row.step}: ${row.drops} left`);
      });
      // The summary cards: started of landings, leads of results, course clicks of leads.
      const count = (step: string) => rows.find((row) => row.step === step)?.count ?? 0;
      for (const [part, whole] of [['quiz_started', 'landing'], ['lead', 'results'], ['course_click', 'lead']] as const) {
        const share = rate(count(part), count(whole));
        if (!inRange(share)) problems.push(`${part} of ${whole}: ${share}`);
      }
      // Each source's lead rate too.
      for (const source of sourceRows([], asCounts(counts), 'other')) if (!inRange(source.leadRate)) problems.push(`lead rate ${source.leadRate}`);
      expect(problems).toEqual([]);
    }),
    { numRuns: 2_000 },
  );
});

test('the biggest-drop callouts say what the table says, and the empty message shows only when there is nothing', () => {
  fc.assert(
    fc.property(anyCounts, (counts) => {
      const rows = funnelRows(stepsFrom(counts));
      const drops = biggestDrops(rows);
      for (const drop of drops) {
        const row = rows.find((item) => item.step === drop.step);
        // The same step, the same numbers as its row: reached, lost, and the share of them.
        expect(row).toBeDefined();
        expect([drop.reached, drop.lost, drop.share]).toEqual([row?.count, row?.drops, row?.dropOff]);
        expect(drop.lost).toBeLessThanOrEqual(drop.reached);
        expect(drop.lost).toBeGreaterThan(0);
      }
      // Ranked: the first is the largest share of any row in the table.
      const [worst] = drops;
      const largest = Math.max(0, ...rows.map((row) => (row.drops ? (row.dropOff ?? 0) : 0)));
      expect(worst?.share ?? 0).toBe(largest);
      // "No visitors" only with no figure above zero, and never beside a drop.
      expect(isEmptyFunnel(rows)).toBe(counts.every((value) => value === 0));
      if (isEmptyFunnel(rows)) expect(drops).toEqual([]);
      // The note that a count was raised shows exactly when a later step counted more.
      expect(anyRaised(rows)).toBe(counts.some((value, index) => counts.slice(index + 1).some((later) => later > value)));
    }),
    { numRuns: 2_000 },
  );
});

test('the day-by-day chart and the sources agree with the funnel: each counted by its rule, adding up to the period or saying why not', () => {
  fc.assert(
    fc.property(fc.array(anyCounts, { minLength: 1, maxLength: 4 }), (parts) => {
      const partCounts = parts.map(asCounts);
      const whole = funnelRows(stepsFrom(funnelSteps.map((_step, index) => parts.reduce((sum, part) => sum + (part[index] ?? 0), 0))));
      const problems: string[] = [];
      // Each day as the funnel counts it: never below what was counted, no step above the one before it.
      for (const day of dailyRows(partCounts.map((counts, index) => ({ date: `day ${index}`, counts })))) {
        funnelSteps.forEach((step, index) => {
          const previous = funnelSteps[index - 1];
          if (previous && (day.counts[step] ?? 0) > (day.counts[previous] ?? 0)) problems.push(`${day.date}: ${step} above ${previous}`);
          if ((day.counts[step] ?? 0) < (partCounts[Number(day.date.slice(4))]?.[step] ?? 0)) problems.push(`${day.date}: ${step} below its count`);
        });
      }
      // Each source's row in the same order, its lead rate within 100%.
      const sources = sourceRows(
        partCounts.map((counts, index) => ({ utmSource: `s${index}`, utmMedium: null, utmCampaign: null, referrerHost: null, counts })),
        null,
        'other',
      );
      for (const source of sources) {
        if (source.leads > source.landings || source.courseClicks > source.leads) problems.push(`${source.source}: a step above the one before`);
        if (!inRange(source.leadRate)) problems.push(`${source.source}: lead rate ${source.leadRate}`);
      }
      // The parts add up to the whole, or the screen says where they do not: never below it.
      const said = new Map(partsAboveWhole(partCounts, whole).map((sum) => [sum.step, sum.parts]));
      for (const row of whole) {
        const sum = dailyRows(partCounts.map((counts) => ({ date: '', counts }))).reduce((total, day) => total + (day.counts[row.step] ?? 0), 0);
        if (sum < row.count) problems.push(`${row.step}: parts ${sum} below the whole ${row.count}`);
        if (sum !== row.count && said.get(row.step) !== sum) problems.push(`${row.step}: parts ${sum}, whole ${row.count}, not said`);
        if (sum === row.count && said.has(row.step)) problems.push(`${row.step}: said though they add up`);
      }
      expect(problems).toEqual([]);
    }),
    { numRuns: 1_000 },
  );
});

test('the period that showed “No visitors” beside figures: two leads stored, no beacon counted', () => {
  const rows = funnelRows(stepsOf(asCounts([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0])));
  expect(isEmptyFunnel(rows)).toBe(false);
  expect(anyRaised(rows)).toBe(true);
  expect(rows.map((row) => row.count)).toEqual([2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 0]);
  expect(biggestDrops(rows)).toEqual([{ step: 'lead', reached: 2, lost: 2, share: 1 }]);
});
