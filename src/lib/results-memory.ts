/**
 * What this tab remembers of an unlocked profile, so a reload (which phones do when the visitor
 * switches apps) shows the same results without the gate: the nine ratings, stored under a key that
 * says this tab unlocked them. Nothing else, never the address or the name. In the tab's session
 * storage, so a new tab starts afresh; the quiz forgets it when a new run hands over (src/features/quiz).
 *
 * Storage may be refused (a private window, a frame whose host blocks it): then nothing is
 * remembered and the page behaves as the spec says.
 */
import type { Rating } from '../shared/constants';
import { decodeRatings, encodeRatings } from '../shared/ratings';

/** The value: the ratings' stored form ("131223312"); being there means "this tab unlocked them". */
const unlockedKey = 'core-drivers:unlocked';

/** Runs `act` on the tab's session storage; anything refused or malformed counts as nothing stored. */
function withStorage<T>(act: (storage: Storage) => T, otherwise: T): T {
  try {
    return act(window.sessionStorage);
  } catch {
    return otherwise;
  }
}

/** Remembers that this tab unlocked the insights for these ratings. */
export const rememberUnlock = (ratings: readonly Rating[]) => withStorage((storage) => storage.setItem(unlockedKey, encodeRatings(ratings)), undefined);

/** The ratings this tab unlocked, or null (none, or anything stored that is not nine ratings). */
export const unlockedRatings = () =>
  withStorage((storage) => {
    const stored = storage.getItem(unlockedKey);
    return stored === null ? null : decodeRatings(stored);
  }, null);

/** Forgets the unlock: a new quiz run starts at the gate again. */
export const forgetUnlock = () => withStorage((storage) => storage.removeItem(unlockedKey), undefined);
