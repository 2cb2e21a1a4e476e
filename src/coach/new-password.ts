/**
 * The one check of a new password typed twice, for every form that sets one (first-run set-up, a
 * reset link, the Security screen): the same minimum the server and `npm run coach -- set-password`
 * hold (server/coach/password.ts), counted in characters as a person counts them.
 */

export const MIN_PASSWORD_LENGTH = 12;

/** Which field is wrong, or null when the two typings make a password the server will take. */
export function newPasswordProblem(first: string, second: string): 'tooShort' | 'mismatch' | null {
  if ([...first].length < MIN_PASSWORD_LENGTH) return 'tooShort';
  return first === second ? null : 'mismatch';
}
