import { expect, test } from 'vitest';
import { profilesCopy } from './profiles';

test.each([
  ['1', true, 'How the one submission in this period rated each driver. Someone who took the quiz again counts once for each time.'],
  ['2', false, 'How the 2 submissions in this period rated each driver. Someone who took the quiz again counts once for each time.'],
  ['1,204', false, 'How the 1,204 submissions in this period rated each driver. Someone who took the quiz again counts once for each time.'],
])('the profiles intro for %s submission(s) reads as a sentence', (count, one, expected) => {
  expect(profilesCopy.intro(count, one)).toBe(expected);
});
