import { useEffect, useRef, useState, type ReactNode } from 'react';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { coachRequest } from './api';
import { sameDraft, type DraftForm } from './draft-form';
import { LoadError, Loading } from './ui';
import { useCoachData } from './use-coach-data';

/**
 * The settings for a screen that edits them: loaded once, then as each save answers (the answer is
 * the settings after the change), so the screen never shows older values than it saved.
 */
export function WithSettings({ children }: { children: (settings: SettingsResponse, onSaved: (settings: SettingsResponse) => void) => ReactNode }) {
  const { data, error, reload } = useCoachData<SettingsResponse>(coachApi.settings);
  const [saved, setSaved] = useState<SettingsResponse | null>(null);
  const settings = saved ?? data;
  if (error && !settings) return <LoadError onRetry={reload} />;
  if (!settings) return <Loading />;
  return children(settings, setSaved);
}

/**
 * Another device or tab may save while this screen stays open: when the coach comes back to the tab
 * (it shows again, or the window gets focus) the settings are read again and, when they differ from
 * the ones shown (`settings`), the screen keeps them (`keep`) and its form starts again from their
 * drafts (`draftsOf`). Only while the form has no unsaved edits, checked again when the answer comes,
 * and only if nothing was saved here meanwhile (`settings` is still the same); a form with edits
 * keeps them (its save lays them over what is saved then). Silent: the fields change in place,
 * nothing is said, focus and scroll stay; a failed read changes nothing.
 */
export function useSettingsOnReturn<D>(
  settings: SettingsResponse,
  form: Pick<DraftForm<D>, 'changed' | 'refresh'>,
  keep: (fresh: SettingsResponse) => void,
  draftsOf: (fresh: SettingsResponse) => D,
): void {
  const latest = useRef({ settings, form, keep, draftsOf });
  useEffect(() => {
    latest.current = { settings, form, keep, draftsOf };
  });
  useEffect(() => {
    const controller = new AbortController();
    let asking = false;
    const idle = () => latest.current.form.changed.length === 0;
    const ask = () => {
      if (document.visibilityState !== 'visible' || asking || !idle()) return;
      const shown = latest.current.settings;
      asking = true;
      coachRequest<SettingsResponse>(coachApi.settings, { signal: controller.signal }).then(
        (fresh) => {
          asking = false;
          const now = latest.current;
          if (!idle() || now.settings !== shown || sameDraft(fresh, shown)) return;
          now.keep(fresh);
          now.form.refresh(now.draftsOf(fresh));
        },
        () => {
          asking = false;
        },
      );
    };
    document.addEventListener('visibilitychange', ask);
    window.addEventListener('focus', ask);
    return () => {
      controller.abort();
      document.removeEventListener('visibilitychange', ask);
      window.removeEventListener('focus', ask);
    };
  }, []);
}
