import { afterEach, expect, test } from 'vitest';
import type { Rating } from '../shared/constants';
import { forgetUnlock, type MailNews, rememberUnlock, unlockedMail, unlockedRatings } from './results-memory';

const ratings: Rating[] = [1, 3, 1, 2, 2, 3, 3, 1, 2];

afterEach(() => window.sessionStorage.clear());

test.each<[string, MailNews]>([
  ['no e-mail sent', null],
  ['the e-mail on its way', { confirm: false }],
  ['the e-mail on its way, asking to confirm the box ticked', { confirm: true }],
])('a reload remembers the ratings and what was said of the e-mail: %s', (_case, mail) => {
  rememberUnlock(ratings, mail);
  expect({ ratings: unlockedRatings(), mail: unlockedMail() }).toEqual({ ratings, mail });
  forgetUnlock();
  expect({ ratings: unlockedRatings(), mail: unlockedMail() }).toEqual({ ratings: null, mail: null });
});

test.each([
  ['131223312', null],
  ['131223312 mail', { confirm: false }],
  ['131223312 nonsense', null],
])('a value stored by an earlier version (%s) still reads', (stored, mail) => {
  window.sessionStorage.setItem('core-drivers:unlocked', stored);
  expect({ ratings: unlockedRatings(), mail: unlockedMail() }).toEqual({ ratings: [1, 3, 1, 2, 2, 3, 3, 1, 2], mail });
});

test('anything stored that is not nine ratings is nothing', () => {
  window.sessionStorage.setItem('core-drivers:unlocked', '13 mail');
  expect(unlockedRatings()).toBeNull();
});
