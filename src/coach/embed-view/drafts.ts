/** The screen's fields as drafts: where they start from the settings, the element a problem focuses, and the check before saving. */
import type { SettingsResponse } from '../../shared/coach-api/settings';
import { coachSettings, type SettingProblem } from '../../shared/coach-settings';
import { defaultEmbedLook } from '../../shared/frame-look';
import { checkOriginList } from '../../shared/origins';
import { checkLookDraft, lookDraftOf, lookFields, type LookDraft } from '../embed-draft';

/** The screen's fields: the allowed sites as typed, one per line, and each field of the look. */
export type EmbedDrafts = LookDraft & { sites: string };

export const startDrafts = (settings: SettingsResponse): EmbedDrafts => ({
  sites: (settings.values.embedOrigins ?? []).join('\n'),
  ...lookDraftOf(settings.values.embedLook ?? defaultEmbedLook),
});

/** The element a field's problem sends focus to: the server names the look as a whole `embedLook`. */
export function fieldId(field: string): string {
  if (field === 'sites' || field === 'embedOrigins') return 'embed-sites';
  return `embed-look-${field === 'embedLook' ? 'background' : field}`;
}

/** The screen's check, the server's rules: the sites' list and the look's fields, each problem by field. */
export function checkEmbed(drafts: EmbedDrafts, changed: (keyof EmbedDrafts)[]): SettingProblem[] {
  const problems: SettingProblem[] = [];
  if (changed.includes('sites')) {
    const sites = checkOriginList(coachSettings.embedOrigins.label, drafts.sites);
    if (!sites.ok) problems.push({ field: 'sites', message: sites.message });
  }
  if (changed.some((field) => lookFields.includes(field as keyof LookDraft))) {
    for (const [field, message] of Object.entries(checkLookDraft(drafts).problems)) problems.push({ field, message });
  }
  return problems;
}
