import { CoachApiFailure } from './api';
import { accessCopy } from './content/access';
import { signInCopy } from './content/sign-in';
import { formatTime, formatWait } from './format';

const copy = signInCopy;

/** What the coach reads when signing in fails, from the API's refusal (see src/shared/coach-api/routes.ts). */
export function signInFailureMessage(error: unknown, now: Date): string {
  if (!(error instanceof CoachApiFailure)) return copy.failed;
  switch (error.body?.error) {
    case 'wrong_password':
      return copy.wrongPassword;
    case 'too_many_attempts':
      return copy.throttled(...retryWhen(error.body.retryAfterSeconds, now));
    case 'password_not_set':
      return copy.passwordNotSet;
    case 'https_required':
      return copy.httpsRequired;
    default:
      return copy.failed;
  }
}

/** How long a throttled request waits, and the time to try again at (rounded up to the minute, like the wait: never too early). */
function retryWhen(retryAfterSeconds: number | undefined, now: Date): [wait: string, at: string] {
  const seconds = retryAfterSeconds ?? 60;
  const at = new Date(Math.ceil((now.getTime() + seconds * 1000) / 60_000) * 60_000);
  return [formatWait(seconds), formatTime(at)];
}

/** What the coach reads when asking for a reset link fails: its own limit is not sign-in's, which still works. */
export function resetRequestFailureMessage(error: unknown, now: Date): string {
  if (error instanceof CoachApiFailure && error.body?.error === 'too_many_attempts') return accessCopy.reset.throttled(...retryWhen(error.body.retryAfterSeconds, now));
  return accessCopy.reset.failed;
}
