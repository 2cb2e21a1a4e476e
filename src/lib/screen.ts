/**
 * What every screen does when it appears: name itself in the browser tab, and, when the visitor got
 * there by navigating inside the app, take focus to its main heading, so a keyboard or screen-reader
 * user starts on the new screen instead of at the top of an empty `<body>`.
 */
import { useEffect, type RefObject } from 'react';
import { useLocation } from 'react-router';

/** Sets `document.title` while the screen shows this title (see `pageTitle` in src/content/site.ts). */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = title;
  }, [title]);
}

// The first screen of a page load keeps the browser's own focus (the top of the document), but for
// the quiz, whose keys act only while its question has focus (features/quiz/quiz-page.tsx); every
// screen after a navigation, Back included, moves it. Kept per page load, like the router's history.
let firstKey: string | undefined;
let navigated = false;

/** True once the visitor has left the first screen of this page load. */
export function arrivedByNavigation(locationKey: string): boolean {
  firstKey ??= locationKey;
  if (locationKey !== firstKey) navigated = true;
  return navigated;
}

/**
 * Focuses the heading (give it `tabIndex={-1}`) when the screen appears after a navigation, or, with
 * `ready`, as soon as it becomes visible (the results heading is hidden while they load).
 */
export function useFocusOnArrival(heading: RefObject<HTMLElement | null>, ready = true): void {
  const { key } = useLocation();
  useEffect(() => {
    if (arrivedByNavigation(key) && ready) heading.current?.focus();
  }, [heading, key, ready]);
}

/**
 * Focuses the heading when the screen appears in place of one the visitor acted on, whose control is
 * gone with it (a button pressed, then a message or the result): focus would otherwise fall to the
 * page's `<body>`, where a screen reader reads nothing, first screen of the page load or not.
 */
export function useFocusOnReplace(heading: RefObject<HTMLElement | null>, replacing: boolean): void {
  useEffect(() => {
    if (replacing) heading.current?.focus();
  }, [heading, replacing]);
}
