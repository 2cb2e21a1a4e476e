/**
 * "Your e-mail tool" on the settings screen, as pure functions: the tag mapping's draft and its part
 * of the change to save, what to ask the tool when the coach checks a key (their unsaved draft), and
 * what the section says about the tool in force. The checks are the server's own
 * (src/shared/coach-settings.ts, through the screen's change).
 */
import type { MailStatus } from '../shared/coach-api/mail';
import type { SettingsResponse } from '../shared/coach-api/settings';
import type { ToolCheckRequest } from '../shared/email-tool-api';
import { defaultTagMapping, type TagMapping } from '../shared/email-tool-labels';
import { defaultApiUrl, emailToolNames, isEmailTool } from '../shared/email-tool-settings';
import type { Drafts } from './settings-draft';

/** The settings of the section saved as the screen's other fields are (text drafts). */
export const emailToolKeys = ['emailTool', 'emailToolApiKey', 'emailToolApiUrl', 'emailToolList'] as const;
/** The section's text drafts. */
export type ToolDrafts = Pick<Drafts, (typeof emailToolKeys)[number]>;

/** The mapping in force: the coach's, else ours. */
export const labelsDraftOf = (settings: SettingsResponse): TagMapping => settings.values.emailToolLabels ?? defaultTagMapping;

/** The mapping's part of the change: the whole mapping when it differs from the one in force. */
export function labelsChange(settings: SettingsResponse, draft: TagMapping): { emailToolLabels?: TagMapping } {
  return JSON.stringify(draft) === JSON.stringify(labelsDraftOf(settings)) ? {} : { emailToolLabels: draft };
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
