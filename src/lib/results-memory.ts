/**
 * What this tab remembers of an unlocked profile, so a reload (which phones do when the visitor
 * switches apps) shows the same results without the gate: the nine ratings, stored under a key that
 * says this tab unlocked them, and whether the results e-mail is on its way (asking to confirm the
 * box ticked), so the page still says where the profile went. Never the address or the name. In the tab's session
 * storage, so a new tab starts afresh; the quiz forgets it when a new run hands over (src/features/quiz).
 *
 * Storage may be refused (a private window, a frame whose host blocks it): then nothing is
 * remembered and the page behaves as the spec says.
 */
import type { Rating } from '../shared/constants';
import { decodeRatings, encodeRatings } from '../shared/ratings';

/** What the gate said of the results e-mail: on its way (and asking to confirm the box ticked), or none sent. */
export type MailNews = { confirm: boolean } | null;

/**
 * The value: the ratings' stored form, then what was said of the e-mail ("131223312", "131223312 mail",
 * "131223312 mail confirm"); being there means "this tab unlocked them".
 */
const unlockedKey = 'core-drivers:unlocked';
const mailMarks = (mail: MailNews) => (mail === null ? '' : mail.confirm ? ' mail confirm' : ' mail');

/** Runs `act` on the tab's session storage; anything refused or malformed counts as nothing stored. */
function withStorage<T>(act: (storage: Storage) => T, otherwise: T): T {
  try {
    return act(window.sessionStorage);
  } catch {
    return otherwise;
  }
}

/** Remembers that this tab unlocked the insights for these ratings, and what it said of the e-mail. */
export const rememberUnlock = (ratings: readonly Rating[], mail: MailNews) =>
  withStorage((storage) => storage.setItem(unlockedKey, encodeRatings(ratings) + mailMarks(mail)), undefined);

/** The stored value's words, or null; `read` refusing it (a malformed value) counts as nothing stored. */
const readStored = <T>(read: (words: string[]) => T) =>
  withStorage((storage) => {
    const stored = storage.getItem(unlockedKey);
    return stored === null ? null : read(stored.split(' '));
  }, null);

/** The ratings this tab unlocked, or null (none, or anything stored that is not nine ratings). */
export const unlockedRatings = () => readStored(([ratings = '']) => decodeRatings(ratings));

/** What this tab's unlock said of the results e-mail. */
export const unlockedMail = (): MailNews => readStored(([, mail, confirm]) => (mail === 'mail' ? { confirm: confirm === 'confirm' } : null));

/** Forgets the unlock: a new quiz run starts at the gate again. */
export const forgetUnlock = () => withStorage((storage) => storage.removeItem(unlockedKey), undefined);
