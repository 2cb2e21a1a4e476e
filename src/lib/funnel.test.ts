import { afterEach, expect, test } from 'vitest';
import { funnelSteps, isFunnelStep } from '../shared/funnel';
import { onFunnelStep, reportFunnelStep, startQuizRun } from './funnel';

const seen: string[] = [];
onFunnelStep((step) => seen.push(step));

afterEach(() => {
  seen.length = 0;
  startQuizRun();
});

test('the funnel runs from landing through the nine questions to the course click', () => {
  expect(funnelSteps).toEqual([
    'landing', 'quiz_started',
    'question_1', 'question_2', 'question_3', 'question_4', 'question_5', 'question_6', 'question_7', 'question_8', 'question_9',
    'results', 'lead', 'course_click',
  ]);
});

test.each([
  ['landing', true],
  ['question_9', true],
  ['question_10', false],
  ['question_0', false],
  ['Landing', false],
  [7, false],
])('isFunnelStep(%j) is %s', (value, expected) => {
  expect(isFunnelStep(value)).toBe(expected);
});

test('each step reaches the reporters once per run, and again after a new run starts', () => {
  reportFunnelStep('landing');
  reportFunnelStep('quiz_started');
  reportFunnelStep('landing');
  reportFunnelStep('question_1');
  reportFunnelStep('question_1');
  expect(seen).toEqual(['landing', 'quiz_started', 'question_1']);

  startQuizRun();
  reportFunnelStep('landing');
  expect(seen).toEqual(['landing', 'quiz_started', 'question_1', 'landing']);
});

test('an unsubscribed reporter hears nothing more', () => {
  const late: string[] = [];
  const stop = onFunnelStep((step) => late.push(step));
  reportFunnelStep('results');
  stop();
  reportFunnelStep('lead');
  expect(late).toEqual(['results']);
  expect(seen).toEqual(['results', 'lead']);

});
