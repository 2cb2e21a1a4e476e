import { expect, test } from 'vitest';
import type { CoachApiError } from '../shared/coach-api/routes';
import { CoachApiFailure } from './api';
import { resetRequestFailureMessage, signInFailureMessage } from './sign-in-failure';

const now = new Date('2026-11-23T16:00:00Z');
const refusal = (status: number, body: CoachApiError) => new CoachApiFailure(status, body);

test.each([
  ['a wrong password', refusal(401, { error: 'wrong_password', message: 'x' }), 'That password is not right. Please try again.'],
  [
    'throttling, with when to retry',
    refusal(429, { error: 'too_many_attempts', message: 'x', retryAfterSeconds: 90 }),
    /^Too many attempts\. .* Try again in 2 minutes \(at \d\d:02\)\.$/,
  ],
  ['no password yet', refusal(409, { error: 'password_not_set', message: 'x' }), /npm run coach -- set-password/],
  ['plain http to a public host', refusal(403, { error: 'https_required', message: 'x' }), /https:\/\//],
  ['a server error', refusal(500, { error: 'internal_error', message: 'x' }), /did not work/],
  ['no connection', new CoachApiFailure(0, null), /did not work/],
  ['anything else', new Error('boom'), /did not work/],
])('%s', (_what, error, expected) => {
  expect(signInFailureMessage(error, now)).toMatch(expected);
});

test('too many reset links: when to ask again, and that signing in is not paused (it was said to be)', () => {
  const message = resetRequestFailureMessage(refusal(429, { error: 'too_many_attempts', message: 'x', retryAfterSeconds: 1800 }), now);
  expect(message).toMatch(/^Too many reset links were asked for\. You can ask again in 30 minutes \(at \d\d:30\)\. Signing in with your password or a passkey still works\.$/);
  expect(message).not.toMatch(/sign-in is paused/);
  expect(resetRequestFailureMessage(new CoachApiFailure(0, null), now)).toBe('The link could not be asked for. Check your connection and try again.');
});
