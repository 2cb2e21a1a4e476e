import { expect, test } from 'vitest';
import type { StepCount, StepCounts } from '../shared/coach-api';
import { funnelSteps } from '../shared/funnel';
import { biggestQuestionDropOff, funnelRows, rate, sourceLabel, sourceRows, stepsOf } from './funnel-math';

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
  ['more than the step before: conversion over 100%, no drops', [2, 3, 3], 1, { count: 3, conversion: 1.5, drops: 0, dropOff: 0 }],
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

test('the biggest drop-off among the questions names the step, ignoring landing and the gate', () => {
  // landing 100 → started 50 (a 50% drop, not a question); question 4 loses 3 of 9; the gate loses most.
  const rows = funnelRows(steps([100, 50, 10, 10, 10, 9, 6, 6, 6, 6, 6, 6, 1, 0]));
  expect(biggestQuestionDropOff(rows)).toMatchObject({ step: 'question_4', drops: 3 });
  expect(biggestQuestionDropOff(funnelRows(steps([4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4])))).toBeNull();
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
