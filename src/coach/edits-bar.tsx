/**
 * The save bar of the screens that edit many texts at once ("Your words", "Offers"): it appears with
 * the first change and stays in view at the foot of the screen, with the number of changes, Discard
 * and Save. Leaving with changes unsaved asks first through the dashboard's one leave guard
 * (leave-guard.tsx), as on every other screen.
 */
import { wordsCopy } from './content/words';

const copy = wordsCopy.saveBar;

export type SaveState = { kind: 'idle' | 'saving' | 'saved' | 'failed' } | { kind: 'invalid'; count: number };

export function EditsBar({ count, countText, fixText = copy.fix, state, onSave, onDiscard }: {
  count: number;
  countText: (count: number) => string;
  /** What the bar says when a save is refused for `count` things. */
  fixText?: (count: number) => string;
  state: SaveState;
  onSave: () => void;
  onDiscard: () => void;
}) {
  const message =
    state.kind === 'saved' ? copy.saved : state.kind === 'failed' ? copy.failed : state.kind === 'invalid' ? fixText(state.count) : null;
  if (count === 0 && message === null) return null;
  return (
    <div role="region" aria-label={copy.label} className="sticky bottom-0 z-10 -mx-3 border-t border-line bg-white/95 px-3 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)] sm:mx-0 sm:rounded-t-2xl sm:px-5">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        {count > 0 && <p className="font-semibold text-ink">{countText(count)}</p>}
        <p role={state.kind === 'failed' || state.kind === 'invalid' ? 'alert' : 'status'} className="text-sm font-semibold empty:hidden aria-[role=alert]:text-support">
          {message}
        </p>
        {count > 0 && (
          <div className="ml-auto flex gap-2">
            <button type="button" onClick={onDiscard} disabled={state.kind === 'saving'} className="min-h-11 rounded-full px-4 font-semibold text-teal underline underline-offset-4 hover:bg-teal-soft">
              {copy.discard}
            </button>
            <button type="button" onClick={onSave} disabled={state.kind === 'saving'} className="btn-primary px-6 disabled:cursor-wait">
              {state.kind === 'saving' ? copy.saving : copy.save}
            </button>
          </div>
        )}
      </div>
    </div>
  );
}
