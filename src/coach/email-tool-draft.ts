/**
 * "Your e-mail tool" on the settings screen, as pure functions: the tag mapping's draft and its part
 * of the change to save, what to ask the tool when the coach checks a key (their unsaved draft), and
 * what the section says about the tool in force (one status line). The checks are the server's own
 * (src/shared/coach-settings.ts, through the screen's change).
 */
import type { MailStatus } from '../shared/coach-api/mail';
import type { SettingsResponse } from '../shared/coach-api/settings';
import type { ToolCheckRequest, ToolCheckResult } from '../shared/email-tool-api';
import { defaultTagMapping, type TagMapping } from '../shared/email-tool-labels';
import { defaultApiUrl, emailToolNames, isEmailTool } from '../shared/email-tool-settings';
import { emailToolCopy } from './content/email-tool';
import { sameDraft } from './draft-form';
import type { Drafts } from './settings-draft';

/** The settings of the section saved as the screen's other fields are (text drafts). */
export const emailToolKeys = ['emailTool', 'emailToolApiKey', 'emailToolApiUrl', 'emailToolList'] as const;
/** The section's text drafts. */
export type ToolDrafts = Pick<Drafts, (typeof emailToolKeys)[number]>;

/** The mapping in force: the coach's, else ours. */
export const labelsDraftOf = (settings: SettingsResponse): TagMapping => settings.values.emailToolLabels ?? defaultTagMapping;

/**
 * The mapping's part of the change: nothing when the draft is the mapping the screen loaded
 * (`settings`), else the whole mapping, as the parts changed here (a group, the ratings field) laid
 * over the mapping saved now (`current`, read just before saving; by default the one loaded), so a
 * part saved meanwhile from another device or tab is kept.
 */
export function labelsChange(settings: SettingsResponse, draft: TagMapping, current: SettingsResponse = settings): { emailToolLabels?: TagMapping } {
  const loaded = labelsDraftOf(settings);
  if (sameDraft(draft, loaded)) return {};
  const mine = (Object.keys(draft) as (keyof TagMapping)[]).filter((part) => !sameDraft(draft[part], loaded[part]));
  const next: TagMapping = { ...labelsDraftOf(current), ...(Object.fromEntries(mine.map((part) => [part, draft[part]])) as Partial<TagMapping>) };
  return sameDraft(next, labelsDraftOf(current)) ? {} : { emailToolLabels: next };
}

/** A text draft, or what is in force where the environment sets it (the draft is not editable then). */
function current(settings: SettingsResponse, drafts: ToolDrafts, key: (typeof emailToolKeys)[number]): string {
  if (settings.sources[key] === 'environment') return '';
  const draft = drafts[key];
  return typeof draft === 'string' ? draft.trim() : '';
}

/** What "Check the key" asks: the coach's unsaved tool, key and address; what they left empty is the one in force. */
export function checkRequestOf(settings: SettingsResponse, drafts: ToolDrafts): ToolCheckRequest {
  const request: ToolCheckRequest = {};
  const tool = current(settings, drafts, 'emailTool');
  const apiKey = current(settings, drafts, 'emailToolApiKey');
  const apiUrl = current(settings, drafts, 'emailToolApiUrl');
  if (tool) request.tool = tool;
  if (apiKey) request.apiKey = apiKey;
  if (apiUrl) request.apiUrl = apiUrl;
  return request;
}

/** The tool chosen now (the environment's, else the draft), or null. */
export function chosenTool(settings: SettingsResponse, drafts: ToolDrafts) {
  const tool = settings.sources.emailTool === 'environment' ? settings.values.emailTool : drafts.emailTool;
  return isEmailTool(tool) ? tool : null;
}

/** The address assumed while the field is empty, for its hint (Mailchimp's from a key pasted now). */
export function assumedApiUrl(settings: SettingsResponse, drafts: ToolDrafts): string | null {
  const tool = chosenTool(settings, drafts);
  const key = typeof drafts.emailToolApiKey === 'string' ? drafts.emailToolApiKey.trim() : null;
  return tool === null ? null : defaultApiUrl(tool, key);
}

/**
 * Whether the saved settings name a tool and a key: leads go to it (with its address, checked when
 * used); with the consent box on once they confirm by e-mail, else as they are submitted.
 */
export function toolInForce(settings: SettingsResponse): { on: true; tool: string; when: 'confirmed' | 'submitted' } | { on: false } {
  const tool = settings.values.emailTool;
  if (!isEmailTool(tool) || settings.secretsSet.emailToolApiKey !== true) return { on: false };
  return { on: true, tool: emailToolNames[tool], when: settings.values.consentCheckbox === true ? 'confirmed' : 'submitted' };
}

/** With the consent box on, a lead reaches the tool once confirmed by e-mail: with mail off, nobody can confirm. */
export const nobodyCanConfirm = (settings: SettingsResponse, mail: Pick<MailStatus, 'on'> | null) => settings.values.consentCheckbox === true && mail?.on === false;

/** Whether a check asks about the saved key (no key typed, and the tool and address in force). */
export function checksSavedKey(settings: SettingsResponse, request: ToolCheckRequest): boolean {
  if (!toolInForce(settings).on || request.apiKey !== undefined) return false;
  const sameTool = request.tool === undefined || request.tool === settings.values.emailTool;
  const sameUrl = request.apiUrl === undefined || request.apiUrl === (settings.values.emailToolApiUrl ?? '');
  return sameTool && sameUrl;
}

/** The tool's answer when a check of the saved key found it refused (the status line says it then), else null. */
export function savedKeyRefusal(check: { ofSavedKey: boolean; result: ToolCheckResult } | null): string | null {
  if (!check?.ofSavedKey || check.result.ok || check.result.problem.kind !== 'bad-key') return null;
  const { status, message } = check.result.problem;
  return status === null ? message : `${status} ${message}`;
}

/**
 * The saved list in words while the tool's lists are not shown (no check answered yet, or the check
 * did not work), else null. Its name comes only from the tool's answer, so a failed check says the
 * name could not be read instead of "check the key", which was just done.
 */
export function savedListWords(saved: string | null, checked: ToolCheckResult | null): string | null {
  if (!saved || checked?.ok) return null;
  return checked ? emailToolCopy.listUnread(saved) : emailToolCopy.listKept(saved);
}

/** What the section's one status line says, and how it looks: on, off, or a problem that needs the coach. */
export type ToolStatus = { tone: 'on' | 'off' | 'problem'; says: string; answer: string | null };

type StatusInput = {
  settings: SettingsResponse;
  mail: Pick<MailStatus, 'on'> | null;
  /** The channel waits on a refused key (the Deliveries screen's emailToolPaused), or null. */
  paused: { status: number; detail: string } | null;
  /** The tool's answer to a check of the saved key that refused it (savedKeyRefusal), or null. */
  refusal: string | null;
  /** The name of the list leads are added to, when the tool's answer named it. */
  list: string | null;
};

/**
 * The one status line of the section, so it never says two things at once: a refused key (paused by a
 * lead, or found by a check) before all, then nobody able to confirm (consent box on, mail off), then
 * on or off. A refused key or an off tool also says when nobody could confirm.
 */
export function toolStatus({ settings, mail, paused, refusal, list }: StatusInput): ToolStatus {
  const words = emailToolCopy.statusLine;
  const inForce = toolInForce(settings);
  const stuck = nobodyCanConfirm(settings, mail);
  const also = (says: string, extra: string) => (stuck ? `${says} ${extra}` : says);
  if (!inForce.on) return { tone: 'off', says: also(words.off, words.offNobodyCanConfirm), answer: null };
  if (paused) return { tone: 'problem', says: also(words.paused, words.alsoNobodyCanConfirm), answer: `${paused.status} ${paused.detail}` };
  if (refusal !== null) return { tone: 'problem', says: also(words.refused, words.alsoNobodyCanConfirm), answer: refusal };
  if (stuck) return { tone: 'problem', says: words.waiting(inForce.tool), answer: null };
  return { tone: 'on', says: words.on(inForce.tool, list, inForce.when), answer: null };
}
