/**
 * The embed screen's state, as pure functions: the snippets to copy, and the look's form (what each
 * field holds while the coach edits, the look it makes, and the problems by field). The checks are
 * the server's own (src/shared/frame-look.ts).
 */
import { checkEmbedLook, defaultEmbedLook, type EmbedLook, type LookProblem } from '../shared/frame-look';

/** The two snippets of the README's "Embedding the quiz", for this quiz's address. */
export function embedSnippets(quizOrigin: string): { inline: string; popup: string } {
  const script = `<script src="${quizOrigin}/embed.js" async></script>`;
  return {
    inline: `<div data-core-drivers></div>\n${script}`,
    popup: `<div data-core-drivers data-mode="popup"></div>\n${script}`,
  };
}

/** What the look's fields hold while the coach edits: text for colours, a choice for the background. */
export type LookDraft = {
  hideChrome: boolean;
  background: 'page' | 'transparent' | 'colour';
  backgroundColour: string;
  accent: string;
  buttonText: string;
  buttonColour: string;
};

/** The look's fields, each counted as one change. */
export const lookFields: readonly (keyof LookDraft)[] = ['hideChrome', 'background', 'backgroundColour', 'accent', 'buttonText', 'buttonColour'];

export function lookDraftOf(look: EmbedLook): LookDraft {
  const custom = look.background !== 'page' && look.background !== 'transparent';
  return {
    hideChrome: look.hideChrome,
    background: custom ? 'colour' : (look.background as 'page' | 'transparent'),
    backgroundColour: custom ? look.background : '',
    accent: look.accent ?? '',
    buttonText: look.buttonText ?? '',
    buttonColour: look.buttonColour ?? '',
  };
}

/** The look a draft asks for, as sent to the server (empty fields: the defaults). */
export function lookInput(draft: LookDraft): Record<keyof EmbedLook, unknown> {
  return {
    hideChrome: draft.hideChrome,
    background: draft.background === 'colour' ? draft.backgroundColour.trim() || 'page' : draft.background,
    accent: draft.accent.trim() || null,
    buttonText: draft.buttonText.trim() || null,
    buttonColour: draft.buttonColour.trim() || null,
  };
}

/**
 * The draft checked: the look it makes (for the live preview, the last valid one stays while a
 * field is wrong) and each field's problem. The background's "a colour" with no colour typed is a
 * problem too, rather than quietly the default. With "a colour" chosen, a problem with the
 * background is the colour field's, where it is put right (not the first of the background's choices).
 */
export function checkLookDraft(draft: LookDraft): { look: EmbedLook | null; problems: Partial<Record<keyof LookDraft, string>> } {
  const problems: LookProblem[] = [];
  if (draft.background === 'colour' && draft.backgroundColour.trim() === '') {
    problems.push({ field: 'background', message: 'Background: write a colour as # and six hex digits, such as #ffffff, or choose another background.' });
  }
  const checked = checkEmbedLook(lookInput(draft));
  if (!checked.ok) problems.push(...checked.problems);
  const byField: Partial<Record<keyof LookDraft, string>> = {};
  for (const problem of problems) {
    const field = problem.field === 'background' && draft.background === 'colour' ? 'backgroundColour' : problem.field;
    byField[field] ??= problem.message;
  }
  return { look: checked.ok && problems.length === 0 ? checked.value : null, problems: byField };
}

export const defaultLookDraft: LookDraft = lookDraftOf(defaultEmbedLook);

/** How much a frame `frameWidth` wide must shrink to fit `space` pixels (never grown). */
export function previewScale(space: number, frameWidth: number): number {
  return space <= 0 ? 1 : Math.min(1, space / frameWidth);
}
