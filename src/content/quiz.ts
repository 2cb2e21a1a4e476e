/** Quiz screen copy (SPEC sections 2, 3 and 4). Labels, messages and button texts are fixed by the spec. */
import type { Rating } from '../shared/constants';

export type QuizMessageKind = 'gotIt' | 'halfway' | 'almostDone';

export type AnswerOption = {
  rating: Rating;
  label: string;
  /** What the label means, shown under it. */
  hint: string;
};

export const quizCopy = {
  questionOf: (question: number, total: number) => `Question ${question} of ${total}`,
  percentComplete: (percent: number) => `${percent}% complete`,
  progressLabel: 'Quiz progress',
  prompt: 'How well does this describe you?',
  answers: [
    { rating: 1, label: 'This is me', hint: 'I struggle with this' },
    { rating: 2, label: 'Sometimes', hint: 'Inconsistent/depends on the day' },
    { rating: 3, label: "I'm good at this", hint: 'This is a strength' },
  ] satisfies readonly AnswerOption[],
  messages: {
    gotIt: 'Got it!',
    halfway: 'Halfway there!',
    almostDone: 'Almost done!',
  } satisfies Record<QuizMessageKind, string>,
  complete: {
    title: 'Quiz Complete!',
    subtitle: 'Navigating to results...',
  },
  /** Under the answers, on devices with a keyboard only (the shortcuts are ours, not the spec's). */
  keyHint: 'Tip: press 1, 2 or 3 to answer, then Enter to go on.',
  buttons: {
    previous: 'Previous',
    next: 'Next',
    seeResults: 'See My Results',
  },
} as const;
