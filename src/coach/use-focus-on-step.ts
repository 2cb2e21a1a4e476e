import { type RefObject, useCallback, useEffect, useRef, useState } from 'react';

/**
 * For a part of a screen that replaces the control the coach pressed (a field in place of a button,
 * a step in place of the one before, the button back once it is over): when `step` changes, focus
 * goes to what `targetOf(step, previous)` names, so it never falls to the page's `<body>` with the
 * control that had it. Nothing moves when the screen first shows.
 */
export function useFocusOnStep<Step>(step: Step, targetOf: (step: Step, previous: Step) => RefObject<HTMLElement | null> | null): void {
  const shown = useRef(step);
  useEffect(() => {
    if (shown.current === step) return;
    const previous = shown.current;
    shown.current = step;
    targetOf(step, previous)?.current?.focus();
  }, [step, targetOf]);
}

/**
 * For a control that goes away once it has done its work (the save bar's buttons, a removed passkey's
 * Remove, "Sign out other browsers" once no other is left): when `change` changes and the focus has
 * fallen to the page's `<body>` with that control, it goes to `target`, the line saying what happened.
 * Focus that is anywhere else (a field the coach is typing in) stays; nothing moves when the screen
 * first shows.
 */
export function useFocusIfLost(change: unknown, target: RefObject<HTMLElement | null>): void {
  const seen = useRef(change);
  useEffect(() => {
    if (Object.is(seen.current, change)) return;
    seen.current = change;
    const lost = document.activeElement === null || document.activeElement === document.body;
    if (lost) target.current?.focus();
  }, [change, target]);
}

/**
 * For a change whose element to focus is drawn by the render it causes (a field with a problem, an
 * offer added, moved or removed): `focusOnceShown(id)` focuses the element of that id once the page
 * shows it. Each call focuses again, even with the same id.
 */
export function useFocusOnceShown(): (id: string) => void {
  const [target, setTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (target) document.getElementById(target.id)?.focus();
  }, [target]);
  return useCallback((id: string) => setTarget({ id }), []);
}
