import { expect, test } from 'vitest';
import { coreDrivers } from '../../content/drivers';
import { splitScenario } from './split-scenario';

test.each([
  ['the SPEC default of seven words', 'one two three four five six seven eight nine', undefined, 'one two three four five six seven', ' eight nine'],
  ['punctuation stays with its word', 'You say or buy things before thinking. An idea pops up.', 7, 'You say or buy things before thinking.', ' An idea pops up.'],
  ['exactly seven words: nothing left', 'a b c d e f g', 7, 'a b c d e f g', ''],
  ['fewer words than asked: all bold', 'Short one.', 7, 'Short one.', ''],
  ['runs of spaces and line breaks count once', 'a  b\nc d', 2, 'a  b', '\nc d'],
  ['surrounding spaces are trimmed', '  a b c  ', 2, 'a b', ' c'],
  ['curly quotes and dashes belong to words', '“Five more minutes” turns into thirty', 3, '“Five more minutes”', ' turns into thirty'],
  ['an empty scenario', '', 7, '', ''],
  ['zero words asked: nothing bold', 'a b', 0, '', 'a b'],
])('%s', (_name, scenario, count, bold, rest) => {
  expect(splitScenario(scenario, count)).toEqual({ bold, rest });
});

test('every driver’s scenario has seven bold words and joins back unchanged', () => {
  for (const driver of coreDrivers) {
    const { bold, rest } = splitScenario(driver.scenario);
    expect(bold.split(/\s+/)).toHaveLength(7);
    expect(bold + rest).toBe(driver.scenario);
  }
});
