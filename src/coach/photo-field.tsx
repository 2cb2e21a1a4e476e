import { useRef, useState } from 'react';
import { coachApi, type SettingsResponse } from '../shared/coach-api';
import { coachSettings } from '../shared/coach-settings';
import { CoachApiFailure, coachRequest } from './api';
import { coachCopy } from './content';
import { secondaryButton } from './ui';
import { useSessionEnded } from './use-coach-data';

const copy = coachCopy.settings.photo;

/** The server's own limit (server/settings/image.ts): a bigger file is refused here, without uploading it. */
const MAX_BYTES = 1024 * 1024;
const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

type Status = { kind: 'idle' } | { kind: 'busy'; message: string } | { kind: 'done'; message: string } | { kind: 'error'; message: string };

/**
 * The coach's photo or logo: uploaded as soon as it is chosen (checked by the server by its content),
 * shown as visitors will see it, round; removable.
 */
export function PhotoField({ settings, onSaved }: { settings: SettingsResponse; onSaved: (settings: SettingsResponse) => void }) {
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const input = useRef<HTMLInputElement>(null);
  const sessionEnded = useSessionEnded();

  async function send(method: 'PUT' | 'DELETE', body: Blob | undefined, busy: string, done: string) {
    setStatus({ kind: 'busy', message: busy });
    try {
      onSaved(await coachRequest<SettingsResponse>(coachApi.settingsPhoto, { method, body }));
      setStatus({ kind: 'done', message: done });
    } catch (failure) {
      if (failure instanceof CoachApiFailure && failure.status === 401) return sessionEnded();
      setStatus({ kind: 'error', message: failure instanceof CoachApiFailure && failure.body ? failure.body.message : coachCopy.settings.failed });
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  function chosen(file: File | undefined) {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setStatus({ kind: 'error', message: copy.tooBig(megabytes(file.size)) });
      if (input.current) input.current.value = '';
      return;
    }
    void send('PUT', file, copy.uploading, copy.uploaded);
  }

  const busy = status.kind === 'busy';
  return (
    <div>
      <p id="photo-label" className="font-semibold text-ink">
        {coachSettings.coachPhoto.label} <span className="font-normal text-muted">({coachCopy.settings.optional})</span>
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-4">
        {settings.photoUrl ? (
          <img src={settings.photoUrl} alt={copy.current} width={96} height={96} className="size-24 rounded-full border border-line bg-white object-cover" />
        ) : (
          <p className="max-w-xs text-sm text-muted">{copy.none}</p>
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={input}
            id="setting-coachPhoto"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            disabled={busy}
            onChange={(event) => chosen(event.target.files?.[0])}
            aria-labelledby="photo-label" aria-describedby="photo-hint photo-status"
            className="peer sr-only"
          />
          <label
            htmlFor="setting-coachPhoto"
            className={`${secondaryButton} cursor-pointer peer-focus-visible:outline-3 peer-focus-visible:outline-offset-3 peer-focus-visible:outline-teal`}
          >
            {settings.photoUrl ? copy.replace : copy.choose}
          </label>
          {settings.photoUrl && (
            <button type="button" disabled={busy} onClick={() => void send('DELETE', undefined, copy.removing, copy.removed)} className={secondaryButton}>
              {copy.remove}
            </button>
          )}
        </div>
      </div>
      <p id="photo-hint" className="mt-2 text-sm text-pretty text-muted">
        {copy.hint}
      </p>
      <div id="photo-status">
        <p role="status" className="mt-1 text-sm empty:hidden">
          {status.kind === 'busy' || status.kind === 'done' ? status.message : ''}
        </p>
        <p role="alert" className="mt-1 text-sm font-semibold text-support empty:hidden">
          {status.kind === 'error' ? status.message : ''}
        </p>
      </div>
    </div>
  );
}
