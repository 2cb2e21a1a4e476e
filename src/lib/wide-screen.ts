import { useSyncExternalStore } from 'react';

/** Tailwind's `sm` breakpoint (40rem, 640 px at the default text size): where `sm:` classes start. */
const fromSm = '(min-width: 40rem)';

/** The query, where the browser has media queries (a test's DOM may not). */
const smQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(fromSm) : null);

function subscribe(onChange: () => void) {
  const query = smQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is at least `sm` wide, kept current as it turns or resizes: for what a screen
 * reader is given that CSS cannot decide (an ARIA relation to text that `sm:` classes show or hide).
 * Phone first: false on the server and wherever there are no media queries.
 */
export function useFromSm(): boolean {
  return useSyncExternalStore(subscribe, () => smQuery()?.matches ?? false, () => false);
}
