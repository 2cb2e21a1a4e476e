/**
 * The second factor at sign-in and on the dashboard, over storage (the rules: ./second-factor.ts).
 * A TOTP secret is opened from its seal only here, for the moment of a check.
 */
import type { SecretBox } from '../../settings/secret-box';
import type { Storage } from '../../storage/storage';
import { hashRecoveryCode, isRecoveryCodeShaped, isTotpShaped, matchingStep, TOTP_SEAL_CONTEXT } from './second-factor';

export const secondFactorCopy = {
  required: 'Enter the 6-digit code from your authenticator app, or one of your recovery codes.',
  wrong: 'That code is not right (or was used already). Type the code your app shows now, or a recovery code.',
  enrolFirst: 'Start again: scan the new code with your app, then type the code it shows.',
  wrongFirstCode: 'That code is not right. Type the 6 digits your app shows now for Core Drivers (a new code comes every 30 seconds).',
  wrongPassword: 'That password is not right, so the second factor stays on.',
};

/** off: no second factor; ok / recovery code: it was given and is right; required: none was given; wrong: a wrong or used one. */
export type FactorVerdict = 'off' | 'ok' | 'recovery code' | 'required' | 'wrong';

export class SecondFactor {
  constructor(
    private readonly storage: Pick<Storage, 'access'>,
    private readonly secrets: SecretBox,
  ) {}

  open(sealed: string): string {
    return this.secrets.open(sealed, TOTP_SEAL_CONTEXT);
  }

  seal(secret: string): string {
    return this.secrets.seal(secret, TOTP_SEAL_CONTEXT);
  }

  /** Whether a password sign-in may go on: checks (and uses up) the code given with it. */
  async check(code: string | undefined, now: number): Promise<FactorVerdict> {
    const stored = await this.storage.access.readSecondFactor();
    if (stored.secret === null) return 'off';
    if (code === undefined) return 'required';
    const typed = code.trim().replace(/\s/g, '');
    if (isTotpShaped(typed)) {
      const step = await matchingStep(this.open(stored.secret), typed, now);
      // Each step once: a code seen before (here or on another instance) is refused.
      return step !== null && (await this.storage.access.useStep(step)) ? 'ok' : 'wrong';
    }
    if (isRecoveryCodeShaped(typed) && (await this.storage.access.useRecoveryCode(hashRecoveryCode(typed), now))) return 'recovery code';
    return 'wrong';
  }
}
