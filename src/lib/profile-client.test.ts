import { expect, test } from 'vitest';
import { confirmTokensFromHash, tokenFromHash } from './profile-client';

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
