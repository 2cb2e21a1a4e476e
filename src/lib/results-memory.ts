/**
 * What this tab remembers of an unlocked profile, so a reload (which phones do when the visitor
 * switches apps) shows the same results without the gate: the nine ratings and that this tab
 * unlocked them. Nothing else, never the address or the name. In the tab's session storage, so a
 * new tab starts afresh; the quiz forgets it when a new run hands over (src/features/quiz).
 *
 * Storage may be refused (a private window, a frame whose host blocks it): then nothing is
 * remembered and the page behaves as the spec says.
 */
import type { Rating } from '../shared/constants';
import { decodeRatings, encodeRatings } from '../shared/ratings';

const storageKey = 'core-drivers:unlocked';

/** The stored value: exactly these two fields. */
type Remembered = { ratings: string; unlocked: true };

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

/** Remembers that this tab unlocked the insights for these ratings. */
export function rememberUnlock(ratings: readonly Rating[]): void {
  const remembered: Remembered = { ratings: encodeRatings(ratings), unlocked: true };
  try {
    storage()?.setItem(storageKey, JSON.stringify(remembered));
  } catch {
    // Full or refused: the reload shows the gate again, as before.
  }
}

/** The ratings this tab unlocked, or null (none, or anything stored that is not what we wrote). */
export function unlockedRatings(): Rating[] | null {
  try {
    const stored: unknown = JSON.parse(storage()?.getItem(storageKey) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return null;
    const { ratings, unlocked } = stored as Partial<Record<keyof Remembered, unknown>>;
    return unlocked === true && typeof ratings === 'string' ? decodeRatings(ratings) : null;
  } catch {
    return null;
  }
}

/** Forgets the unlock: a new quiz run starts at the gate again. */
export function forgetUnlock(): void {
  try {
    storage()?.removeItem(storageKey);
  } catch {
    // Refused storage holds nothing to forget.
  }
}
