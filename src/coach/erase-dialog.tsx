import { useEffect, useRef, useState } from 'react';
import { BusyButton } from '../lib/busy-button';
import type { EraseResponse } from '../shared/coach-api/leads';
import { leadPath } from '../shared/coach-api/routes';
import { CoachApiFailure, coachRequest } from './api';
import { eraseCopy } from './content/leads';
import { dangerButton, secondaryButton } from './ui';
import { useSessionEnded } from './use-coach-data';

const copy = eraseCopy;

/** `onErased(already)`: the person is gone; `already` when they were erased before (another tab, or an erase whose answer was lost). */
type EraseDialogProps = { leadId: string; firstName: string; email: string; onClose: () => void; onErased: (already: boolean) => void };

/**
 * The confirmation before erasing a person: a modal dialog (focus stays inside; Escape cancels). A
 * person the server no longer has (404) is what the coach asked for, not a failure to try again.
 */
export function EraseDialog({ leadId, firstName, email, onClose, onErased }: EraseDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [erasing, setErasing] = useState(false);
  const [failed, setFailed] = useState(false);
  const sessionEnded = useSessionEnded();

  useEffect(() => {
    const element = dialog.current;
    element?.showModal();
    return () => element?.close();
  }, []);

  async function erase() {
    setErasing(true);
    setFailed(false);
    try {
      await coachRequest<EraseResponse>(leadPath(leadId), { method: 'DELETE' });
      onErased(false);
    } catch (error) {
      if (error instanceof CoachApiFailure && error.status === 401) return sessionEnded();
      if (error instanceof CoachApiFailure && error.status === 404) return onErased(true);
      setErasing(false);
      setFailed(true);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="erase-title"
      aria-describedby="erase-body"
      onCancel={(event) => {
        if (erasing) event.preventDefault();
        else onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-3xl border border-line bg-white p-6 text-ink shadow-xl backdrop:bg-ink/50"
    >
      <h2 id="erase-title" className="text-xl font-bold text-teal-dark">
        {copy.title}
      </h2>
      <p id="erase-body" className="mt-3 break-words">
        {copy.body(firstName, email)}
      </p>
      <p className="mt-2 text-sm text-muted">{copy.copies}</p>
      {failed && (
        <p role="alert" className="mt-3 font-semibold text-support">
          {copy.failed}
        </p>
      )}
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        {/* Cancel first in focus order and focused on opening: the safe choice is the default. */}
        <BusyButton type="button" autoFocus busy={erasing} onClick={onClose} className={secondaryButton}>
          {copy.cancel}
        </BusyButton>
        <BusyButton type="button" busy={erasing} onClick={() => void erase()} className={dangerButton}>
          {erasing ? copy.erasing : copy.confirm}
        </BusyButton>
      </div>
    </dialog>
  );
}
