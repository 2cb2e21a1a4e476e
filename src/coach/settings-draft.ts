/**
 * The settings form's state, as pure functions: what each field shows (a draft), and the change to
 * send once the coach saves (only the fields they changed; an emptied field puts the setting back to
 * its default). The checks are the server's own (src/shared/coach-settings.ts).
 */
import type { SettingsResponse } from '../shared/coach-api/settings';
import { checkSettingsChange, coachSettings, isSettingKey, type SettingDefinition, type SettingKey, type SettingProblem } from '../shared/coach-settings';

/** What a field holds while the coach edits: text, or on/off. */
export type Draft = string | boolean;
export type Drafts = Partial<Record<SettingKey, Draft>>;

const definitionOf = (key: SettingKey): SettingDefinition => coachSettings[key];

/**
 * A field's starting draft: the coach's own value, else empty (the default shows as a hint), a
 * toggle's state in force; a secret empty, unless it has a safe form to show (the webhook's address).
 */
export function draftOf(settings: SettingsResponse, key: SettingKey): Draft {
  const value = settings.values[key];
  const { kind } = definitionOf(key);
  if (kind === 'toggle') return value === true;
  if (kind === 'timeZone') return typeof value === 'string' ? value : 'UTC';
  if (kind === 'secret') return settings.sources[key] === 'dashboard' ? (settings.shown?.[key] ?? '') : '';
  if (kind === 'image') return '';
  return settings.sources[key] === 'dashboard' && typeof value === 'string' ? value : '';
}

/** The fields of a section the coach may edit here: not set by the environment, not the picture. */
export function editableKeys(settings: SettingsResponse, keys: readonly SettingKey[]): SettingKey[] {
  return keys.filter((key) => settings.sources[key] !== 'environment' && definitionOf(key).kind !== 'image');
}

export function initialDrafts(settings: SettingsResponse, keys: readonly SettingKey[]): Drafts {
  return Object.fromEntries(editableKeys(settings, keys).map((key) => [key, draftOf(settings, key)]));
}

/**
 * The change to send: every field whose draft differs from where it started; an emptied text field
 * is `null` (back to the default). A hidden secret's empty field means "keep it"; a shown one's
 * (the webhook's address) means "remove it".
 */
export function changeOf(settings: SettingsResponse, keys: readonly SettingKey[], drafts: Drafts): Partial<Record<SettingKey, unknown>> {
  const change: Partial<Record<SettingKey, unknown>> = {};
  for (const key of editableKeys(settings, keys)) {
    const draft = drafts[key];
    if (draft === undefined || draft === draftOf(settings, key)) continue;
    if (typeof draft === 'string' && draft.trim() === '') {
      const hidden = definitionOf(key).kind === 'secret' && settings.shown?.[key] === undefined;
      if (!hidden) change[key] = null;
      continue;
    }
    change[key] = draft;
  }
  return change;
}

/** The browser's check of a change, the same as the server's: problems by field, or none. */
export function problemsOf(change: Partial<Record<SettingKey, unknown>>): SettingProblem[] {
  // Nothing to check (only the picture changed, say): not a problem here, the save sends no change.
  if (Object.keys(change).length === 0) return [];
  const checked = checkSettingsChange(change);
  const problems = checked.ok ? [] : checked.problems;
  // A shown secret edited in place still holds its hidden parts ("…"): it must be pasted whole.
  for (const [key, value] of Object.entries(change)) {
    if (isSettingKey(key) && definitionOf(key).kind === 'secret' && typeof value === 'string' && value.includes('…') && !problems.some((problem) => problem.field === key)) {
      problems.push({ field: key, message: `${definitionOf(key).label}: paste the whole address again; the parts shown as … are hidden.` });
    }
  }
  return problems;
}
