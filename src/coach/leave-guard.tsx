/**
 * Nothing typed is lost by leaving: a screen with unsaved edits says how many (`useLeaveGuard`), and
 * while any screen has some, closing or reloading the tab asks (the browser's own `beforeunload`
 * question) and moving to another screen of the dashboard, or signing out, asks first in a dialog
 * (`LeaveDialog`), whose safe choice, staying, is the default.
 */
import { createContext, useCallback, useContext, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { leaveCopy } from './content/common';
import { dangerButton, secondaryButton } from './ui';

const copy = leaveCopy;

type Registry = { report: (id: string, count: number) => void };

const LeaveGuardContext = createContext<Registry>({ report: () => undefined });

/** Tells the dashboard how many unsaved edits this screen holds (0: none); forgotten on unmount. */
export function useLeaveGuard(unsaved: number): void {
  const { report } = useContext(LeaveGuardContext);
  const id = useId();
  useEffect(() => {
    report(id, unsaved);
  }, [report, id, unsaved]);
  useEffect(() => () => report(id, 0), [report, id]);
}

/**
 * Holds every screen's count; `unsaved` is their sum. While it is above 0 the tab asks before it is
 * closed or reloaded.
 */
export function LeaveGuardProvider({ children, onChange }: { children: ReactNode; onChange: (unsaved: number) => void }) {
  const counts = useRef(new Map<string, number>());
  const registry = useMemo<Registry>(
    () => ({
      report: (id, count) => {
        if (count > 0) counts.current.set(id, count);
        else counts.current.delete(id);
        onChange([...counts.current.values()].reduce((sum, value) => sum + value, 0));
      },
    }),
    [onChange],
  );
  return <LeaveGuardContext.Provider value={registry}>{children}</LeaveGuardContext.Provider>;
}

/** The browser's own question before the tab is closed or reloaded, while `unsaved` is above 0. */
export function useBeforeUnload(unsaved: number): void {
  useEffect(() => {
    if (unsaved === 0) return;
    const ask = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when a value is set; the text itself is never shown.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', ask);
    return () => window.removeEventListener('beforeunload', ask);
  }, [unsaved]);
}

/**
 * Runs `leave` at once when nothing is unsaved, else after the coach confirms in the dialog this
 * returns (`dialog`, to render).
 */
export function useConfirmLeave(unsaved: number): { ask: (leave: () => void) => void; dialog: ReactNode } {
  const [pending, setPending] = useState<(() => void) | null>(null);
  /** What had focus when the dialog opened (the link or button pressed): staying goes back there, not to the page's body. */
  const returnTo = useRef<Element | null>(null);
  const ask = useCallback(
    (leave: () => void) => {
      if (unsaved === 0) return leave();
      returnTo.current = document.activeElement;
      setPending(() => leave);
    },
    [unsaved],
  );
  const dialog = pending && (
    <LeaveDialog
      unsaved={unsaved}
      onStay={() => {
        setPending(null);
        if (returnTo.current instanceof HTMLElement && returnTo.current.isConnected) returnTo.current.focus();
      }}
      onLeave={() => {
        setPending(null);
        pending();
      }}
    />
  );
  return { ask, dialog };
}

function LeaveDialog({ unsaved, onStay, onLeave }: { unsaved: number; onStay: () => void; onLeave: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);
  // Closed first: the page outside a modal dialog cannot take focus while it is open.
  const stay = () => {
    dialog.current?.close();
    onStay();
  };
  return (
    <dialog
      ref={dialog}
      aria-labelledby="leave-title"
      aria-describedby="leave-body"
      onCancel={(event) => {
        event.preventDefault();
        stay();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-line bg-white p-6 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <h2 id="leave-title" className="text-xl font-bold text-teal-dark">
        {copy.title}
      </h2>
      <p id="leave-body" className="mt-3">
        {copy.body(unsaved)}
      </p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {/* Staying first in focus order and focused on opening: the safe choice is the default. */}
        <button type="button" autoFocus onClick={stay} className={secondaryButton}>
          {copy.stay}
        </button>
        <button type="button" onClick={onLeave} className={dangerButton}>
          {copy.leave}
        </button>
      </div>
    </dialog>
  );
}
