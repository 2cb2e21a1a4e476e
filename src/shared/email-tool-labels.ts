/**
 * The coach's tag mapping for their e-mail tool (issue 30): which groups of labels a lead gets, under
 * what names. The type, its defaults and its check; the server turns a lead's nine ratings into
 * labels with it (server/email-tool/labels.ts), the dashboard edits it ("Your e-mail tool").
 *
 * Four groups, each switchable off and renameable:
 * - `everyone`: one label on every lead (`Core Drivers quiz`);
 * - `needsSupport`: `<name>: <driver>` per driver rated 1 (`Needs support: Task Initiation`);
 * - `strength`: `<name>: <driver>` per driver rated 3 (`Strength: Working Memory`);
 * - `pattern`: `<name>: <pattern>` for the summary rule that applied (`Pattern: Mostly strong`).
 * And `ratingField`: the tool's custom field that receives the nine ratings in words, or null (off).
 */
import type { SummaryPattern } from './coach-api/profiles';
import { type Checked, fail } from './checked';
import { checkText } from './plain-text';

export type LabelGroup = { on: boolean; name: string };

export type TagMapping = {
  everyone: LabelGroup;
  needsSupport: LabelGroup;
  strength: LabelGroup;
  pattern: LabelGroup;
  /** The tool's key of the custom field for the ratings in words (e.g. `core_drivers`), or null. */
  ratingField: string | null;
};

export const labelGroups = ['everyone', 'needsSupport', 'strength', 'pattern'] as const;
export type LabelGroupId = (typeof labelGroups)[number];

export const defaultTagMapping: TagMapping = {
  everyone: { on: true, name: 'Core Drivers quiz' },
  needsSupport: { on: true, name: 'Needs support' },
  strength: { on: true, name: 'Strength' },
  pattern: { on: true, name: 'Pattern' },
  ratingField: null,
};

/** The seven readable names of SPEC section 4's summary rules, as a label ends (`Pattern: Mostly strong`). */
export const patternNames: Record<SummaryPattern, string> = {
  allWeak: 'All need support',
  allStrong: 'All strong',
  allNeutral: 'All neutral',
  mostWeak: 'Mostly needs support',
  mostStrong: 'Mostly strong',
  strongAndWeak: 'Strong and needs support',
  general: 'Mixed',
};

/** How each group is named in messages and on the dashboard. */
export const labelGroupTitles: Record<LabelGroupId, string> = {
  everyone: 'Tag on everyone',
  needsSupport: 'Tags for drivers that need support',
  strength: 'Tags for strong drivers',
  pattern: 'Tag for the pattern',
};

/**
 * Longest group name: with the longest driver name (25) a label stays within every tool's limit
 * (Mailchimp's tags: 100; Kit's and ActiveCampaign's: 255; MailerLite's groups: 255).
 */
export const LABEL_GROUP_MAX_LENGTH = 50;
/** A field key as the tools spell them: Kit and MailerLite `last_name`, Mailchimp `MMERGE5`, Brevo `FIRSTNAME`, ActiveCampaign `12`. */
const FIELD_KEY = /^[A-Za-z0-9_]{1,50}$/;

function checkGroup(id: LabelGroupId, input: unknown): Checked<LabelGroup> {
  const label = labelGroupTitles[id];
  if (typeof input !== 'object' || input === null) return fail(`${label}: send whether it is on and its name.`);
  const { on, name } = input as { on?: unknown; name?: unknown };
  if (typeof on !== 'boolean') return fail(`${label}: say whether it is on.`);
  const checked = checkText(label, name, LABEL_GROUP_MAX_LENGTH);
  // The tools split a list of tags at commas; a name with one would become two tags.
  if (checked.ok && checked.value.includes(',')) return fail(`${label}: leave out commas (the tools read them as two tags).`);
  return checked.ok ? { ok: true, value: { on, name: checked.value } } : checked;
}

/** The part of a mapping a problem is in, for the dashboard to mark: one group, or the ratings field. */
export type TagMappingPart = LabelGroupId | 'ratingField';

/**
 * Checks a mapping the coach sent: each group's switch and name, distinct names, the field key. A
 * problem names its part (null when the whole is not a mapping); of two groups with one name, the later.
 */
export function checkTagMapping(input: unknown): { ok: true; value: TagMapping } | { ok: false; message: string; part: TagMappingPart | null } {
  if (typeof input !== 'object' || input === null) return { ...fail('Tag mapping: send the four groups and the field.'), part: null };
  const raw = input as Record<string, unknown>;
  const groups: Partial<Record<LabelGroupId, LabelGroup>> = {};
  for (const id of labelGroups) {
    const checked = checkGroup(id, raw[id]);
    if (!checked.ok) return { ...checked, part: id };
    groups[id] = checked.value;
  }
  const mapping = groups as Record<LabelGroupId, LabelGroup>;
  const named = new Set<string>();
  for (const id of labelGroups) {
    const name = mapping[id].name.toLowerCase();
    if (named.has(name)) return { ...fail('Tag mapping: give each group its own name, so one tag never means two things.'), part: id };
    named.add(name);
  }
  const field = raw.ratingField;
  if (field !== null && (typeof field !== 'string' || !FIELD_KEY.test(field.trim()))) {
    return { ...fail('Ratings field: use the field key your e-mail tool shows (letters, digits and _, at most 50), or leave it off.'), part: 'ratingField' };
  }
  return { ok: true, value: { ...mapping, ratingField: field === null ? null : field.trim() } };
}
