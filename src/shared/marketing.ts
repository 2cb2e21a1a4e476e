/**
 * Whether a submission's person may receive marketing (the course's call to action), from the
 * consent record stored with it (server/leads/consent.ts) and the double opt-in's confirmation:
 *
 * | what the gate showed and the visitor did                 | state       | course pitch | confirm button |
 * | -------------------------------------------------------- | ----------- | ------------ | -------------- |
 * | no consent box (the coach turned it off)                 | `no_box`    | yes          | no             |
 * | the box, left unticked                                   | `declined`  | no           | no             |
 * | the box, ticked, not yet confirmed from the e-mail       | `pending`   | no           | yes            |
 * | the box, ticked and confirmed                            | `confirmed` | yes          | no             |
 * | not known: no record sent, or a wording the server lost  | `unknown`   | no           | no             |
 *
 * So the first e-mail after a ticked box carries the confirm button and no course pitch; the profile
 * page shows the pitch once the visitor has confirmed. "Not known" errs on the side of the visitor.
 */

export type ConsentFacts = {
  /** The wording's version the page sent (null: none sent). */
  version: string | null;
  /** The wording the server recorded (null: none sent, or a version it no longer shows). */
  wording: string | null;
  /** Ticked (true), unticked (false), no box shown or not known (null). */
  marketing: boolean | null;
  /** When the visitor pressed the e-mail's confirm button (ms), or null. */
  confirmedAt: number | null;
};

export type MarketingState = 'no_box' | 'declined' | 'pending' | 'confirmed' | 'unknown';

export function marketingState({ version, wording, marketing, confirmedAt }: ConsentFacts): MarketingState {
  if (version === null || wording === null) return 'unknown';
  if (marketing === null) return 'no_box';
  if (!marketing) return 'declined';
  return confirmedAt === null ? 'pending' : 'confirmed';
}

/** The course's call to action may be shown (in the e-mail, on the profile page). */
export const mayShowCourse = (state: MarketingState) => state === 'no_box' || state === 'confirmed';

/** The results e-mail carries the double opt-in's confirm button. */
export const needsConfirmation = (state: MarketingState) => state === 'pending';
