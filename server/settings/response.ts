/**
 * The settings as the dashboard sees them (GET /api/coach/settings, and the answer to every change
 * and restore): secrets never, only whether they are set (the webhook's address in its safe form).
 */
import type { SettingsResponse } from '../../src/shared/coach-api/settings';
import { coachSettings, settingKeys, type SettingDefinition, type SettingKey, type SettingValues } from '../../src/shared/coach-settings';
import { displayAddress } from '../../src/shared/display-address';
import { imagePath } from './image';
import type { SettingsService } from './service';

const definitionOf = (key: SettingKey): SettingDefinition => coachSettings[key];

export function settingsResponse(settings: SettingsService): SettingsResponse {
  const values = { ...settings.values } as Record<SettingKey, unknown>;
  const secretsSet: Partial<Record<SettingKey, boolean>> = {};
  const variables: Partial<Record<SettingKey, string>> = {};
  const shown: Partial<Record<SettingKey, string>> = {};
  for (const key of settingKeys) {
    const definition = definitionOf(key);
    if (definition.env !== undefined) variables[key] = definition.env;
    if (definition.kind === 'secret') {
      secretsSet[key] = values[key] !== null;
      values[key] = null;
      const plain = definition.visible ? settings.secret(key) : null;
      if (plain !== null) shown[key] = displayAddress(plain);
    }
  }
  const photo = settings.values.coachPhoto;
  return {
    values: values as SettingValues,
    sources: settings.sources,
    variables,
    secretsSet,
    shown,
    photoUrl: photo === null ? null : imagePath(photo),
  };
}

