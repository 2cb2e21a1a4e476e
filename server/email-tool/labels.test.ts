import { describe, expect, test } from 'vitest';
import { checkTagMapping, defaultTagMapping, type TagMapping, type TagMappingPart } from '../../src/shared/email-tool-labels';
import { decodeRatings } from '../../src/shared/ratings';
import { fieldsOf, labelsOf, ownLabels, ratingsInWords } from './labels';

const off = (mapping: TagMapping, group: 'everyone' | 'needsSupport' | 'strength' | 'pattern'): TagMapping => ({
  ...mapping,
  [group]: { ...mapping[group], on: false },
});

describe('the labels of a lead, with the default mapping', () => {
  test.each([
    ['111111111', ['Needs support: Impulse Control', 'Needs support: Working Memory', 'Needs support: Emotional Regulation', 'Needs support: Task Initiation', 'Needs support: Planning & Prioritization', 'Needs support: Organization', 'Needs support: Time Management', 'Needs support: Cognitive Flexibility', 'Needs support: Self-Monitoring', 'Pattern: All need support']],
    ['333333333', ['Strength: Impulse Control', 'Strength: Working Memory', 'Strength: Emotional Regulation', 'Strength: Task Initiation', 'Strength: Planning & Prioritization', 'Strength: Organization', 'Strength: Time Management', 'Strength: Cognitive Flexibility', 'Strength: Self-Monitoring', 'Pattern: All strong']],
    ['222222222', ['Pattern: All neutral']],
    ['111112222', ['Needs support: Impulse Control', 'Needs support: Working Memory', 'Needs support: Emotional Regulation', 'Needs support: Task Initiation', 'Needs support: Planning & Prioritization', 'Pattern: Mostly needs support']],
    ['133332333', ['Needs support: Impulse Control', 'Strength: Working Memory', 'Strength: Emotional Regulation', 'Strength: Task Initiation', 'Strength: Planning & Prioritization', 'Strength: Time Management', 'Strength: Cognitive Flexibility', 'Strength: Self-Monitoring', 'Pattern: Mostly strong']],
    ['222122232', ['Needs support: Task Initiation', 'Strength: Cognitive Flexibility', 'Pattern: Strong and needs support']],
    ['122222222', ['Needs support: Impulse Control', 'Pattern: Mixed']],
    ['222222223', ['Strength: Self-Monitoring', 'Pattern: Mixed']],
  ])('ratings %s', (digits, expected) => {
    expect(labelsOf(decodeRatings(digits), defaultTagMapping)).toEqual(['Core Drivers quiz', ...expected]);
  });
});

describe('the coach renames or switches off a group', () => {
  const ratings = decodeRatings('122222232');
  test.each<[string, TagMapping, string[]]>([
    ['everyone off', off(defaultTagMapping, 'everyone'), ['Needs support: Impulse Control', 'Strength: Cognitive Flexibility', 'Pattern: Strong and needs support']],
    ['needs support off', off(defaultTagMapping, 'needsSupport'), ['Core Drivers quiz', 'Strength: Cognitive Flexibility', 'Pattern: Strong and needs support']],
    ['strength off', off(defaultTagMapping, 'strength'), ['Core Drivers quiz', 'Needs support: Impulse Control', 'Pattern: Strong and needs support']],
    ['pattern off', off(defaultTagMapping, 'pattern'), ['Core Drivers quiz', 'Needs support: Impulse Control', 'Strength: Cognitive Flexibility']],
    [
      'all renamed',
      { ...defaultTagMapping, everyone: { on: true, name: 'ADHD quiz' }, needsSupport: { on: true, name: 'Struggles' }, strength: { on: true, name: 'Good at' }, pattern: { on: true, name: 'Profile' } },
      ['ADHD quiz', 'Struggles: Impulse Control', 'Good at: Cognitive Flexibility', 'Profile: Strong and needs support'],
    ],
  ])('%s', (_name, mapping, expected) => {
    expect(labelsOf(ratings, mapping)).toEqual(expected);
  });
});

describe('own labels: every label the mapping can produce', () => {
  test('the default mapping: everyone, nine of each driver group, seven patterns', () => {
    const own = ownLabels(defaultTagMapping);
    expect(own).toHaveLength(1 + 9 + 9 + 7);
    expect(new Set(own).size).toBe(own.length);
    expect(own).toContain('Needs support: Self-Monitoring');
    expect(own).toContain('Pattern: Mixed');
  });

  test.each(['111111111', '333333333', '222222222', '123123123', '111113333', '222233332'])('hold every label of %s', (digits) => {
    const own = ownLabels(defaultTagMapping);
    for (const label of labelsOf(decodeRatings(digits), defaultTagMapping)) expect(own).toContain(label);
  });

  test('a group switched off is not own: a hand-set tag of that name stays on a retake', () => {
    const own = ownLabels(off(off(defaultTagMapping, 'strength'), 'everyone'));
    expect(own).toHaveLength(9 + 7);
    expect(own.some((label) => label.startsWith('Strength') || label === 'Core Drivers quiz')).toBe(false);
  });
});

describe('the ratings in words', () => {
  test.each([
    ['123123123', 'Needs Support: Impulse Control, Task Initiation, Time Management. Neutral: Working Memory, Planning & Prioritization, Cognitive Flexibility. Strong: Emotional Regulation, Organization, Self-Monitoring.'],
    ['222222222', 'Neutral: Impulse Control, Working Memory, Emotional Regulation, Task Initiation, Planning & Prioritization, Organization, Time Management, Cognitive Flexibility, Self-Monitoring.'],
    ['311111111', 'Needs Support: Working Memory, Emotional Regulation, Task Initiation, Planning & Prioritization, Organization, Time Management, Cognitive Flexibility, Self-Monitoring. Strong: Impulse Control.'],
  ])('%s', (digits, words) => {
    expect(ratingsInWords(decodeRatings(digits))).toBe(words);
  });

  test('fit a 255-character text field (Mailchimp) for every one of the 3^9 profiles', () => {
    let longest = 0;
    for (let n = 0; n < 3 ** 9; n += 1) {
      const digits = n.toString(3).padStart(9, '0').replace(/[012]/g, (d) => String(Number(d) + 1));
      longest = Math.max(longest, ratingsInWords(decodeRatings(digits)).length);
    }
    expect(longest).toBeLessThanOrEqual(255);
  });

  test('go to the field the coach picked, or nowhere', () => {
    const ratings = decodeRatings('123123123');
    expect(fieldsOf(ratings, defaultTagMapping)).toEqual({});
    expect(fieldsOf(ratings, { ...defaultTagMapping, ratingField: 'core_drivers' })).toEqual({ core_drivers: ratingsInWords(ratings) });
  });
});

describe('checking the mapping the coach sends', () => {
  test('the default and a renamed one pass; names are tidied', () => {
    expect(checkTagMapping(defaultTagMapping)).toEqual({ ok: true, value: defaultTagMapping });
    const sent = { ...defaultTagMapping, pattern: { on: false, name: '  My   pattern ' }, ratingField: ' core_drivers ' };
    expect(checkTagMapping(sent)).toEqual({ ok: true, value: { ...defaultTagMapping, pattern: { on: false, name: 'My pattern' }, ratingField: 'core_drivers' } });
  });

  // The part is the field the dashboard marks and focuses: of two groups with one name, the later one.
  test.each<[string, unknown, RegExp, TagMappingPart | null]>([
    ['not an object', 'tags', /send the four groups/, null],
    ['a group missing', { ...defaultTagMapping, strength: undefined }, /^Tags for strong drivers: send whether/, 'strength'],
    ['a switch not a boolean', { ...defaultTagMapping, pattern: { on: 'yes', name: 'Pattern' } }, /^Tag for the pattern: say whether it is on/, 'pattern'],
    ['an empty name', { ...defaultTagMapping, everyone: { on: true, name: '  ' } }, /^Tag on everyone: write something/, 'everyone'],
    ['a long name', { ...defaultTagMapping, everyone: { on: true, name: 'x'.repeat(51) } }, /at most 50 characters/, 'everyone'],
    ['a comma', { ...defaultTagMapping, strength: { on: true, name: 'Strong, good' } }, /leave out commas/, 'strength'],
    ['a hidden character', { ...defaultTagMapping, strength: { on: true, name: 'Strong\u202e' } }, /invisible or control characters/, 'strength'],
    ['two groups of one name', { ...defaultTagMapping, strength: { on: true, name: 'needs SUPPORT' } }, /each group its own name/, 'strength'],
    ['the first group named as the last', { ...defaultTagMapping, everyone: { on: true, name: 'Pattern' } }, /each group its own name/, 'pattern'],
    ['a field key with spaces', { ...defaultTagMapping, ratingField: 'core drivers' }, /^Ratings field: use the field key/, 'ratingField'],
    ['a field key not text', { ...defaultTagMapping, ratingField: 5 }, /^Ratings field/, 'ratingField'],
  ])('%s is refused with a clear message, naming its part', (_name, input, message, part) => {
    const checked = checkTagMapping(input);
    expect(checked.ok).toBe(false);
    if (!checked.ok) expect({ message: checked.message, part: checked.part }).toEqual({ message: expect.stringMatching(message), part });
  });
});
