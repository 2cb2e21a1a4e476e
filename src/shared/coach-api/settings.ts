/** The settings screen: every setting with its value in force and where it comes from, and a change to them. */
import type { SettingKey, SettingProblem, SettingSource, SettingValues } from '../coach-settings';
import type { CoachApiError } from './routes';

/**
 * GET and PATCH /api/coach/settings: every setting of src/shared/coach-settings.ts with the value in
 * force and where it comes from. `environment`: set by the server's variable (`variables` names it),
 * read-only here. A secret's value is never sent: `null`, with `secretsSet` saying whether one is set.
 */
export type SettingsResponse = {
  values: SettingValues;
  sources: Record<SettingKey, SettingSource>;
  /** The environment variable of each setting that has one. */
  variables: Partial<Record<SettingKey, string>>;
  secretsSet: Partial<Record<SettingKey, boolean>>;
  /**
   * A secret the coach may see in a safe form, so it stays visible in its field once saved: the
   * webhook's address without its user name and password, each query value as "…"
   * (src/shared/display-address.ts). Absent while none is in force.
   */
  shown: Partial<Record<SettingKey, string>>;
  /** Where visitors' pages load the coach's picture from (our origin), or null. */
  photoUrl: string | null;
};

/** PATCH /api/coach/settings: only the settings to change; `null` puts one back to its default. */
export type SettingsChangeRequest = Partial<Record<SettingKey, unknown>>;

/** 400 of PATCH: the first problem as `field` and `message`, and every problem of the change. */
export type SettingsRefusal = CoachApiError & { problems: SettingProblem[] };
