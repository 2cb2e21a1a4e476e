import { type RefObject, useEffect, useRef } from 'react';

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
