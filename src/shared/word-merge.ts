/**
 * The coach's own wording laid over our texts (the defaults in src/content): one pure function, used
 * by every screen that shows a text the coach may change, by the results e-mail and by the dashboard's
 * preview. A text is replaced only where the coach wrote one; with none written the defaults come
 * back as they are (the same objects), so every page is what it was.
 *
 * Each text has a key: its place in the content, such as `landing.headline`, `landing.why.paragraphs.0`
 * or `results.gate.benefits.2`; a driver's texts are `drivers.<id>.<description|scenario|tip|strength>`.
 * The list of keys, their limits and their defaults is ./words.ts (the server and the dashboard only:
 * it holds every text, which the visitor's page does not need).
 *
 * The coach's texts are plain text: pages render them as text, never as markup.
 */

/** The coach's texts by key; a key not there shows our default. */
export type Words = Readonly<Partial<Record<string, string>>>;

/** `defaults` with every text the coach wrote under `prefix` in its place (same shape, same objects when none). */
export function mergeWords<T>(defaults: T, words: Words | undefined, prefix: string): T {
  if (!words || !Object.keys(words).some((key) => key.startsWith(`${prefix}.`) || key === prefix)) return defaults;
  return overlay(defaults, words, prefix) as T;
}

function overlay(value: unknown, words: Words, path: string): unknown {
  if (typeof value === 'string') return words[path] ?? value;
  if (Array.isArray(value)) return value.map((item, index) => overlay(item, words, `${path}.${index}`));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, overlay(item, words, `${path}.${key}`)]));
  }
  return value;
}

/** The key of one of a driver's texts. */
export const driverWordKey = (id: number, part: 'description' | 'scenario' | 'tip' | 'strength') => `drivers.${id}.${part}`;

/**
 * A summary message the coach wrote for a pattern with counts: `{strong}` and `{weak}` become the
 * counts in words ("1 driver", "3 drivers").
 */
export function fillCounts(template: string, counts: { strong: number; weak: number }, countDrivers: (count: number) => string): string {
  return template.replace(/\{(strong|weak)\}/g, (_match, name: 'strong' | 'weak') => countDrivers(counts[name]));
}
