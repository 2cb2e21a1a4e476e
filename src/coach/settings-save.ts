/**
 * Saving settings from any dashboard screen: one PATCH of the changed settings (and the picture's
 * own upload or removal first, when it changed), answered as a save outcome the draft form
 * (draft-form.ts) shows: saved, the server's problems by field, failed, or signed out (a 401 ends the
 * session: the edits wait behind the sign-in form, and the save bar says so once the coach is back).
 */
import { useCallback } from 'react';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsRefusal, SettingsResponse } from '../shared/coach-api/settings';
import type { SettingProblem, SettingsChange } from '../shared/coach-settings';
import { CoachApiFailure, coachRequest } from './api';
import { useSessionEnded } from './use-coach-data';

export type SettingsAnswer = { kind: 'saved'; settings: SettingsResponse } | { kind: 'invalid'; problems: SettingProblem[] } | { kind: 'failed' | 'signed-out' };

/** The coach's picture while they edit: kept as it is, a new file chosen (shown from the browser's copy), or removed. */
export type PhotoDraft = { kind: 'keep' } | { kind: 'new'; file: File; preview: string } | { kind: 'remove' };

function problemsFrom(failure: unknown): SettingProblem[] | null {
  if (!(failure instanceof CoachApiFailure) || (failure.status !== 400 && failure.status !== 413) || !failure.body) return null;
  const body = failure.body as Partial<SettingsRefusal>;
  return Array.isArray(body.problems) && body.problems.length > 0 ? body.problems : [{ field: failure.body.field ?? 'settings', message: failure.body.message }];
}

/**
 * A change built on the settings as they are on the server when it is saved (read just before): a
 * setting holding many of the coach's fields (their words: one setting) keeps what another device or
 * tab saved meanwhile in the fields this screen did not touch, instead of putting back what it loaded.
 */
export type ChangeOnCurrent = (current: SettingsResponse) => SettingsChange;

/** Saves a change of settings (and the picture, when it changed); resolves with what happened, never throws. */
export function useSaveSettings(): (change: SettingsChange | ChangeOnCurrent, photo?: PhotoDraft) => Promise<SettingsAnswer> {
  const sessionEnded = useSessionEnded();
  return useCallback(
    async (change, photo = { kind: 'keep' }) => {
      try {
        let settings: SettingsResponse | null = null;
        if (photo.kind === 'new') settings = await coachRequest<SettingsResponse>(coachApi.settingsPhoto, { method: 'PUT', body: photo.file });
        if (photo.kind === 'remove') settings = await coachRequest<SettingsResponse>(coachApi.settingsPhoto, { method: 'DELETE' });
        const body = typeof change === 'function' ? change(await coachRequest<SettingsResponse>(coachApi.settings)) : change;
        if (Object.keys(body).length > 0) settings = await coachRequest<SettingsResponse>(coachApi.settings, { method: 'PATCH', body });
        settings ??= await coachRequest<SettingsResponse>(coachApi.settings);
        return { kind: 'saved', settings };
      } catch (failure) {
        if (failure instanceof CoachApiFailure && failure.status === 401) {
          sessionEnded();
          return { kind: 'signed-out' };
        }
        const problems = problemsFrom(failure);
        return problems ? { kind: 'invalid', problems } : { kind: 'failed' };
      }
    },
    [sessionEnded],
  );
}
