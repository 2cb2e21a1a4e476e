/**
 * The save bar of a screen that edits settings (draft-form.ts): it appears with the first change and
 * stays in view at the bottom of the window, says how many fields changed, and holds Discard and
 * Save. What happened (saved, discarded, refused, failed, not saved as the session had ended) is announced whether the bar shows or not.
 * When the bar goes away with the button just pressed (saved, discarded), focus goes to the line that
 * says so, not to the page's body, so a keyboard goes on from where it was.
 */
import { useRef } from 'react';
import { BusyButton } from '../lib/busy-button';
import { saveBarCopy } from './content/common';
import type { DraftForm } from './draft-form';
import { secondaryButton } from './ui';
import { useFocusIfLost } from './use-focus-on-step';

const copy = saveBarCopy;

export function SaveBar<D>({ form, formId }: { form: DraftForm<D>; formId: string }) {
  const { status, changed } = form;
  const busy = status.kind === 'busy';
  const open = changed.length > 0 || busy;
  const outcome = useRef<HTMLParagraphElement>(null);
  useFocusIfLost(open, outcome);
  return (
    <>
      <p ref={outcome} tabIndex={-1} role="status" className="text-sm font-semibold text-teal-dark live-region">
        {!open && status.kind === 'saved' && copy.saved}
        {!open && status.kind === 'discarded' && copy.discarded}
      </p>
      {open && (
        <div role="region" aria-label={copy.label} data-save-bar className="sticky bottom-0 z-20 -mx-3 border-t-2 border-teal bg-white/95 px-3 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] backdrop-blur sm:-mx-6 sm:px-6">
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <p className="font-semibold text-ink">{copy.unsaved(changed.length)}</p>
            <div className="flex gap-3">
              <BusyButton type="button" onClick={form.discard} busy={busy} className={secondaryButton}>
                {copy.discard}
              </BusyButton>
              <BusyButton type="submit" form={formId} busy={busy} className="btn-primary min-h-11 px-6 py-2.5 aria-disabled:cursor-wait aria-disabled:bg-teal-dark">
                {busy ? copy.saving : copy.save}
              </BusyButton>
            </div>
          </div>
          <p role="alert" className="mt-2 text-sm font-semibold text-support live-region">
            {status.kind === 'failed' && copy.failed}
            {status.kind === 'signed-out' && copy.signedOut}
            {status.kind === 'invalid' && copy.fixFields(status.count)}
          </p>
        </div>
      )}
    </>
  );
}
