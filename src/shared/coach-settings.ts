/**
 * The coach's settings: every one in ONE table (`coachSettings`), each a typed entry with its
 * validation. The server (server/settings/) checks every change with it and stores the result; the
 * dashboard (src/coach/settings-view.tsx) checks as the coach types and draws the form from it.
 *
 * Adding a setting: one entry below (a kind, a label that names it in messages, its limits, and
 * `env` if an environment variable may set it, which then wins), plus, if visitors see it, a line in
 * `publicSettings` (server/site-config.ts). See /work/notes/settings-core.md or server/README.md.
 *
 * A value is `null` when the coach has not set it (the default applies). Text is trimmed, in
 * Unicode NFC, and refused when it holds characters that hide what it says (the names' policy of
 * ./lead.ts); a link must be an absolute https:// address (never `javascript:`); nothing here is
 * ever turned into HTML: pages show it as text.
 */
import { resultsCopy } from '../content/results';
import { type Checked, fail } from './checked';
import { isTimeZone } from './days';
import { checkEmbedLook, defaultEmbedLook, type EmbedLook } from './frame-look';
import { checkText, paragraphs } from './plain-text';
import { checkLink, type LinkScheme } from './visitor-link';
import { checkWords } from './words';
import type { Offer } from './offer-pick';
import { checkOffers } from './offers';
import { EMAIL_MAX_LENGTH, hasHiddenCharacterInEmail } from './lead';
import { checkOriginList } from './origins';
import { checkSigningSecret, checkWebhookAddress } from './webhook-settings';
import { checkMailFrom, checkSmtpUrl, MAIL_FROM_MAX_LENGTH } from './mail-settings';
import { checkTagMapping, defaultTagMapping, type TagMapping } from './email-tool-labels';
import { checkApiKey, checkApiUrl, checkEmailTool, checkListId } from './email-tool-settings';

export type SettingKind = 'text' | 'paragraph' | 'link' | 'toggle' | 'timeZone' | 'secret' | 'image' | 'origins' | 'embedLook' | 'words' | 'offers' | 'tagMapping';

export type { Checked } from './checked';

type Base<K extends SettingKind, V> = {
  kind: K;
  /** How the coach knows the field: it starts every message about it. */
  label: string;
  /** The environment variable that sets it on the server; when set, it wins and the dashboard shows it read-only. */
  env?: string;
  /** Checks and normalises what the coach sent (JSON: a string or a boolean). */
  check: (input: unknown) => Checked<V>;
};

export type TextSetting = Base<'text' | 'paragraph', string> & {
  maxLength: number;
  /** Prose of one line that may run longer than a phone's line: written in a box that grows with it (its line breaks become spaces). */
  wraps?: boolean;
};
export type LinkSetting = Base<'link', string> & { schemes: readonly LinkScheme[] };
export type ToggleSetting = Base<'toggle', boolean>;
export type TimeZoneSetting = Base<'timeZone', string>;
/**
 * Stored encrypted (server/settings/secret-box.ts); never sent back, only whether it is set, or with
 * `visible`, an address shown to the coach in a safe form (./display-address.ts: no credentials,
 * query values hidden), so it stays in its field once saved.
 */
export type SecretSetting = Base<'secret', string> & { minLength: number; visible?: boolean };
/** An uploaded picture (server/settings/image.ts): set through its own route, not as JSON. */
export type ImageSetting = Base<'image', StoredImage>;

/** Sites allowed to frame the quiz (./origins.ts): a list of exact origins. */
export type OriginsSetting = Base<'origins', string[]>;
/** How the quiz looks on the coach's site (./frame-look.ts), checked as a whole. */
export type EmbedLookSetting = Base<'embedLook', EmbedLook>;

/** The coach's own wording of the visitor's texts (./words.ts): key → text, only those they changed. */
export type WordsSetting = Base<'words', Record<string, string>>;
/** The coach's offers by pattern (./offers.ts), in their order; the course settings are the default offer. */
export type OffersSetting = Base<'offers', Offer[]>;
/** Which labels a lead gets in the coach's e-mail tool, under what names (./email-tool-labels.ts). */
export type TagMappingSetting = Base<'tagMapping', TagMapping>;

export type SettingDefinition =
  | TextSetting
  | LinkSetting
  | ToggleSetting
  | TimeZoneSetting
  | SecretSetting
  | ImageSetting
  | OriginsSetting
  | EmbedLookSetting
  | WordsSetting
  | OffersSetting
  | TagMappingSetting;

/** What is stored for a picture: its content's hash names it; the bytes are stored beside it. */
export type StoredImage = { hash: string; contentType: ImageContentType; width: number; height: number };

export const imageContentTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export type ImageContentType = (typeof imageContentTypes)[number];


/** A one-line text longer than this may be is written in a box that grows with it (`wraps`). */
const LONG_LINE = 100;

/** One line of text: runs of white space become one space. */
function text(label: string, maxLength: number, env?: string): TextSetting {
  return {
    kind: 'text',
    label,
    maxLength,
    wraps: maxLength > LONG_LINE,
    env,
    check: (input) => checkText(label, input, maxLength),
  };
}

/** A paragraph: line breaks are kept (at most one empty line in a row), other runs of space become one. */
function paragraph(label: string, maxLength: number): TextSetting {
  return { kind: 'paragraph', label, maxLength, check: (input) => checkText(label, input, maxLength, paragraphs) };
}

/** An absolute link visitors may open: https:// (http:// only to this machine, for trying it out). */
function link(label: string, options: { env?: string; schemes?: readonly LinkScheme[] } = {}): LinkSetting {
  const schemes = options.schemes ?? ['https:'];
  return { kind: 'link', label, env: options.env, schemes, check: (input) => checkLink(label, input, schemes) };
}

function toggle(label: string, env?: string): ToggleSetting {
  return {
    kind: 'toggle',
    label,
    env,
    check: (input) => (typeof input === 'boolean' ? { ok: true, value: input } : fail(`${label}: send true (on) or false (off).`)),
  };
}

function timeZone(label: string, env?: string): TimeZoneSetting {
  return {
    kind: 'timeZone',
    label,
    env,
    check: (input) =>
      typeof input === 'string' && input.trim() !== '' && input.length <= 64 && isTimeZone(input.trim())
        ? { ok: true, value: input.trim() }
        : fail(`${label}: choose a time zone from the list, such as Europe/Berlin or America/New_York.`),
  };
}

/**
 * A secret (a webhook's signing key, a mail password): kept encrypted, never shown again once saved.
 * `check` replaces the plain length check with a rule of its own (a webhook's address, its key).
 */
export function secret(
  label: string,
  options: { env?: string; minLength?: number; visible?: boolean; check?: (label: string, input: unknown) => Checked<string> } = {},
): SecretSetting {
  const minLength = options.minLength ?? 1;
  const { check } = options;
  return {
    kind: 'secret',
    label,
    env: options.env,
    minLength,
    visible: options.visible,
    check: (input) => {
      if (check) return check(label, input);
      if (typeof input !== 'string' || input.trim() === '') return fail(`${label}: paste the secret, or clear it.`);
      const value = input.trim();
      if (value.length < minLength) return fail(`${label}: at least ${minLength} characters.`);
      if (value.length > 4096) return fail(`${label}: at most 4096 characters.`);
      return { ok: true, value };
    },
  };
}

/** The address e-mails come from (./mail-settings.ts): one line, one address. */
function sender(label: string, env?: string): TextSetting {
  return { kind: 'text', label, maxLength: MAIL_FROM_MAX_LENGTH, env, check: (input) => checkMailFrom(label, input) };
}

/** One e-mail address of the coach's own (the recovery address): the lead form's rule for an address. */
function address(label: string): TextSetting {
  return {
    kind: 'text',
    label,
    maxLength: EMAIL_MAX_LENGTH,
    check: (input) => {
      const value = typeof input === 'string' ? input.trim().normalize('NFC') : '';
      if (!/^[^\s@]+@[^\s@]+$/u.test(value) || hasHiddenCharacterInEmail(value)) return fail(`${label}: write one e-mail address, such as you@example.com.`);
      if (value.length > EMAIL_MAX_LENGTH) return fail(`${label}: at most ${EMAIL_MAX_LENGTH} characters.`);
      return { ok: true, value };
    },
  };
}

function image(label: string): ImageSetting {
  return {
    kind: 'image',
    label,
    check: () => fail(`${label}: upload the picture itself (PUT it as image/png, image/jpeg or image/webp).`),
  };
}

/** The coach's sites allowed to frame the quiz; the environment's list is separated by commas or spaces. */
function origins(label: string, env?: string): OriginsSetting {
  return { kind: 'origins', label, env, check: (input) => checkOriginList(label, input) };
}

/** The embed's look: every part checked together (an accent must read on the background chosen with it). */
function embedLook(label: string): EmbedLookSetting {
  return {
    kind: 'embedLook',
    label,
    check: (input) => {
      const checked = checkEmbedLook(input);
      return checked.ok ? checked : fail(checked.problems.map((problem) => problem.message).join(' '));
    },
  };
}

function offers(label: string): OffersSetting {
  return { kind: 'offers', label, check: checkOffers };
}

/** A one-line setting with a rule of its own (the e-mail tool's choice, address, list). */
function ruled(label: string, maxLength: number, env: string, check: (label: string, input: unknown) => Checked<string>): TextSetting {
  return { kind: 'text', label, maxLength, env, check: (input) => check(label, input) };
}

function tagMapping(label: string): TagMappingSetting {
  return { kind: 'tagMapping', label, check: checkTagMapping };
}

function words(label: string): WordsSetting {
  return { kind: 'words', label, check: checkWords };
}

/** Consent wording: the same limit the environment variable has always had. */
export const CONSENT_TEXT_MAX_LENGTH = 300;

/**
 * Every setting the coach can change. The order is the dashboard's; keys are stored in the database,
 * so never rename one once released.
 */
export const coachSettings = {
  // Who runs the quiz: on the landing page ("a quiz by ..."), at the course call to action, in the footer.
  coachName: text('Your name', 80),
  coachIntro: text('One-line intro', 140),
  coachPhoto: image('Photo or logo'),
  // The course behind "Show Me the Course".
  courseUrl: link('Course link'),
  coursePitch: paragraph('Course pitch', 600),
  courseLength: text('Course length', 60),
  coursePrice: text('Course price', 40),
  courseOutcome: text('Course outcome', 160),
  // What the gate says about the address.
  privacyUrl: link('Privacy policy link', { env: 'PRIVACY_URL' }),
  consentCheckbox: toggle('Marketing-consent box', 'CONSENT_CHECKBOX'),
  consentText: text('Consent box wording', CONSENT_TEXT_MAX_LENGTH, 'CONSENT_TEXT'),
  // Shown beside the care message when most drivers need support.
  helpLineText: text('Help line text', 200),
  helpLineUrl: link('Help line link', { schemes: ['https:', 'tel:'] }),
  // Days of the dashboard's counts.
  analyticsTimeZone: timeZone('Analytics time zone', 'ANALYTICS_TIME_ZONE'),
  // Forwarding each lead to the coach's e-mail tool: both stored sealed (an address often holds a token).
  webhookUrl: secret('Webhook address', { env: 'LEAD_WEBHOOK_URL', check: checkWebhookAddress, visible: true }),
  webhookSecret: secret('Webhook signing secret', { env: 'LEAD_WEBHOOK_SECRET', check: checkSigningSecret }),
  // The quiz on the coach's own site.
  embedOrigins: origins('Allowed sites', 'EMBED_ORIGINS'),
  embedLook: embedLook('Look on your site'),
  // Sending each visitor their results: the mail server (sealed: it holds the password) and the sender.
  smtpUrl: secret('Mail server (SMTP)', { env: 'SMTP_URL', check: checkSmtpUrl }),
  mailFrom: sender('Sender address', 'MAIL_FROM'),
  // Where "Forgot your password?" sends a reset link (the coach's own address; never shown to visitors).
  recoveryEmail: address('Recovery address'),
  // Every text a visitor reads, in the coach's own words where they wrote one (the dashboard's "Your words").
  words: words('Your words'),
  // Up to five offers, each for some patterns or drivers; everyone else gets the course above (the default offer).
  offers: offers('Offers'),
  // The coach's e-mail tool (./email-tool-settings.ts): which, its key (sealed), its API's address, the list, the labels.
  emailTool: ruled('E-mail tool', 20, 'EMAIL_TOOL', checkEmailTool),
  emailToolApiKey: secret('E-mail tool API key', { env: 'EMAIL_TOOL_API_KEY', check: checkApiKey }),
  emailToolApiUrl: ruled('E-mail tool API address', 300, 'EMAIL_TOOL_API_URL', checkApiUrl),
  emailToolList: ruled('E-mail tool list', 100, 'EMAIL_TOOL_LIST', checkListId),
  emailToolLabels: tagMapping('Tag mapping'),
} satisfies Record<string, SettingDefinition>;

export type CoachSettings = typeof coachSettings;
export type SettingKey = keyof CoachSettings;
/** The value type of a setting. */
export type SettingValue<K extends SettingKey> = CoachSettings[K] extends Base<SettingKind, infer V> ? V : never;
/** Every setting's value, or null where nothing is set. */
export type SettingValues = { [K in SettingKey]: SettingValue<K> | null };

export const settingKeys = Object.keys(coachSettings) as SettingKey[];

export function isSettingKey(key: string): key is SettingKey {
  return Object.hasOwn(coachSettings, key);
}

export const emptySettings: SettingValues = Object.fromEntries(settingKeys.map((key) => [key, null])) as SettingValues;

/** What applies while neither the environment nor the coach sets a value (the others: nothing shown). */
export const settingDefaults: SettingValues = {
  ...emptySettings,
  consentCheckbox: false,
  consentText: resultsCopy.gate.defaultConsentText,
  analyticsTimeZone: 'UTC',
  embedOrigins: [],
  embedLook: defaultEmbedLook,
  emailToolLabels: defaultTagMapping,
};

/** Where the value in force comes from: the dashboard shows `environment` values read-only. */
export type SettingSource = 'environment' | 'dashboard' | 'default';

/** The value in force for every setting: the environment's, else the coach's, else the default. */
export function effectiveSettings(
  stored: Partial<SettingValues>,
  environment: Partial<SettingValues>,
): { values: SettingValues; sources: Record<SettingKey, SettingSource> } {
  const values: Record<string, unknown> = {};
  const sources: Record<string, SettingSource> = {};
  for (const key of settingKeys) {
    const source: SettingSource = environment[key] != null ? 'environment' : stored[key] != null ? 'dashboard' : 'default';
    const value = source === 'environment' ? environment[key] : source === 'dashboard' ? stored[key] : settingDefaults[key];
    values[key] = value;
    sources[key] = source;
  }
  return { values: values as SettingValues, sources: sources as Record<SettingKey, SettingSource> };
}

/** A change the coach sent: some settings, each a new value or null (back to the default). */
export type SettingsChange = Partial<Record<SettingKey, unknown>>;

export type SettingProblem = { field: string; message: string };

/**
 * Checks a change against the table: every key known and settable as JSON, every value valid.
 * Returns the normalised values, or every problem (each naming its field), in the table's order.
 */
export function checkSettingsChange(
  change: unknown,
  setByEnvironment: ReadonlySet<string> = new Set(),
): { ok: true; values: Partial<SettingValues> } | { ok: false; problems: SettingProblem[] } {
  if (typeof change !== 'object' || change === null || Array.isArray(change)) {
    return { ok: false, problems: [{ field: 'settings', message: 'Send the settings to change as a JSON object.' }] };
  }
  const problems: SettingProblem[] = [];
  const values: Record<string, unknown> = {};
  const entries = Object.entries(change);
  if (entries.length === 0) problems.push({ field: 'settings', message: 'Nothing to change: send at least one setting.' });
  for (const [key, input] of entries) {
    if (!isSettingKey(key)) {
      problems.push({ field: key, message: 'There is no such setting.' });
      continue;
    }
    const definition = coachSettings[key] as SettingDefinition;
    if (definition.env !== undefined && setByEnvironment.has(key)) {
      problems.push({ field: key, message: `${definition.label} is set on the server (${definition.env}), which wins: change it there.` });
      continue;
    }
    if (input === null) {
      values[key] = null;
      continue;
    }
    const checked = definition.check(input);
    if (checked.ok) values[key] = checked.value;
    else problems.push({ field: key, message: checked.message });
  }
  const order = (field: string) => (isSettingKey(field) ? settingKeys.indexOf(field) : -1);
  problems.sort((a, b) => order(a.field) - order(b.field));
  return problems.length > 0 ? { ok: false, problems } : { ok: true, values: values as Partial<SettingValues> };
}
