/** Small building blocks every dashboard view shares, so the views look and behave alike. */
import { useEffect, useRef, useState, type ReactNode, type Ref, type RefObject } from 'react';
import { pagesCopy } from './content/common';
import { shellCopy } from './content/shell';

/** The id of each view's heading (the page's one `h1`, in app.tsx). */
export const viewTitleId = 'dashboard-view-title';

/** A text box's rows for its text, where the browser does not size fields to their content (`field-sizing`). */
export const textRows = (text: string) => (text.length > 160 ? 5 : text.length > 60 ? 3 : 1);

const panelClass = 'rounded-3xl border border-line bg-white p-4 shadow-sm sm:p-6';

/** `titleRef`: the title can be given focus (a page of its own, such as a lead's, moves focus there). */
export function Panel({ title, intro, children, titleId, titleRef }: { title: string; intro?: ReactNode; children: ReactNode; titleId: string; titleRef?: Ref<HTMLHeadingElement> }) {
  return (
    <section aria-labelledby={titleId} className={panelClass}>
      <h2 id={titleId} ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="text-lg font-bold text-teal-dark focus:outline-none">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-muted">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * The panel of a view that has only one (Leads, Deliveries, Audit log): the view's heading already
 * names it, so it does not say its name a second time, and is named by that heading.
 */
export function ViewPanel({ intro, children }: { intro?: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={viewTitleId} className={panelClass}>
      {intro && <p className="mb-4 text-sm text-muted">{intro}</p>}
      {children}
    </section>
  );
}

/** A table that may be wider than a phone: it scrolls sideways on its own, by keyboard too. */
export function TableFrame({ label, children }: { label: string; children: ReactNode }) {
  return (
    // A scrollable region must be focusable to be scrolled by keyboard (axe: scrollable-region-focusable).
    <div role="region" aria-label={label} tabIndex={0} className="-mx-1 overflow-x-auto px-1">
      {children}
    </div>
  );
}

export const tableClass = 'w-full border-collapse text-left text-sm';
export const captionClass = 'sr-only';
export const thClass = 'border-b-2 border-line py-2 pr-3 align-bottom font-semibold text-muted';
export const tdClass = 'border-b border-line py-2 pr-3 align-top';
export const numClass = 'text-right tabular-nums';

export function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <div role="alert" className="rounded-2xl bg-sun-soft px-4 py-3">
      <p>{shellCopy.loadFailed}</p>
      <button type="button" onClick={onRetry} className="mt-2 min-h-11 font-semibold text-teal underline underline-offset-4">
        {shellCopy.tryAgain}
      </button>
    </div>
  );
}

export function Loading() {
  return (
    <p role="status" className="text-muted">
      {shellCopy.loading}
    </p>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl bg-paper px-4 py-6 text-center text-muted">{children}</p>;
}

/** A note above a panel's figures: why its counts read as they do (raised counts, parts and whole). */
export function Note({ children }: { children: ReactNode }) {
  return <p className="mb-4 rounded-2xl bg-paper px-4 py-3 text-sm text-ink">{children}</p>;
}

export const secondaryButton =
  'inline-flex min-h-11 items-center justify-center rounded-full border-2 border-teal px-5 font-semibold text-teal transition-colors hover:bg-teal-soft disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-wait aria-disabled:opacity-70';
export const dangerButton =
  'inline-flex min-h-11 items-center justify-center rounded-full bg-support px-5 font-semibold text-white transition-colors hover:bg-[#8f060d] disabled:cursor-not-allowed disabled:opacity-70 aria-disabled:cursor-wait aria-disabled:opacity-70';
export const inputClass =
  'block min-h-11 w-full rounded-xl border-2 border-muted bg-white px-3 text-base text-ink aria-invalid:border-support';

/**
 * "Newer / Page n / Older" under a list read a page at a time with cursors. The cursors of the pages
 * already seen are kept (`usePages`), so "Newer" goes back without asking the server for a way back.
 * The page's number is said when it changes; the button pressed stays focused until its end of the
 * list is reached, where it goes away and focus moves to the other one (not dropped on the page).
 */
export function Pager({ pages, nextCursor }: { pages: Pages; nextCursor: string | null | undefined }) {
  const copy = pagesCopy;
  const newer = useRef<HTMLButtonElement>(null);
  const older = useRef<HTMLButtonElement>(null);
  const pressed = useRef<HTMLButtonElement | null>(null);
  const atFirst = pages.number === 1;
  const atLast = !nextCursor;
  useEffect(() => {
    const button = pressed.current;
    if (!button?.disabled) return;
    pressed.current = null;
    // Only when the focus is (or was dropped) with it: the coach may have moved on meanwhile.
    const focused = document.activeElement;
    if (focused === button || focused === null || focused === document.body) (button === older.current ? newer : older).current?.focus();
  }, [atFirst, atLast]);
  if (atFirst && atLast) return null;
  const button = (ref: RefObject<HTMLButtonElement | null>, disabled: boolean, label: string, move: () => void) => (
    <button
      ref={ref}
      type="button"
      disabled={disabled}
      onClick={() => {
        pressed.current = ref.current;
        move();
      }}
      className={`${secondaryButton} disabled:invisible`}
    >
      {label}
    </button>
  );
  return (
    <nav aria-label={copy.page(pages.number)} className="mt-4 flex items-center justify-between gap-2">
      {button(newer, atFirst, copy.newer, pages.newer)}
      <span role="status" className="text-sm text-muted">
        {copy.page(pages.number)}
      </span>
      {button(older, atLast, copy.older, () => nextCursor && pages.older(nextCursor))}
    </nav>
  );
}

export type Pages = {
  /** The cursor of the page shown (undefined: the first). */
  cursor: string | undefined;
  /** 1 for the first page. */
  number: number;
  newer: () => void;
  older: (nextCursor: string) => void;
  /** Back to the first page (a new search, an erase). */
  reset: () => void;
};

export function usePages(): Pages {
  const [cursors, setCursors] = useState<string[]>([]);
  return {
    cursor: cursors.at(-1),
    number: cursors.length + 1,
    newer: () => setCursors((list) => list.slice(0, -1)),
    older: (nextCursor) => setCursors((list) => [...list, nextCursor]),
    reset: () => setCursors([]),
  };
}

/**
 * A password field with its label; `errorId` names the message that describes it while `invalid`.
 * The sign-in and set-up forms use it, so both read alike to a screen reader and a password manager.
 */
export function PasswordField({
  id,
  label,
  autoComplete,
  invalid,
  errorId,
  inputRef,
}: {
  id: string;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  invalid: boolean;
  errorId: string;
  inputRef: Ref<HTMLInputElement>;
}) {
  return (
    <div>
      <label htmlFor={id} className="font-semibold text-ink">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={id}
        type="password"
        autoComplete={autoComplete}
        required
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? errorId : undefined}
        className={`mt-1 ${inputClass}`}
      />
    </div>
  );
}
