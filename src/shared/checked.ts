/**
 * What every check of a coach's setting returns, and the first steps every pasted address takes
 * (a link, the webhook's address, the mail server's): one rule, so each field's messages differ only
 * in their words.
 */

/** A checked value, or the message that says what is wrong (it names the field, never quotes the input). */
export type Checked<V> = { ok: true; value: V } | { ok: false; message: string };

export const fail = (message: string): { ok: false; message: string } => ({ ok: false, message });

/**
 * A trimmed address as a URL: refused when empty, longer than `maxLength`, or not a complete
 * address. `words` end the messages for the first and the last ("<label>: <words>").
 */
export function parseAddress(label: string, raw: string, maxLength: number, words: { empty: string; invalid: string }): Checked<URL> {
  if (raw === '') return fail(`${label}: ${words.empty}`);
  if (raw.length > maxLength) return fail(`${label}: at most ${maxLength} characters.`);
  try {
    return { ok: true, value: new URL(raw) };
  } catch {
    return fail(`${label}: ${words.invalid}`);
  }
}
