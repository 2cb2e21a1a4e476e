import { useEffect, useRef, useState, type ReactNode } from 'react';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
import { coachRequest } from './api';
import { sameDraft } from './draft-form';
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
 * the ones shown (`settings`), handed to `apply`, which shows them and restarts the form from them.
 * Only while the screen has no unsaved edits (`idle`), checked again when the answer comes, and only
 * if nothing was saved here meanwhile (`settings` is still the same); a form with edits keeps them
 * (its save lays them over what is saved then). Silent: the fields change in place, nothing is said,
 * focus and scroll stay; a failed read changes nothing.
 */
export function useSettingsOnReturn(settings: SettingsResponse, idle: boolean, apply: (fresh: SettingsResponse) => void): void {
  const latest = useRef({ settings, idle, apply });
  useEffect(() => {
    latest.current = { settings, idle, apply };
  });
  useEffect(() => {
    const controller = new AbortController();
    let asking = false;
    const ask = () => {
      if (document.visibilityState !== 'visible' || asking || !latest.current.idle) return;
      const shown = latest.current.settings;
      asking = true;
      coachRequest<SettingsResponse>(coachApi.settings, { signal: controller.signal }).then(
        (fresh) => {
          asking = false;
          const now = latest.current;
          if (now.idle && now.settings === shown && !sameDraft(fresh, shown)) now.apply(fresh);
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
