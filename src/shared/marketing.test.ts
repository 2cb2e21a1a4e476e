import { expect, test } from 'vitest';
import { type ConsentFacts, marketingState, mayShowCourse, needsConfirmation } from './marketing';

const known = { version: 'abcdef0123456789', wording: 'What the gate said' };

test.each<[string, ConsentFacts, string, boolean, boolean]>([
  ['no box shown', { ...known, marketing: null, confirmedAt: null }, 'no_box', true, false],
  ['box left unticked', { ...known, marketing: false, confirmedAt: null }, 'declined', false, false],
  ['box ticked, not confirmed (the first e-mail)', { ...known, marketing: true, confirmedAt: null }, 'pending', false, true],
  ['box ticked and confirmed', { ...known, marketing: true, confirmedAt: 1 }, 'confirmed', true, false],
  ['no record sent (an API client)', { version: null, wording: null, marketing: null, confirmedAt: null }, 'unknown', false, false],
  ['a wording the server no longer shows', { version: known.version, wording: null, marketing: null, confirmedAt: null }, 'unknown', false, false],
])('%s', (_name, facts, state, course, confirm) => {
  expect(marketingState(facts)).toBe(state);
  expect(mayShowCourse(marketingState(facts))).toBe(course);
  expect(needsConfirmation(marketingState(facts))).toBe(confirm);
});
