/**
 * The "Your words" screen's state, as pure functions. Each field shows the coach's saved text, else
 * ours (`startWords`); `edits` holds what they typed since. Saving sends every text that differs from ours (the
 * setting `words` is replaced as a whole), the texts this screen changed laid over the words saved
 * now (`wordsToSave`); a text put back to ours is left out, so ours applies.
 * The checks are the server's own (src/shared/words.ts).
 */
import { fleschKincaidGrade, MAX_GRADE, MIN_WORDS, words as wordsOf } from '../shared/readability';
import { checkWord, type WordField, wordFields, type Words } from '../shared/words';
import { oneLine } from '../shared/plain-text';

export type WordEdits = Readonly<Record<string, string>>;

/** What a field shows: what the coach typed, else their saved text, else ours. */
export function shownText(field: WordField, saved: Words, edits: WordEdits): string {
  return edits[field.key] ?? saved[field.key] ?? field.defaultText;
}

/** A text as it would be stored: tidied as the server tidies it. */
const tidy = (text: string) => oneLine(text.normalize('NFC')).trim();

/** A text's length as the server counts it against the field's limit (tidied: runs of spaces and line breaks are one space). */
export const savedLength = (text: string) => tidy(text).length;

/** Whether the field's text is not ours (shown as "changed", offered "Reset to ours"). */
export function differsFromOurs(field: WordField, saved: Words, edits: WordEdits): boolean {
  return tidy(shownText(field, saved, edits)) !== field.defaultText;
}

/** The coach's texts after this save: every field whose text is not ours. */
export function wordsAfter(saved: Words, edits: WordEdits): Record<string, string> {
  const next: Record<string, string> = {};
  for (const field of wordFields) {
    if (differsFromOurs(field, saved, edits)) next[field.key] = tidy(shownText(field, saved, edits));
  }
  return next;
}

/**
 * The words to save: the texts the coach changed on this screen (`changed`, by key) laid over the
 * words saved now (`current`, read just before saving), so a text saved meanwhile from another
 * device or tab, which this screen still shows as it loaded it, is kept. Null: every text is ours.
 */
export function wordsToSave(current: Words, drafts: WordEdits, changed: readonly string[]): Record<string, string> | null {
  const next = wordsAfter(current, Object.fromEntries(changed.flatMap((key) => (drafts[key] === undefined ? [] : [[key, drafts[key]]]))));
  return Object.keys(next).length > 0 ? next : null;
}

/** Where the screen's drafts start: each field's saved text, else ours. */
export function startWords(saved: Words): Record<string, string> {
  return Object.fromEntries(wordFields.map((field) => [field.key, saved[field.key] ?? field.defaultText]));
}

/** Whether a text is unchanged once tidied as the server tidies it: spaces alone change nothing (what the save bar counts). */
export function sameText(a: unknown, b: unknown): boolean {
  return typeof a === 'string' && typeof b === 'string' ? tidy(a) === tidy(b) : a === b;
}

/** Each edited text's problem (the server's check), by key. */
export function wordProblems(edits: WordEdits): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of wordFields) {
    const text = edits[field.key];
    if (text === undefined) continue;
    const checked = checkWord(field, text);
    if (!checked.ok) problems[field.key] = checked.message;
  }
  return problems;
}

/**
 * The readability grade of a text when it is above ours (Flesch-Kincaid, grade 8): a hint, never a
 * block; null for short texts (labels, buttons), where the formula measures little.
 */
export function gradeAbove(text: string): number | null {
  if (wordsOf(text).length < MIN_WORDS) return null;
  const grade = fleschKincaidGrade(text);
  return grade > MAX_GRADE ? Math.round(grade * 10) / 10 : null;
}
