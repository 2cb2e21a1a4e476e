import { expect, test } from 'vitest';
import { landing } from '../content/landing';
import { driverTips } from '../content/results';
import { checkWord, checkWords, wordField, wordFields } from '../shared/words';
import { changedFields } from './draft-form';
import { differsFromOurs, gradeAbove, sameText, startWords, wordProblems, wordsAfter, wordsToSave } from './words-draft';

const headline = wordField('landing.headline');
const tip = wordField('drivers.4.tip');

test('the fields of the texts the issue names exist, each with our text as its default', () => {
  expect(headline?.defaultText).toBe(landing.headline);
  expect(tip?.defaultText).toBe(driverTips[4]);
  for (const key of ['landing.subHeadline', 'landing.why.paragraphs.0', 'drivers.1.scenario', 'drivers.9.strength', 'summary.mostWeak', 'notes.taskJumping', 'results.gate.benefits.2', 'results.gate.notice', 'results.course.button', 'email.intro', 'profile.dead.text']) {
    expect(wordField(key), key).toBeDefined();
  }
});

test.each([
  ['nothing typed', {}, {}, {}, 0],
  ['a new headline', {}, { 'landing.headline': 'Find your drivers' }, { 'landing.headline': 'Find your drivers' }, 1],
  ['typed back to ours: left out', { 'landing.headline': 'Old' }, { 'landing.headline': landing.headline }, {}, 1],
  ['spaces tidied as the server does', {}, { 'landing.headline': '  Find   your drivers ' }, { 'landing.headline': 'Find your drivers' }, 1],
  ['a saved text kept while another changes', { 'landing.headline': 'Old' }, { 'drivers.4.tip': 'Start small.' }, { 'landing.headline': 'Old', 'drivers.4.tip': 'Start small.' }, 1],
  ['the saved text typed again: nothing to save', { 'landing.headline': 'Old' }, { 'landing.headline': 'Old' }, { 'landing.headline': 'Old' }, 0],
  ['only spaces added to ours: nothing to save', {}, { 'landing.headline': ` ${landing.headline}  ` }, {}, 0],
])('%s', (_name, saved, edits, after, count) => {
  expect(wordsAfter(saved, edits)).toEqual(after);
  // What the save bar counts: the fields whose text differs, tidied, from where the screen started.
  expect(changedFields(startWords(saved), { ...startWords(saved), ...edits }, sameText)).toHaveLength(count);
  // The server keeps exactly what the browser sends.
  expect(checkWords(wordsAfter(saved, edits))).toEqual({ ok: true, value: after });
});

// The screen loaded `loaded`; another device saved `current` since; this screen changed `changed`.
test.each([
  ['a text saved elsewhere meanwhile is kept beside this screen’s', {}, { 'landing.headline': 'From the phone' }, { 'drivers.4.tip': 'Start small.' }, { 'landing.headline': 'From the phone', 'drivers.4.tip': 'Start small.' }],
  ['a text reset elsewhere is not put back', { 'landing.headline': 'Old' }, {}, { 'drivers.4.tip': 'Start small.' }, { 'drivers.4.tip': 'Start small.' }],
  ['the same text changed on both: this save wins', {}, { 'landing.headline': 'From the phone' }, { 'landing.headline': 'From the laptop' }, { 'landing.headline': 'From the laptop' }],
  ['put back to ours here, while kept elsewhere', { 'landing.headline': 'Old' }, { 'landing.headline': 'Old', 'drivers.4.tip': 'Phone tip.' }, { 'landing.headline': landing.headline }, { 'drivers.4.tip': 'Phone tip.' }],
  ['every text ours: nothing kept', { 'landing.headline': 'Old' }, { 'landing.headline': 'Old' }, { 'landing.headline': landing.headline }, null],
])('%s', (_name, loaded, current, edits, saved) => {
  const drafts = { ...startWords(loaded), ...edits };
  expect(wordsToSave(current, drafts, changedFields(startWords(loaded), drafts, sameText))).toEqual(saved);
});

test('a text back to ours no longer counts as changed', () => {
  if (!headline) throw new Error('no headline field');
  expect(differsFromOurs(headline, { 'landing.headline': 'Old' }, {})).toBe(true);
  expect(differsFromOurs(headline, { 'landing.headline': 'Old' }, { 'landing.headline': landing.headline })).toBe(false);
});

test('the browser refuses what the server refuses, naming the text', () => {
  const problems = wordProblems({ 'landing.headline': 'x'.repeat(121), 'drivers.4.tip': '', 'landing.cta': 'Go\u202Enow' });
  expect(problems['landing.headline']).toBe('Landing › Headline: at most 120 characters (this has 121).');
  expect(problems['drivers.4.tip']).toMatch(/^Task Initiation › Tip \(rated 1\): write something/);
  expect(problems['landing.cta']).toMatch(/invisible or control characters/);
  const server = checkWords({ 'landing.headline': 'x'.repeat(121) });
  expect(server).toEqual({ ok: false, message: problems['landing.headline'] });
});

test('the readability hint warns above grade 8 and stays quiet for plain or short texts', () => {
  expect(gradeAbove('Make a two minute deal with yourself. Start now.')).toBeNull();
  expect(gradeAbove('Individuals experiencing considerable organizational difficulties frequently underestimate consequences.')).toBeGreaterThan(8);
  expect(gradeAbove('Organizational considerations')).toBeNull();
});

test('every text of ours passes its own field’s check, and every key is unique', () => {
  const keys = new Set<string>();
  for (const field of wordFields) {
    expect(checkWord(field, field.defaultText), field.key).toEqual({ ok: true, value: field.defaultText });
    expect(keys.has(field.key), field.key).toBe(false);
    keys.add(field.key);
  }
});
