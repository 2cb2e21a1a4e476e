/**
 * The project's readability measure: the Flesch-Kincaid grade of a text, which every text of ours
 * keeps at 8 or below (src/content/readability.test.ts). The dashboard shows it beside each text the
 * coach writes as a hint that never blocks a save. Syllables come from the `syllable` package (a
 * maintained counter with an English exceptions list), not a home-made vowel count.
 *
 * Not for the visitor's bundle: only the tests and the coach's dashboard import it.
 */
import { syllable } from 'syllable';

export const MAX_GRADE = 8;

/**
 * Texts shorter than this are labels, headings and button texts, where the grade formula measures
 * little but the length of one word (the spec's driver name "Planning & Prioritization" scores 26).
 */
export const MIN_WORDS = 6;

/** Spoken letter by letter: one syllable per letter. */
const acronyms: Record<string, number> = { ADHD: 4 };

export function words(text: string): string[] {
  return text.split(/[\s/–—]+/).filter((word) => /[\p{L}\p{N}]/u.test(word));
}

export function sentenceCount(text: string): number {
  return Math.max(1, text.split(/[.!?…]+(?=\s|$)|:\s/).filter((part) => /[\p{L}\p{N}]/u.test(part)).length);
}

function syllables(word: string): number {
  const bare = word.replace(/[^\p{L}\p{N}'’-]/gu, '');
  return acronyms[bare] ?? Math.max(1, syllable(bare.toLowerCase()));
}

/** Flesch-Kincaid grade level: 0.39 (words / sentences) + 11.8 (syllables / words) - 15.59. */
export function fleschKincaidGrade(text: string): number {
  const list = words(text);
  const total = list.reduce((sum, word) => sum + syllables(word), 0);
  return 0.39 * (list.length / sentenceCount(text)) + 11.8 * (total / list.length) - 15.59;
}

