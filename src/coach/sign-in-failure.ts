import { CoachApiFailure } from './api';
import { signInCopy } from './content/sign-in';
import { formatTime, formatWait } from './format';

const copy = signInCopy;

/** What the coach reads when signing in fails, from the API's refusal (see src/shared/coach-api/routes.ts). */
export function signInFailureMessage(error: unknown, now: Date): string {
  if (!(error instanceof CoachApiFailure)) return copy.failed;
  switch (error.body?.error) {
    case 'wrong_password':
      return copy.wrongPassword;
    case 'too_many_attempts': {
      const seconds = error.body.retryAfterSeconds ?? 60;
      // Rounded up to the minute, like the wait: trying at the time shown is never too early.
      const at = new Date(Math.ceil((now.getTime() + seconds * 1000) / 60_000) * 60_000);
      return copy.throttled(formatWait(seconds), formatTime(at));
    }
    case 'password_not_set':
      return copy.passwordNotSet;
    case 'https_required':
      return copy.httpsRequired;
    default:
      return copy.failed;
  }
}
