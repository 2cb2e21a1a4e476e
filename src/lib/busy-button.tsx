import type { ComponentProps, MouseEvent } from 'react';

/**
 * A button that waits on the server once pressed (a save, a sign-out, an erase). While it waits it
 * says so (`aria-disabled`, read as "dimmed" or "unavailable") and ignores presses, a form's Enter
 * included, but it keeps the focus. A `disabled` button would lose it: the browser moves focus to
 * the page's body, so a keyboard or screen reader user is left nowhere while it waits and, when it
 * fails, is not on the button to press it again. `disabled` stays for a button that cannot be
 * used at all (nothing to test yet): that one is skipped by Tab, as it should be.
 */
export function BusyButton({ busy, onClick, ...button }: ComponentProps<'button'> & { busy: boolean }) {
  function press(event: MouseEvent<HTMLButtonElement>) {
    // preventDefault also stops a submit button's form from being sent again.
    if (busy) event.preventDefault();
    else onClick?.(event);
  }
  return <button {...button} aria-disabled={busy || undefined} onClick={press} />;
}
