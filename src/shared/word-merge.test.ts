import { expect, test } from 'vitest';
import { landing } from '../content/landing';
import { buildInsights } from './insights';
import { fillCounts, mergeWords } from './word-merge';
import { countDrivers } from '../content/results';
import type { Rating } from './constants';

type Landing = typeof landing;

test.each([
  ['no words at all', undefined],
  ['no words', {}],
  ['words for another screen only', { 'results.gate.title': 'Want more?' }],
])('%s: our texts come back as they are (the same object)', (_name, words) => {
  expect(mergeWords(landing, words, 'landing')).toBe(landing);
});

test.each([
  ['a text', { 'landing.headline': 'Find your drivers' }, (merged: Landing): string => merged.headline, 'Find your drivers'],
  ['a nested text', { 'landing.why.title': 'Why it helps' }, (merged: Landing): string => merged.why.title, 'Why it helps'],
  ['one of a list', { 'landing.why.paragraphs.1': 'Second.' }, (merged: Landing): string => merged.why.paragraphs.join('|'), `${landing.why.paragraphs[0]}|Second.|${landing.why.paragraphs[2]}`],
  ['a key only the prefix shares', { 'landingX.headline': 'No' }, (merged: Landing): string => merged.headline, landing.headline],
])('%s is replaced, and nothing else', (_name, words, read, expected) => {
  const merged = mergeWords(landing, words, 'landing');
  expect(read(merged)).toBe(expected);
  expect(merged.subHeadline).toBe(landing.subHeadline);
});

test.each([
  ['{weak} need support', { strong: 0, weak: 6 }, '6 drivers need support'],
  ['{strong} strong, {weak} weak', { strong: 1, weak: 2 }, '1 driver strong, 2 drivers weak'],
  ['no counts', { strong: 1, weak: 2 }, 'no counts'],
])('counts in a summary: %s', (template, counts, expected) => {
  expect(fillCounts(template, counts, countDrivers)).toBe(expected);
});

const rated = (ratings: Rating[]) => ratings.map((rating, index) => ({ id: (index + 1) as 1, rating }));

test('the insights use the coach’s tip, strength, summary, note and care line where written, ours elsewhere', () => {
  const drivers = rated([1, 1, 1, 1, 1, 1, 2, 3, 2]);
  const ours = buildInsights(drivers);
  const theirs = buildInsights(drivers, {
    'drivers.4.tip': 'Start with one line.',
    'drivers.8.strength': 'You switch with ease.',
    'summary.mostWeak': 'Right now {weak} ask for help.',
    'notes.taskJumping': 'Finish one step first.',
    care: 'Talk to someone you trust.',
    'results.insights.challenges.title': 'Where to start',
  });
  expect(theirs.challenges.items.find((item) => item.id === 4)?.text).toBe('Start with one line.');
  expect(theirs.challenges.items.find((item) => item.id === 1)?.text).toBe(ours.challenges.items.find((item) => item.id === 1)?.text);
  expect(theirs.challenges.title).toBe('Where to start');
  expect(theirs.strengths.items[0]?.text).toBe('You switch with ease.');
  expect(theirs.summary).toEqual({ rule: 'mostWeak', text: 'Right now 6 drivers ask for help.' });
  expect(theirs.notes).toEqual([{ id: 'taskJumping', text: 'Finish one step first.' }]);
  expect(theirs.care).toBe('Talk to someone you trust.');
  expect(buildInsights(drivers, {})).toEqual(ours);
});
