/**
 * The one check of a text the coach types (a setting, one of their words): trimmed, in Unicode NFC,
 * tidied by `tidy`, not empty, at most `maxLength` characters, and refused when it holds characters
 * that hide what it says (the names' policy of ./lead.ts). Pages show it as text, never as markup.
 */
import { type Checked, fail } from './checked';
import { hasHiddenCharacterInName } from './lead';

/** One line: runs of white space become one space. */
export const oneLine = (value: string) => value.replace(/\s+/g, ' ');

/** Paragraphs: line breaks are kept (at most one empty line in a row), other runs of space become one. */
export const paragraphs = (value: string) =>
  value
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[^\S\n]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n');

export function checkText(label: string, input: unknown, maxLength: number, tidy: (value: string) => string = oneLine): Checked<string> {
  if (typeof input !== 'string') return fail(`${label}: send text.`);
  const value = tidy(input.normalize('NFC')).trim();
  if (value === '') return fail(`${label}: write something, or clear the field to use the default.`);
  if (value.length > maxLength) return fail(`${label}: at most ${maxLength} characters (this has ${value.length}).`);
  if (hasHiddenCharacterInName(value.replace(/\n/g, ' '))) {
    return fail(`${label}: remove the invisible or control characters (they can hide what the text says).`);
  }
  return { ok: true, value };
}

