/** The screen's fields as drafts: where they start from the settings, the element a problem focuses, and the check before saving. */
import type { SettingsResponse } from '../../shared/coach-api/settings';
import { coachSettings, type SettingProblem, type SettingsChange } from '../../shared/coach-settings';
import { defaultEmbedLook, type EmbedLook } from '../../shared/frame-look';
import { checkOriginList } from '../../shared/origins';
import { checkLookDraft, lookDraftOf, lookFields, lookInput, type LookDraft } from '../embed-draft';

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

/**
 * What a save sends: the sites when they changed, and the look when a field of it changed, as the
 * fields this screen changed laid over the look saved now (`current`, read just before saving; null: none): a
 * field saved meanwhile from another device or tab, which this screen still shows as it loaded it,
 * is kept rather than put back.
 */
export function embedChange(current: EmbedLook | null, drafts: EmbedDrafts, changed: readonly (keyof EmbedDrafts)[]): SettingsChange {
  const change: SettingsChange = {};
  if (changed.includes('sites')) {
    const sites = checkOriginList(coachSettings.embedOrigins.label, drafts.sites);
    change.embedOrigins = sites.ok && sites.value.length > 0 ? sites.value : null;
  }
  const edited = lookFields.filter((field) => changed.includes(field));
  if (edited.length > 0) {
    const look: LookDraft = { ...lookDraftOf(current ?? defaultEmbedLook), ...(Object.fromEntries(edited.map((field) => [field, drafts[field]])) as Partial<LookDraft>) };
    // Valid as checked on this screen, unless the fields kept make it not: then the server says why.
    change.embedLook = checkLookDraft(look).look ?? lookInput(look);
  }
  return change;
}
