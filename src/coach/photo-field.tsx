import { useRef, useState } from 'react';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { coachSettings } from '../shared/coach-settings';
import { settingsCopy } from './content/settings';
import type { PhotoDraft } from './settings-save';
import { secondaryButton } from './ui';

const copy = settingsCopy.photo;

/** The server's own limit (server/settings/image.ts): a bigger file is refused here, without uploading it. */
const MAX_BYTES = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The coach's photo or logo, a field like the others: a chosen picture shows at once, round as
 * visitors will see it, and goes up with the screen's Save (checked by the server by its content);
 * Remove and "Keep the current picture" change only the draft.
 */
export function PhotoField({
  settings,
  draft,
  error,
  onChange,
}: {
  settings: SettingsResponse;
  draft: PhotoDraft;
  error: string | undefined;
  onChange: (draft: PhotoDraft) => void;
}) {
  const [tooBig, setTooBig] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  function change(next: PhotoDraft) {
    if (draft.kind === 'new') URL.revokeObjectURL(draft.preview);
    if (input.current) input.current.value = '';
    setTooBig(null);
    onChange(next);
  }

  function chosen(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      if (input.current) input.current.value = '';
      return setTooBig(copy.tooBig(megabytes(file.size)));
    }
    change({ kind: 'new', file, preview: URL.createObjectURL(file) });
  }

  const shown = draft.kind === 'new' ? draft.preview : draft.kind === 'remove' ? null : settings.photoUrl;
  const problem = tooBig ?? error;
  return (
    <div>
      <p id="photo-label" className="font-semibold text-ink">
        {coachSettings.coachPhoto.label} <span className="font-normal text-muted">({settingsCopy.optional})</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {shown ? (
          <img src={shown} alt={draft.kind === 'new' ? copy.newPicture : copy.current} width={96} height={96} className="size-24 rounded-full border border-line bg-white object-cover" />
        ) : (
          <p className="max-w-xs text-sm text-muted">{draft.kind === 'remove' ? copy.toRemove : copy.none}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="setting-coachPhoto"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            onChange={(event) => chosen(event.target.files?.[0])}
            aria-labelledby="photo-label"
            aria-describedby="photo-hint photo-status"
            aria-invalid={problem ? true : undefined}
            className="peer sr-only"
          />
          <label
            htmlFor="setting-coachPhoto"
            className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-teal`}
          >
            {shown ? copy.replace : copy.choose}
          </label>
          {draft.kind === 'keep' && settings.photoUrl && (
            <button type="button" onClick={() => change({ kind: 'remove' })} className={secondaryButton}>
              {copy.remove}
            </button>
          )}
          {draft.kind !== 'keep' && (settings.photoUrl || draft.kind === 'new') && (
            <button type="button" onClick={() => change({ kind: 'keep' })} className={secondaryButton}>
              {settings.photoUrl ? copy.keep : copy.remove}
            </button>
          )}
        </div>
      </div>
      <p id="photo-hint" className="mt-2 text-sm text-pretty text-muted">
        {copy.hint}
      </p>
      <div id="photo-status">
        <p role="status" className="mt-1 text-sm live-region">
          {draft.kind === 'new' ? copy.chosen(draft.file.name) : ''}
        </p>
        <p role="alert" className="mt-1 text-sm font-semibold text-support live-region">
          {problem ?? ''}
        </p>
      </div>
    </div>
  );
}
