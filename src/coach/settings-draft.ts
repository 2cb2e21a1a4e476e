/**
 * The settings form's state, as pure functions: what each field shows (a draft), and the change to
 * send once the coach saves (only the fields they changed; an emptied field puts the setting back to
 * its default). The checks are the server's own (src/shared/coach-settings.ts).
 */
import type { SettingsResponse } from '../shared/coach-api';
import { checkSettingsChange, coachSettings, type SettingDefinition, type SettingKey, type SettingProblem } from '../shared/coach-settings';

/** What a field holds while the coach edits: text, or on/off. */
export type Draft = string | boolean;
export type Drafts = Partial<Record<SettingKey, Draft>>;

const definitionOf = (key: SettingKey): SettingDefinition => coachSettings[key];

/** A field's starting draft: the coach's own value, else empty (the default shows as a hint), a toggle's state in force. */
export function draftOf(settings: SettingsResponse, key: SettingKey): Draft {
  const value = settings.values[key];
  const { kind } = definitionOf(key);
  if (kind === 'toggle') return value === true;
  if (kind === 'timeZone') return typeof value === 'string' ? value : 'UTC';
  if (kind === 'secret' || kind === 'image') return '';
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
 * is `null` (back to the default). A secret's empty field means "keep it".
 */
export function changeOf(settings: SettingsResponse, keys: readonly SettingKey[], drafts: Drafts): Partial<Record<SettingKey, unknown>> {
  const change: Partial<Record<SettingKey, unknown>> = {};
  for (const key of editableKeys(settings, keys)) {
    const draft = drafts[key];
    if (draft === undefined || draft === draftOf(settings, key)) continue;
    if (typeof draft === 'string' && draft.trim() === '') {
      if (definitionOf(key).kind !== 'secret') change[key] = null;
      continue;
    }
    change[key] = draft;
  }
  return change;
}

/** The browser's check of a change, the same as the server's: problems by field, or none. */
export function problemsOf(change: Partial<Record<SettingKey, unknown>>): SettingProblem[] {
  const checked = checkSettingsChange(change);
  return checked.ok ? [] : checked.problems;
}
