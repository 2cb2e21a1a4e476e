import { afterEach, expect, test, vi } from 'vitest';
import { neverAnswered } from '../test/never-answered';
import { ANSWER_LIMIT_MS } from './fetch-within';
import { confirmMarketing, confirmTokensFromHash, fetchProfile, tokenFromHash } from './profile-client';

const confirm = 'C'.repeat(43);
const profile = 'p_-9'.repeat(10) + 'abc';

test.each([
  ['a confirm token alone (an e-mail from before the profile token was added)', `#${confirm}`, { confirm, profile: null }],
  ['a confirm token and the same e-mail’s profile token', `#${confirm}.${profile}`, { confirm, profile }],
  ['a profile part that is not a token', `#${confirm}.short`, { confirm, profile: null }],
  ['a confirm part that is not a token', `#short.${profile}`, { confirm: null, profile }],
  ['three parts', `#${confirm}.${profile}.${profile}`, { confirm: null, profile: null }],
  ['nothing', '', { confirm: null, profile: null }],
])('confirm link: %s', (_case, hash, expected) => {
  expect(confirmTokensFromHash(hash)).toEqual(expected);
});

test('a profile link’s token is one token, nothing after it', () => {
  expect(tokenFromHash(`#${profile}`)).toBe(profile);
  expect(tokenFromHash(`#${confirm}.${profile}`)).toBeNull();
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

test.each([
  ['the profile', fetchProfile],
  ['a confirmation', confirmMarketing],
])('%s: no answer within the answer limit counts as unavailable, so the page offers to try again', async (_case, call) => {
  vi.useFakeTimers();
  vi.stubGlobal('fetch', vi.fn<typeof fetch>(neverAnswered));
  let answer: unknown = null;
  void call(profile).then((result) => (answer = result));
  await vi.advanceTimersByTimeAsync(ANSWER_LIMIT_MS - 1);
  expect(answer).toBeNull();
  await vi.advanceTimersByTimeAsync(1);
  expect(answer).toEqual({ kind: 'unavailable' });
});
