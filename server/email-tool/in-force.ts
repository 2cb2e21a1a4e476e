/**
 * The coach's e-mail tool in force: which tool, its key, its API's address and the list, each the
 * environment's (EMAIL_TOOL, EMAIL_TOOL_API_KEY, EMAIL_TOOL_API_URL, EMAIL_TOOL_LIST), else the
 * dashboard's (the key stored sealed), else, for the address, the tool's own
 * (src/shared/email-tool-settings.ts); and the coach's tag mapping. An address the coach set on the
 * dashboard (or the tool's own) is connected to only where OUTBOUND_ALLOWED_HOSTS allows; the
 * environment's is the operator's and is not filtered, like LEAD_WEBHOOK_URL.
 *
 * A draft (the settings screen's, before it is saved) overrides what the environment does not set, so
 * the coach sees the account and lists of the key they pasted before saving it.
 */
import type { SettingKey, SettingSource, SettingValues } from '../../src/shared/coach-settings';
import { defaultTagMapping, type TagMapping } from '../../src/shared/email-tool-labels';
import { checkApiKey, checkApiUrl, checkEmailTool, defaultApiUrl, emailToolNames, type EmailTool } from '../../src/shared/email-tool-settings';
import type { ToolSettings } from './connector';

/** What is read of the settings in force (the settings service, or a snapshot of it). */
export type SettingsInForce = {
  readonly values: SettingValues;
  readonly sources: Record<SettingKey, SettingSource>;
  secret(key: SettingKey): string | null;
};

export type ToolDraft = { tool?: unknown; apiKey?: unknown; apiUrl?: unknown };

export type ToolInForce =
  | { ok: true; settings: ToolSettings; mapping: TagMapping; guarded: boolean }
  | { ok: false; field: 'emailTool' | 'emailToolApiKey' | 'emailToolApiUrl'; message: string };

const given = (value: unknown) => value !== undefined && value !== null && value !== '';

export function toolInForce(settings: SettingsInForce, draft: ToolDraft = {}): ToolInForce {
  const { values, sources } = settings;
  const drafted = (key: SettingKey, value: unknown) => sources[key] !== 'environment' && given(value);

  const tool = checkEmailTool('E-mail tool', drafted('emailTool', draft.tool) ? draft.tool : (values.emailTool ?? ''));
  if (!tool.ok) return { ok: false, field: 'emailTool', message: 'Choose your e-mail tool first.' };
  const name = emailToolNames[tool.value];

  const key = checkApiKey('E-mail tool API key', drafted('emailToolApiKey', draft.apiKey) ? draft.apiKey : (settings.secret('emailToolApiKey') ?? ''));
  if (!key.ok) return { ok: false, field: 'emailToolApiKey', message: given(draft.apiKey) ? key.message : `Paste your ${name} API key first.` };

  const urlDrafted = drafted('emailToolApiUrl', draft.apiUrl);
  const ownUrl = urlDrafted ? draft.apiUrl : values.emailToolApiUrl;
  const url = given(ownUrl) ? checkApiUrl('E-mail tool API address', ownUrl) : null;
  if (url && !url.ok) return { ok: false, field: 'emailToolApiUrl', message: url.message };
  const apiUrl = url?.value ?? defaultApiUrl(tool.value, key.value);
  if (apiUrl === null) {
    const where = tool.value === 'activecampaign' ? 'your account’s API address (Settings → Developer)' : 'its API address (e.g. https://us21.api.mailchimp.com)';
    return { ok: false, field: 'emailToolApiUrl', message: `${name} needs ${where}.` };
  }
  return {
    ok: true,
    settings: { tool: tool.value, apiKey: key.value, apiUrl, list: values.emailToolList },
    mapping: values.emailToolLabels ?? defaultTagMapping,
    guarded: sources.emailToolApiUrl !== 'environment',
  };
}

/**
 * The start-up check of the EMAIL_TOOL* variables together (each alone is checked by its setting's
 * rule): the others need EMAIL_TOOL, and a key given there needs an API address where the tool has
 * no address of its own to assume (ActiveCampaign's account host, a Mailchimp key without its
 * data centre). A problem stops the server with a message naming the variable.
 */
export function emailToolEnvironmentProblem(values: Partial<SettingValues>): string | null {
  const { emailTool, emailToolApiKey, emailToolApiUrl, emailToolList } = values;
  if (!emailTool) {
    const set = [emailToolApiKey && 'EMAIL_TOOL_API_KEY', emailToolApiUrl && 'EMAIL_TOOL_API_URL', emailToolList && 'EMAIL_TOOL_LIST'].filter(Boolean);
    return set.length === 0 ? null : `${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set without EMAIL_TOOL: set EMAIL_TOOL too (kit, mailerlite, mailchimp, activecampaign or brevo).`;
  }
  if (emailToolApiKey && !emailToolApiUrl && defaultApiUrl(emailTool as EmailTool, emailToolApiKey) === null) {
    return emailTool === 'activecampaign'
      ? 'EMAIL_TOOL_API_URL is needed with EMAIL_TOOL=activecampaign: your account’s API address (Settings → Developer in ActiveCampaign), e.g. https://youraccount.api-us1.com.'
      : 'EMAIL_TOOL_API_URL is needed with this Mailchimp key: the key does not end with its data centre (…-us21), so give https://<dc>.api.mailchimp.com.';
  }
  return null;
}
