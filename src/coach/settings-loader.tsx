import { useState, type ReactNode } from 'react';
import { coachApi } from '../shared/coach-api/routes';
import type { SettingsResponse } from '../shared/coach-api/settings';
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
