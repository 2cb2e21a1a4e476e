import { expect, test } from 'vitest';
import type { StepCount, StepCounts } from '../shared/coach-api/funnel';
import { funnelSteps } from '../shared/funnel';
import { atLeastAsMany, biggestDrops, dailyRows, funnelRows, partsAboveWhole, rate, sourceLabel, sourceRows, stepsOf } from './funnel-math';

/** Step counts in funnel order from a list of numbers (landing first). */
function steps(counts: number[]): StepCount[] {
  return funnelSteps.map((step, index) => ({ step, count: counts[index] ?? 0 }));
}

const counts = (values: Partial<StepCounts>): StepCounts =>
  Object.fromEntries(funnelSteps.map((step) => [step, values[step] ?? 0])) as StepCounts;

test.each([
  // [what, counts landing..course_click, index of the row, expected row figures]
  ['the first step has no conversion', [100, 50], 0, { count: 100, conversion: null, drops: 50, dropOff: 0.5 }],
  ['conversion is count ÷ previous count', [100, 50, 40], 1, { count: 50, conversion: 0.5, drops: 10, dropOff: 0.2 }],
  ['drop-off is drops ÷ views of this step', [100, 80, 60], 1, { count: 80, conversion: 0.8, drops: 20, dropOff: 0.25 }],
  ['a step nobody reached has no drop-off', [10, 0, 0], 1, { count: 0, conversion: 0, drops: 0, dropOff: null }],
  ['after a step nobody reached there is no conversion', [10, 0, 0], 2, { count: 0, conversion: null, drops: 0, dropOff: null }],
  // Three reached the start, so three passed the landing, whatever its beacon counted.
  ['more than the step before: the step before counts them too', [2, 3, 3], 0, { count: 3, counted: 2, conversion: null, drops: 0, dropOff: 0 }],
  ['so no conversion is over 100%', [2, 3, 3], 1, { count: 3, counted: 3, conversion: 1, drops: 0, dropOff: 0 }],
  ['nobody lost: drop-off zero', [5, 5, 5], 1, { count: 5, conversion: 1, drops: 0, dropOff: 0 }],
  [
    'the last step (course click) has no drops',
    [9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 9, 8, 2, 1],
    13,
    { count: 1, conversion: 0.5, drops: null, dropOff: null },
  ],
])('%s', (_what, values, index, expected) => {
  expect(funnelRows(steps(values))[index]).toMatchObject(expected);
});

test('every step gets a row, in funnel order', () => {
  expect(funnelRows(steps([3, 3, 3])).map((row) => row.step)).toEqual(funnelSteps);
});

test.each([
  // [what, counts landing, started, question 1..9, results, lead, course click, the drops' steps biggest first]
  [
    // Issue 22: the old callout named question 9 (9.8%); the real leaks were the gate (45.7%) and the landing page (36.4%).
    'the issue’s funnel: the gate first, then the landing page; question 9 is only the biggest among the questions',
    [1000, 636, 620, 600, 570, 540, 510, 480, 450, 420, 388, 350, 190, 130],
    ['results', 'landing', 'lead', 'question_9', 'question_8', 'question_7', 'question_6', 'question_5', 'question_4', 'question_3', 'question_2', 'question_1', 'quiz_started'],
  ],
  ['the landing page', [100, 40, 40, 40, 40, 40, 40, 40, 40, 40, 40, 38, 30, 20], ['landing', 'lead', 'results', 'question_9']],
  ['a question', [100, 95, 95, 95, 95, 40, 40, 40, 40, 40, 40, 40, 40, 35], ['question_3', 'lead', 'landing']],
  ['the course button after the insights', [100, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 90, 80, 10], ['lead', 'results', 'landing']],
  ['the start, before the first question', [100, 100, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50], ['quiz_started']],
  ['equal shares: the one that lost more visitors first', [100, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 25, 25], ['landing', 'results']],
  ['equal shares and visitors: the earlier step first', [8, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 2], ['landing', 'lead']],
  ['more visitors than the step before (a direct link to /quiz) is no drop', [10, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30, 30], []],
  ['nobody lost anywhere', [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], []],
  ['no visitors at all', [], []],
] as const)('biggest drop: %s', (_what, values, expected) => {
  expect(biggestDrops(funnelRows(steps([...values]))).map((drop) => drop.step)).toEqual(expected);
});

test('a drop says how many reached the step, how many went no further, and the share', () => {
  const [gate, landing, course, question9] = biggestDrops(funnelRows(steps([1000, 636, 620, 600, 570, 540, 510, 480, 450, 420, 388, 350, 190, 130])));
  expect(gate).toEqual({ step: 'results', reached: 350, lost: 160, share: 160 / 350 });
  expect([gate, landing, course, question9].map((drop) => (drop ? (drop.share * 100).toFixed(1) : null))).toEqual(['45.7', '36.4', '31.6', '9.8']);
});

test.each([
  [1, 4, 0.25],
  [0, 4, 0],
  [3, 0, null],
])('rate(%i, %i) is %s', (part, whole, expected) => {
  expect(rate(part, whole)).toBe(expected);
});

test('sources read as UTM source, else referring host, else direct; the rest come last', () => {
  const rows = sourceRows(
    [
      { utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'may', referrerHost: 'mail.example', counts: counts({ landing: 40, lead: 10, course_click: 2 }) },
      { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: 'blog.example', counts: counts({ landing: 20, lead: 1 }) },
      { utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: null, counts: counts({ landing: 0, lead: 0 }) },
    ],
    counts({ landing: 5, lead: 5 }),
    'Other sources',
  );
  expect(rows).toEqual([
    { source: 'newsletter', medium: 'email', campaign: 'may', landings: 40, leads: 10, leadRate: 0.25, courseClicks: 2 },
    { source: 'blog.example', medium: null, campaign: null, landings: 20, leads: 1, leadRate: 0.05, courseClicks: 0 },
    { source: null, medium: null, campaign: null, landings: 0, leads: 0, leadRate: null, courseClicks: 0 },
    { source: 'Other sources', medium: null, campaign: null, landings: 5, leads: 5, leadRate: 1, courseClicks: 0 },
  ]);
});

test('one source’s counts become its funnel steps, in funnel order, missing steps as zero', () => {
  const partial = Object.fromEntries(Object.entries(counts({ landing: 3, question_3: 2, lead: 1 })).filter(([step]) => step !== 'question_3'));
  expect(stepsOf(partial as StepCounts)).toEqual(steps([3, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0]));
});

test.each([
  [{ utmSource: 'newsletter', utmMedium: 'email', utmCampaign: 'may', referrerHost: 'mail.example' }, 'newsletter · email · may'],
  [{ utmSource: null, utmMedium: null, utmCampaign: null, referrerHost: 'blog.example' }, 'blog.example'],
  [{ utmSource: null, utmMedium: 'cpc', utmCampaign: null, referrerHost: null }, 'Direct · cpc'],
])('source %o reads %s', (source, label) => {
  expect(sourceLabel({ ...source, counts: counts({}) }, 'Direct')).toBe(label);
});

test.each([
  // [what, counts in order, as reached]
  ['nothing raised when each is at least the next', [5, 3, 1], [5, 3, 1]],
  ['a later count raises every one before it', [0, 0, 3, 2], [3, 3, 3, 2]],
  ['the largest later count wins', [1, 4, 2, 6, 0], [6, 6, 6, 6, 0]],
  ['empty', [], []],
])('one rule for every count in order: %s', (_what, values, expected) => {
  expect(atLeastAsMany(values)).toEqual(expected);
});

test.each([
  // [what, a day's counts, landings and leads on the chart, raised]
  ['results and leads counted, no landing: the day counts them as landed', { results: 3, lead: 2 }, 3, 2, true],
  ['a day that lost everyone after the start: as counted', { landing: 4, quiz_started: 3 }, 4, 0, false],
  ['a lead alone (its beacons blocked)', { lead: 1 }, 1, 1, true],
  ['nothing', {}, 0, 0, false],
])('each day as the funnel counts it: %s', (_what, values, landings, leads, raised) => {
  const [day] = dailyRows([{ date: '2026-11-26', counts: counts(values) }]);
  expect([day?.counts.landing, day?.counts.lead, day?.raised]).toEqual([landings, leads, raised]);
});

test.each([
  // [what, parts' counts, steps where the parts add up to more than the whole: [step, parts, whole]]
  ['parts that add up: nothing to say', [{ landing: 2, lead: 1 }, { landing: 3 }], []],
  [
    'a lead stored without its source (Direct) beside its results (newsletter): 5 landings against 3',
    [{ lead: 2 }, { results: 3 }],
    [...funnelSteps.slice(0, 12).map((step) => [step, 5, 3]), ['lead', 2, 2]].filter(([, parts, whole]) => parts !== whole),
  ],
  ['raised in both parts, once in the whole', [{ landing: 4 }, { results: 1 }], [['landing', 5, 4]]],
])('parts raised on their own against the whole: %s', (_what, parts, expected) => {
  const partCounts = parts.map((values) => counts(values));
  const whole = funnelRows(stepsOf(counts(Object.fromEntries(funnelSteps.map((step) => [step, partCounts.reduce((sum, part) => sum + (part[step] ?? 0), 0)])))));
  expect(partsAboveWhole(partCounts, whole).map((row) => [row.step, row.parts, row.whole])).toEqual(expected);
});
