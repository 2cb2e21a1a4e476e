/**
 * Answering by keyboard, as Typeform lets you: keys 1, 2 and 3 choose an answer and Enter goes to the
 * next question (See My Results on question 9). A key becomes the very action a click sends, so the
 * reducer's guards, the spec's timings and Got it! apply to it unchanged.
 *
 * Pure: the browser's key event is first described as a `QuizKeyPress`, so every rule is tested in a table.
 */
import { RATINGS, type Rating } from '../../shared/constants';
import type { QuizAction } from './quiz-reducer';

/** Where focus is when the key goes down, as far as the shortcuts care. */
export type KeyTarget =
  /**
   * Outside the question (nothing focused, the page's body): no shortcut. Single keys act only while
   * the question has focus (WCAG 2.1.4), so a key typed or a word a speech-input user says while
   * focus is elsewhere never answers. Focus is on the question's heading from its first paint on.
   */
  | 'outside'
  /** A text field or anything editable: every key is typing there. */
  | 'text-entry'
  /** An answer button that is already pressed: Enter would only choose it again. */
  | 'chosen-answer'
  /** Any other control Enter activates (a button, a link, a select): Enter is its own. */
  | 'control'
  /** Anywhere else in the question: its heading, plain text. */
  | 'page';

export type QuizKeyPress = {
  key: string;
  target: KeyTarget;
  /** Any of Ctrl, Alt, Meta (Cmd) or Shift held down: the key belongs to the browser or the system. */
  modified: boolean;
  /** Held down and repeating: one press is one action. */
  repeat: boolean;
  /** Part of an input method's composition (Japanese, Chinese...). */
  composing: boolean;
};

const ratingKeys: Record<string, Rating> = Object.fromEntries(RATINGS.map((rating) => [String(rating), rating]));

/** The reducer action a key press stands for, or null when the key is not a quiz shortcut here. */
export function quizKeyAction({ key, target, modified, repeat, composing }: QuizKeyPress): QuizAction | null {
  if (modified || repeat || composing || target === 'outside' || target === 'text-entry') return null;
  const rating = ratingKeys[key];
  if (rating !== undefined) return { type: 'answerSelected', rating };
  // On a control, Enter activates that control (an answer to choose, Previous, Next itself).
  if (key === 'Enter' && (target === 'page' || target === 'chosen-answer')) return { type: 'nextRequested' };
  return null;
}

/** Answer buttons carry this attribute, so a pressed one can be told from other controls. */
export const answerButtonAttribute = 'data-quiz-answer';

/** The question's part of the page carries this attribute: the keys act only while focus is inside it. */
export const keyScopeAttribute = 'data-quiz-keys';

const textEntryInputTypes = new Set([
  'text',
  'search',
  'email',
  'url',
  'tel',
  'password',
  'number',
  'date',
  'datetime-local',
  'month',
  'time',
  'week',
]);

/** `isContentEditable` spelled as a selector too, for DOMs that lack it (jsdom). */
const editable = '[contenteditable=""], [contenteditable="true"], [contenteditable="plaintext-only"]';

/** Describes the focused element for `quizKeyAction`. */
export function keyTargetOf(element: Element | null): KeyTarget {
  if (!element?.closest(`[${keyScopeAttribute}]`)) return 'outside';
  if (element instanceof HTMLTextAreaElement || (element instanceof HTMLElement && element.isContentEditable)) return 'text-entry';
  if (element.closest(editable)) return 'text-entry';
  if (element instanceof HTMLInputElement) return textEntryInputTypes.has(element.type) ? 'text-entry' : 'control';
  if (element.hasAttribute(answerButtonAttribute) && element.getAttribute('aria-pressed') === 'true') {
    return 'chosen-answer';
  }
  if (element.closest('button, a[href], select, summary, [role="button"], [role="link"]')) return 'control';
  return 'page';
}
