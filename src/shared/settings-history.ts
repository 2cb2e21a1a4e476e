/**
 * What changed between two versions of the coach's settings, in words: "Your name: Sam → Dana".
 * Versions are the stored JSON texts by key (server/storage: a secret sealed); any key works, known
 * or not, so a setting added later reads the same way. A secret's values are never described: it is
 * only "changed".
 */
import type { SettingChange } from './coach-api/audit';
import { coachSettings, isSettingKey, settingKeys, type SettingDefinition } from './coach-settings';
import { wordField } from './words';

/** The longest value shown whole; a longer one is cut with "…". */
export const SHOWN_VALUE_MAX = 160;

const cut = (text: string) => (text.length > SHOWN_VALUE_MAX ? `${text.slice(0, SHOWN_VALUE_MAX - 1)}…` : text);

/** Any JSON value in words: text as it is, on/off, a list by commas, an object as "name: value" pairs. */
export function describeValue(value: unknown): string {
  if (value === null || value === undefined) return 'none';
  if (typeof value === 'boolean') return value ? 'on' : 'off';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? 'none' : value.map(describeValue).join(', ');
  return Object.entries(value as Record<string, unknown>)
    .filter(([, part]) => part !== null && part !== undefined)
    .map(([name, part]) => `${name}: ${describeValue(part)}`)
    .join('; ');
}

/** A stored value in words, by its setting's kind (a picture by its size); null when not set. */
export function describeStored(key: string, text: string | undefined): string | null {
  if (text === undefined) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  const kind = isSettingKey(key) ? (coachSettings[key] as SettingDefinition).kind : null;
  if (kind === 'image') {
    const image = value as { width?: unknown; height?: unknown } | null;
    return `a picture, ${String(image?.width)} × ${String(image?.height)} px`;
  }
  return cut(describeValue(value));
}

const isSecret = (key: string) => isSettingKey(key) && (coachSettings[key] as SettingDefinition).kind === 'secret';

/** The settings' order on the dashboard, then any other key by name. */
function order(keys: Iterable<string>): string[] {
  const known = settingKeys.filter((key) => [...keys].includes(key));
  const others = [...keys].filter((key) => !isSettingKey(key)).sort();
  return [...known, ...others];
}

/** A stored JSON object (the coach's words, offers by id), or an empty one. */
function storedObject(text: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = text === undefined ? {} : JSON.parse(text);
    if (Array.isArray(value)) return Object.fromEntries(value.map((item: { id?: unknown }, index) => [String(item?.id ?? index), item]));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The coach's words and offers change one text, one offer at a time: each its own line, the words
 * with their whole old and new text ("ours" where the default applies), an offer by its title.
 */
function partChanges(key: 'words' | 'offers', before: string | undefined, after: string | undefined): SettingChange[] {
  const [old, now] = [storedObject(before), storedObject(after)];
  const parts = [...new Set([...Object.keys(old), ...Object.keys(now)])].filter((part) => JSON.stringify(old[part]) !== JSON.stringify(now[part]));
  return parts.map((part) => {
    if (key === 'words') {
      const field = wordField(part);
      const text = (value: unknown) => (typeof value === 'string' ? value : field ? `ours: ${field.defaultText}` : null);
      return { field: `words.${part}`, label: `${coachSettings.words.label} › ${field?.label ?? part}`, from: text(old[part]), to: text(now[part]), secret: false };
    }
    const title = (value: unknown) => (value as { title?: unknown } | undefined)?.title;
    const name = String(title(now[part]) ?? title(old[part]) ?? part);
    const shown = (value: unknown) => (value === undefined ? null : cut(describeValue(value)));
    return { field: `offers.${part}`, label: `${coachSettings.offers.label} › ${name}`, from: shown(old[part]), to: shown(now[part]), secret: false };
  });
}

/** Every setting whose stored value differs between `before` and `after`, in words. */
export function settingChanges(before: Record<string, string>, after: Record<string, string>): SettingChange[] {
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  return order(keys)
    .filter((key) => before[key] !== after[key])
    .flatMap((key) => {
      if (key === 'words' || key === 'offers') return partChanges(key, before[key], after[key]);
      const label = isSettingKey(key) ? coachSettings[key].label : key;
      if (isSecret(key)) return [{ field: key, label, from: null, to: null, secret: true }];
      return [{ field: key, label, from: describeStored(key, before[key]), to: describeStored(key, after[key]), secret: false }];
    });
}

/** One change as a line: "Your name: Sam → Dana", "Webhook signing secret: changed". */
export function changeLine(change: SettingChange): string {
  if (change.secret) return `${change.label}: changed`;
  return `${change.label}: ${change.from ?? 'not set'} → ${change.to ?? 'not set'}`;
}
