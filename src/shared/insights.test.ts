import { expect, test } from 'vitest';
import type { DriverId } from '../content/drivers';
import { careMessage, driverStrengths, driverTips, extraNoteMessages, firstStepOrder, summaryMessages } from '../content/results';
import { RATINGS, type Rating } from './constants';
import { buildInsights, careLine, countRatings, extraNotes, firstStep, summarizePattern, summaryRules, type RatedDriver, weakAndStrong } from './insights';

const ids: DriverId[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

/** Ratings written as a nine-digit string in id order, e.g. '111223333'. */
function pattern(digits: string): RatedDriver[] {
  if (!/^[123]{9}$/.test(digits)) throw new Error(`Bad pattern ${digits}`);
  return ids.map((id, index) => ({ id, rating: Number(digits[index]) as Rating }));
}

test.each([
  // rule 1-3: all nine equal, before the "most" rules that would also match
  ['111111111', 'allWeak'],
  ['333333333', 'allStrong'],
  ['222222222', 'allNeutral'],
  // rule 4: five or more weak (4 is not enough); it wins over rule 6 even with strong drivers
  ['111112222', 'mostWeak'],
  ['111122222', 'general'],
  ['111113333', 'mostWeak'],
  ['111111113', 'mostWeak'],
  // rule 5: five or more strong (4 is not enough)
  ['333332222', 'mostStrong'],
  ['333322222', 'general'],
  ['133332333', 'mostStrong'],
  ['111133333', 'mostStrong'],
  // rule 6: some of both
  ['111123333', 'strongAndWeak'],
  ['122222223', 'strongAndWeak'],
  ['311222222', 'strongAndWeak'],
  // rule 7: otherwise
  ['122222222', 'general'],
  ['222222223', 'general'],
  ['112222222', 'general'],
  ['222233332', 'general'],
])('ratings %s give the %s summary', (digits, rule) => {
  expect(summarizePattern(pattern(digits)).rule).toBe(rule);
});

test.each([
  ['111123333', 'You have 4 strong drivers and 4 drivers that need support.'],
  ['122222223', 'You have 1 strong driver and 1 driver that needs support.'],
  ['113222222', 'You have 1 strong driver and 2 drivers that need support.'],
  ['133222222', 'You have 2 strong drivers and 1 driver that needs support.'],
])('the strong-and-weak summary for %s states the counts, pluralised: %s', (digits, sentence) => {
  expect(summarizePattern(pattern(digits)).text).toContain(sentence);
});

test.each([
  ['111112222', summaryMessages.mostWeak(5), '5 drivers need support'],
  ['333333322', summaryMessages.mostStrong(7), '7 drivers working for you'],
])('the "most" summary for %s states the true count', (digits, message, phrase) => {
  const { text } = summarizePattern(pattern(digits));
  expect(text).toBe(message);
  expect(text).toContain(phrase);
});

test.each([
  ['strong Cognitive Flexibility with weak Task Initiation', '222122232', ['taskJumping']],
  ['strong Cognitive Flexibility with neutral Task Initiation', '222222232', []],
  ['weak Cognitive Flexibility with weak Task Initiation', '222122212', []],
  ['strong Emotional Regulation with 3 weak drivers', '113212222', ['holdingItTogether']],
  ['strong Emotional Regulation with 2 weak drivers', '123212222', []],
  ['neutral Emotional Regulation with 3 weak drivers', '112212222', []],
  ['both notes at once, in order', '113122232', ['taskJumping', 'holdingItTogether']],
])('extra notes: %s', (_case, digits, expected) => {
  expect(extraNotes(pattern(digits)).map((note) => note.id)).toEqual(expected);
});

test.each([
  ['five drivers need support', '111112222', careMessage],
  ['all nine need support', '111111111', careMessage],
  ['five need support, four are strengths', '113131311', careMessage],
  ['four drivers need support', '111122222', null],
  ['none needs support', '333333333', null],
])('the care line: %s', (_case, digits, expected) => {
  expect(careLine(pattern(digits))).toBe(expected);
  expect(buildInsights(pattern(digits)).care).toBe(expected);
});

test('the extra notes carry their texts', () => {
  expect(extraNotes(pattern('113122232')).map((note) => note.text)).toEqual([
    extraNoteMessages.taskJumping,
    extraNoteMessages.holdingItTogether,
  ]);
});

test('challenges list the tip of each driver rated 1, in id order, and strengths the explanation of each rated 3', () => {
  const insights = buildInsights(pattern('312222213').reverse());
  expect(insights.challenges.title).toBe('Your Biggest Challenges');
  expect(insights.challenges.items).toEqual([
    { id: 2, name: 'Working Memory', text: driverTips[2] },
    { id: 8, name: 'Cognitive Flexibility', text: driverTips[8] },
  ]);
  expect(insights.strengths.title).toBe('Your Hidden Strengths');
  expect(insights.strengths.items).toEqual([
    { id: 1, name: 'Impulse Control', text: driverStrengths[1] },
    { id: 9, name: 'Self-Monitoring', text: driverStrengths[9] },
  ]);
});

test("with no driver rated 1 the challenges heading reads You're Managing Pretty Well!", () => {
  const { challenges } = buildInsights(pattern('222333222'));
  expect(challenges.title).toBe("You're Managing Pretty Well!");
  expect(challenges.items).toEqual([]);
});

test('with no driver rated 3 the strengths heading reads Your Strengths Are Hiding', () => {
  const { strengths } = buildInsights(pattern('222111222'));
  expect(strengths.title).toBe('Your Strengths Are Hiding');
  expect(strengths.items).toEqual([]);
});

test('every driver has a tip and a strength text', () => {
  for (const id of ids) {
    expect(driverTips[id].length, `tip ${id}`).toBeGreaterThan(40);
    expect(driverStrengths[id].length, `strength ${id}`).toBeGreaterThan(40);
  }
});

/** Every number the message states, with the words after it, e.g. [4, 'strong drivers']. */
function statedCounts(text: string) {
  return [...text.matchAll(/(\d+) (strong )?(drivers?)\b/g)].map((match) => ({
    count: Number(match[1]),
    strong: Boolean(match[2]),
    noun: match[3],
  }));
}

function* allPatterns(): Generator<string> {
  for (let n = 0; n < RATINGS.length ** ids.length; n += 1) {
    yield n.toString(3).padStart(ids.length, '0').replace(/[012]/g, (digit) => String(Number(digit) + 1));
  }
}

// Plain comparisons, one expect at the end: 19,683 patterns times a dozen expect() calls took
// over 5 s on a busy machine; a list of what is wrong fails just as loudly and names each pattern.
test('over all 19,683 rating patterns exactly one summary fires: the first rule that matches, stating only true counts', () => {
  const problems: string[] = [];
  let checked = 0;
  for (const digits of allPatterns()) {
    const drivers = pattern(digits);
    const counts = countRatings(drivers);
    const matching = summaryRules.filter((rule) => rule.matches(counts)).map((rule) => rule.id);
    const summary = summarizePattern(drivers);
    const problem = (what: string) => problems.push(`${digits}: ${what}`);

    if (matching.length === 0) problem('no rule matches');
    if (summary.rule !== matching[0]) problem(`summary from ${summary.rule}, first matching rule ${String(matching[0])}`);
    const sameText = summaryRules.filter((rule) => rule.message(counts) === summary.text).length;
    if (sameText !== 1) problem(`${sameText} rules give the summary's text`);

    const stated = statedCounts(summary.text);
    for (const { count, strong, noun } of stated) {
      if (noun !== (count === 1 ? 'driver' : 'drivers')) problem(`"${count} ${noun}"`);
      if (strong && count !== counts.strong) problem(`states ${count} strong drivers, has ${counts.strong}`);
    }
    const expectedStated = {
      allWeak: [],
      allStrong: [],
      allNeutral: [],
      general: [],
      mostWeak: [counts.weak],
      mostStrong: [counts.strong],
      strongAndWeak: [counts.strong, counts.weak],
    }[summary.rule];
    const statedNumbers = stated.map(({ count }) => count);
    if (statedNumbers.join() !== expectedStated.join()) problem(`states [${statedNumbers.join()}], expected [${expectedStated.join()}]`);
    checked += 1;
  }
  expect(problems).toEqual([]);
  expect(checked).toBe(19_683);
  // Its own time limit: about 100,000 assertions take 5 s on a busy 2-core machine, vitest's default.
}, 30_000);

test('the weak drivers are those rated 1 and the strong ones those rated 3, by name in driver order', () => {
  expect(weakAndStrong([1, 2, 3, 1, 2, 3, 2, 2, 1])).toEqual({
    weakDrivers: ['Impulse Control', 'Task Initiation', 'Self-Monitoring'],
    strongDrivers: ['Emotional Regulation', 'Organization'],
  });
  expect(weakAndStrong([2, 2, 2, 2, 2, 2, 2, 2, 2])).toEqual({ weakDrivers: [], strongDrivers: [] });
});

test.each([
  ['every driver weak: Task Initiation first', '111111111', 4, [1, 2, 3, 5, 6, 7, 8, 9]],
  ['Task Initiation strong: Organization first', '111311111', 6, [1, 2, 3, 4, 5, 7, 8, 9].filter((id) => id !== 4)],
  ['one weak driver: it alone, nothing folded', '331333333', 3, []],
  ['Impulse Control and Cognitive Flexibility weak: Impulse Control first', '122222212', 1, [8]],
  ['nothing weak: no first step', '223322332', null, null],
])('first step: %s', (_case, digits, first, others) => {
  const step = firstStep(buildInsights(pattern(digits)).challenges.items);
  expect(step && step.first.id).toBe(first);
  expect(step && step.others.map((item) => item.id)).toEqual(others);
});

test('every driver has its place in the first-step order, once', () => {
  expect([...firstStepOrder].sort()).toEqual(ids);
});
