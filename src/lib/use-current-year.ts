import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};
const visitorYear = () => new Date().getFullYear();
const buildYear = () => __BUILD_YEAR__;

/**
 * The visitor's current year. Prerendered HTML carries the build year; hydration starts from that
 * same value (so React sees no mismatch) and then switches to the visitor's clock.
 */
export function useCurrentYear(): number {
  return useSyncExternalStore(noSubscription, visitorYear, buildYear);
}
