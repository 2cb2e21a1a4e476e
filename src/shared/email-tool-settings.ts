/**
 * The rules of the coach's e-mail tool settings (src/shared/coach-settings.ts: `emailTool`,
 * `emailToolApiKey`, `emailToolApiUrl`, `emailToolList`; or EMAIL_TOOL, EMAIL_TOOL_API_KEY,
 * EMAIL_TOOL_API_URL, EMAIL_TOOL_LIST, which win): which tool, its key (stored sealed), its API's
 * base address (each tool's own when none is given), and the list, audience, group or form every lead
 * joins (the tool's own id, picked on the dashboard from the tool's answer). One rule for the
 * browser, the server and the environment.
 */
import { type Checked, fail, parseAddress } from './checked';
import { isLoopbackHost } from './loopback';

/** The five tools, as EMAIL_TOOL names them (server/email-tool/connector.ts has the same list). */
export const emailTools = ['kit', 'mailerlite', 'mailchimp', 'activecampaign', 'brevo'] as const;
export type EmailTool = (typeof emailTools)[number];

/** How each tool is named to the coach. */
export const emailToolNames: Record<EmailTool, string> = {
  kit: 'Kit',
  mailerlite: 'MailerLite',
  mailchimp: 'Mailchimp',
  activecampaign: 'ActiveCampaign',
  brevo: 'Brevo',
};

export const isEmailTool = (value: unknown): value is EmailTool => typeof value === 'string' && (emailTools as readonly string[]).includes(value);

export function checkEmailTool(label: string, input: unknown): Checked<EmailTool> {
  const value = typeof input === 'string' ? input.trim().toLowerCase() : '';
  return isEmailTool(value) ? { ok: true, value } : fail(`${label}: choose one of ${emailTools.map((tool) => emailToolNames[tool]).join(', ')} (${emailTools.join(', ')}).`);
}

/** An API key as the tools issue them: one line of visible characters. */
export function checkApiKey(label: string, input: unknown): Checked<string> {
  const value = typeof input === 'string' ? input.trim() : '';
  if (value === '') return fail(`${label}: paste the API key from your e-mail tool, or clear it.`);
  if (value.length > 500) return fail(`${label}: at most 500 characters; paste the key alone.`);
  if (!/^[\x21-\x7e]+$/.test(value)) return fail(`${label}: a key has no spaces or other hidden characters; paste the key alone.`);
  return { ok: true, value };
}

/**
 * The API's base address: `https://` (`http://` only to this computer, for a test server), no user
 * name or password, no query or `#`; a trailing `/` is dropped. Mailchimp's data centre and
 * ActiveCampaign's account host are the usual reasons to give one.
 */
export function checkApiUrl(label: string, input: unknown): Checked<string> {
  const parsed = parseAddress(label, typeof input === 'string' ? input.trim() : '', 300, {
    empty: 'paste the API address your e-mail tool shows, or clear it.',
    invalid: 'use a complete address that starts with https://.',
  });
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname))) {
    return fail(`${label}: use an address that starts with https:// (plain http:// only to this computer).`);
  }
  if (url.username !== '' || url.password !== '') return fail(`${label}: leave the user name and password out; the API key goes in its own field.`);
  if (url.search !== '' || url.hash !== '') return fail(`${label}: the base address only, without ? or #.`);
  return { ok: true, value: url.href.replace(/\/+$/, '') };
}

/** A list, audience, group or form id as the tools spell them (`12`, `a1b2c3d4e5`, `xyz_1`). */
export function checkListId(label: string, input: unknown): Checked<string> {
  const value = typeof input === 'string' ? input.trim() : typeof input === 'number' ? String(input) : '';
  return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? { ok: true, value } : fail(`${label}: pick one from your e-mail tool's answer, or clear it.`);
}

/**
 * Each tool's own API address, where there is one to assume: Mailchimp's data centre is the key's
 * end (`…-us21`); ActiveCampaign's is the account's own host, which only the coach knows (null).
 */
export function defaultApiUrl(tool: EmailTool, apiKey: string | null): string | null {
  switch (tool) {
    case 'kit':
      return 'https://api.kit.com';
    case 'mailerlite':
      return 'https://connect.mailerlite.com';
    case 'brevo':
      return 'https://api.brevo.com';
    case 'activecampaign':
      return null;
    case 'mailchimp': {
      const centre = /-([a-z]{2,4}\d{1,3})$/.exec(apiKey ?? '')?.[1];
      return centre ? `https://${centre}.api.mailchimp.com` : null;
    }
  }
}
